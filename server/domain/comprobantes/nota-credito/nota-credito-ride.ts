/**
 * NotaCreditoDocument -> the RIDE's words (SRI ficha técnica offline, Anexo 2; SRI.md "Other
 * comprobantes"): the buyer band, "Comprobante que se modifica", "Fecha emisión (comprobante a
 * modificar)", "Razón de modificación", the lines as the factura's, totals without propina.
 */
import Decimal from 'decimal.js';
import type { RideDocument } from '../ride/ride-document.ts';
import { rideTotals } from '../ride/ride-totals.ts';
import { linesTable } from '../factura/factura-ride.ts';
import type { NotaCreditoDocument } from './nota-credito-document.ts';
import { modifiedDocumentBox, notaCounterpart } from '../nota-parts.ts';

export function notaCreditoRide(doc: NotaCreditoDocument): RideDocument {
  const n = doc.infoNotaCredito;
  return {
    title: 'NOTA DE CRÉDITO',
    infoTributaria: doc.infoTributaria,
    issuer: n,
    counterpart: notaCounterpart(n),
    sections: [
      modifiedDocumentBox(n, [['Razón de Modificación:', n.motivo]]),
      linesTable(doc.detalles),
    ],
    infoAdicional: doc.infoAdicional,
    totals: rideTotals({
      fechaEmision: n.fechaEmision,
      totalConImpuestos: n.totalConImpuestos,
      totalSinImpuestos: n.totalSinImpuestos,
      totalDescuento: doc.detalles.reduce((s, d) => s.plus(d.descuento), new Decimal(0)).toFixed(2),
      importeTotal: n.valorModificacion,
    }),
  };
}
