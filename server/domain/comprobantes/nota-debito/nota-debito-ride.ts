/**
 * NotaDebitoDocument -> the RIDE's words (SRI ficha técnica offline, Anexo 2; SRI.md "Other
 * comprobantes"): the buyer band, the modified factura, a RAZÓN DE LA MODIFICACIÓN | VALOR table,
 * formas de pago, totals (no descuento, no propina).
 */
import type { RideDocument } from '../ride/ride-document.ts';
import { rideTotals } from '../ride/ride-totals.ts';
import { formatMoney, pdfText } from '../ride/ride-text.ts';
import type { NotaDebitoDocument } from './nota-debito-document.ts';
import { modifiedDocumentBox, notaCounterpart } from '../nota-parts.ts';

export function notaDebitoRide(doc: NotaDebitoDocument): RideDocument {
  const n = doc.infoNotaDebito;
  return {
    title: 'NOTA DE DÉBITO',
    infoTributaria: doc.infoTributaria,
    issuer: n,
    counterpart: notaCounterpart(n),
    sections: [
      modifiedDocumentBox(n),
      {
        kind: 'table',
        columns: [
          { title: 'RAZÓN DE LA MODIFICACIÓN', width: 0 },
          { title: 'VALOR DE LA MODIFICACIÓN', width: 120, align: 'right', numeric: true },
        ],
        rows: doc.motivos.map((m) => [pdfText(m.razon), formatMoney(m.valor)]),
      },
    ],
    infoAdicional: doc.infoAdicional,
    pagos: n.pagos,
    totals: rideTotals({ fechaEmision: n.fechaEmision, totalConImpuestos: n.impuestos, totalSinImpuestos: n.totalSinImpuestos, importeTotal: n.valorTotal }),
  };
}
