/**
 * Create or replace a nota de débito draft (DESIGN.md §4 `/api/debit-note`): charges after the sale
 * (interest, costs) as motivos (razón, valor) at one IVA rate, on the company's own AUTORIZADA
 * factura (not a consumidor final's); the buyer and the modified document come from the factura;
 * totals by the server: base = Σ valor, IVA at the rate, valorTotal = base + IVA; pagos, when given,
 * must add up to valorTotal.
 * @throws AppError VALIDATION (paths: invoice, fechaEmision, codigoPorcentajeIva, motivos, pagos…),
 *   NOT_FOUND, INVOICE_LOCKED, FORBIDDEN (emission scope).
 */
import type { ComprobanteRow, SaveDraftOptions } from '../comprobante-type.ts';
import { preparedDraftBody, priceLines, toStoredPago, totalColumns, writeDraft } from '../draft-parts.ts';
import { debitNoteSchema } from '../../../schemas/generated/debit-note-schema.ts';
import { MODIFIED_DOCUMENT_FIELDS, modifiedDocumentProperties, notaDraftHeader, type ModifiedDocument } from '../referenced-factura.ts';
import { detailCodec, text } from '../type-detail.ts';
import { assertPagosMatchTotal } from '../factura/factura-rules.ts';

/** What a nota de débito keeps in type_detail: its charges (valor as a 2-decimal string), their IVA code and the factura it modifies. */
export type NotaDebitoDetail = ModifiedDocument & { motivos: Array<{ razon: string; valor: string }>; codigoPorcentajeIva: string };

/** The nota de débito's type_detail, checked (type-detail.ts). */
export const notaDebitoDetail = detailCodec<NotaDebitoDetail>('la nota de débito', {
  type: 'object',
  required: ['motivos', 'codigoPorcentajeIva', ...MODIFIED_DOCUMENT_FIELDS],
  properties: {
    motivos: { type: 'array', items: { type: 'object', required: ['razon', 'valor'], properties: { razon: text, valor: text } } },
    codigoPorcentajeIva: text,
    ...modifiedDocumentProperties,
  },
});

const COLUMNS = { invoice: 1, establishment: 1, ptoEmi: 1, fechaEmision: 1, codigoPorcentajeIva: 1, motivos: 1, pagos: 1, infoAdicional: 1 };

export async function saveNotaDebitoDraft(o: SaveDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: debitNoteSchema, columns: COLUMNS });
  const { ref, columns } = await notaDraftHeader(o, data, 'nota de débito');

  const motivos = data.motivos.map((m) => ({ razon: m.razon.trim(), valor: m.valor.toFixed(2) }));
  const { codigoPorcentajeIva } = data;
  // Each charge priced as one unit at its value: the same rounding as a factura's lines. (An
  // unknown IVA code never gets here: prepareBody checks x-catalog values at their path.)
  const totals = await priceLines(o.db, motivos.map((m) => ({ cantidad: 1, precioUnitario: Number(m.valor), codigoPorcentajeIva })));
  const pagos = (data.pagos ?? []).map(toStoredPago);
  if (pagos.length) assertPagosMatchTotal({ pagos, importeTotal: totals.importeTotal });

  return writeDraft(o.db, {
    companyId: o.companyId,
    codDoc: o.meta.codDoc,
    userId: o.userId,
    id: o.id,
    values: {
      ...columns,
      detalles: [],
      pagos,
      ...totalColumns(totals),
      typeDetail: notaDebitoDetail.write({ motivos, codigoPorcentajeIva, ...ref.modified }),
      extra,
    },
  });
}
