/**
 * ComprobanteRetencionDocument -> the RIDE's words (SRI ficha técnica offline, Anexo 2; SRI.md
 * "Comprobante de retención"): the "Sujeto retenido" band (razón social, identificación, fecha de
 * emisión, periodo fiscal), then one table Comprobante | Número | Fecha emisión | Ejercicio fiscal |
 * Base imponible | Impuesto | % retención | Valor retenido with a row per retención of every
 * docSustento, and the total withheld as the totals column. No pagos (the sustento's pagos are
 * not the retención's).
 */
import Decimal from 'decimal.js';
import type { RideDocument } from '../ride/ride-document.ts';
import { formatMoney, formatRate } from '../ride/ride-text.ts';
import { nameAndIdRow } from '../ride/ride-bands.ts';
import { metaByCodDoc } from '../../../../core/comprobante-types.ts';
import type { ComprobanteRetencionDocument } from './comprobante-retencion-document.ts';

/** Sustentos that are not electronic comprobantes of the registry (SRI tabla 4, codDocSustento). */
const OTHER_SUSTENTO_NAMES: Record<string, string> = { '02': 'NOTA DE VENTA' };
/** A sustento's document name: the registry's label for its codDoc ("FACTURA"), else tabla 4's, else the code. */
const sustentoName = (codDoc: string) => metaByCodDoc(codDoc)?.label.toUpperCase() ?? OTHER_SUSTENTO_NAMES[codDoc] ?? codDoc;
const TAX_NAMES: Record<string, string> = { '1': 'RENTA', '2': 'IVA', '6': 'ISD' };

/** '001001000000123' -> '001-001-000000123'. */
export const dashedNumero = (n: string) => (/^\d{15}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}` : n);

/** Σ valorRetenido of every docSustento, USD with 2 places. */
export function totalRetenido(doc: Pick<ComprobanteRetencionDocument, 'docsSustento'>): string {
  return doc.docsSustento
    .flatMap((d) => d.retenciones)
    .reduce((s, r) => s.plus(new Decimal(r.valorRetenido)), new Decimal(0))
    .toFixed(2);
}

export function comprobanteRetencionRide(doc: ComprobanteRetencionDocument): RideDocument {
  const c = doc.infoCompRetencion;
  const ejercicio = c.periodoFiscal;
  return {
    title: 'COMPROBANTE DE RETENCIÓN',
    infoTributaria: doc.infoTributaria,
    issuer: c,
    counterpart: [
      nameAndIdRow({ whom: '(Sujeto retenido)', razonSocial: c.razonSocialSujetoRetenido, identificacion: c.identificacionSujetoRetenido }),
      { left: ['Fecha de Emisión:', c.fechaEmision], right: ['Periodo fiscal:', c.periodoFiscal] },
    ],
    sections: [
      {
        kind: 'table',
        columns: [
          { title: 'Comprobante', width: 80 },
          { title: 'Número', width: 0 },
          { title: 'Fecha emisión', width: 62 },
          { title: 'Ejercicio fiscal', width: 52 },
          { title: 'Base imponible', width: 66, align: 'right', numeric: true },
          { title: 'Impuesto', width: 44 },
          { title: '% retención', width: 50, align: 'right', numeric: true },
          { title: 'Valor retenido', width: 66, align: 'right', numeric: true },
        ],
        rows: doc.docsSustento.flatMap((d) =>
          d.retenciones.map((r) => [
            sustentoName(d.codDocSustento),
            dashedNumero(d.numDocSustento),
            d.fechaEmisionDocSustento,
            ejercicio,
            formatMoney(r.baseImponible),
            `${TAX_NAMES[r.codigo] ?? r.codigo} ${r.codigoRetencion}`,
            formatRate(r.porcentajeRetener),
            formatMoney(r.valorRetenido),
          ]),
        ),
      },
    ],
    infoAdicional: doc.infoAdicional,
    totals: [{ label: 'TOTAL RETENIDO', value: totalRetenido(doc), grand: true }],
  };
}
