/**
 * The factura's own body mapping; the draft, its lines, totals and payments are the sale-like model
 * shared with the notas and the liquidación (comprobante/sale-model.ts).
 * @example toRequestBody(draft) // { establishment, ptoEmi, customer, detalles: [...], pagos: [...], infoAdicional: [...] }
 */
import { checkLines, infoAdicionalBody, lineBody, pagosBody, type InvoiceDraft } from '../../comprobante/sale-model.ts';

/**
 * The body of `POST|PUT /api/invoice`: the counted lines only (`checkLines`, the same ones the live
 * totals add up), numbers as numbers, payments and additional info that are filled in.
 */
export function toRequestBody(d: InvoiceDraft) {
  return {
    establishment: d.establishment,
    ptoEmi: d.ptoEmi,
    customer: d.customer,
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    detalles: checkLines(d.detalles).counted.map(lineBody),
    pagos: pagosBody(d.pagos),
    infoAdicional: infoAdicionalBody(d.infoAdicional),
  };
}
