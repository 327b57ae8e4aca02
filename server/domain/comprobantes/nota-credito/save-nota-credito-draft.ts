/**
 * Create or replace a nota de crédito draft (DESIGN.md §4 `/api/credit-note`): the factura it
 * modifies must be the company's own AUTORIZADA factura, not to a consumidor final; the buyer and
 * the modified document come from that factura's signed XML; establishment and ptoEmi default to
 * the factura's; lines (a return, a reduction, a discount) are priced by the server; the nota must
 * fit in what is left to credit (creditable.ts), checked here for an early answer and again at issue.
 * @throws AppError VALIDATION (paths: invoice, fechaEmision, detalles.N.field, ptoEmi…), NOT_FOUND
 *   (the factura or the draft is not the company's), INVOICE_LOCKED, FORBIDDEN (emission scope).
 */
import type { ComprobanteRow, SaveDraftOptions } from '../comprobante-type.ts';
import { preparedDraftBody, priceLines, productsOfLines, storedLine, totalColumns, writeDraft } from '../draft-parts.ts';
import { creditNoteSchema } from '../../../schemas/generated/credit-note-schema.ts';
import { MODIFIED_DOCUMENT_FIELDS, modifiedDocumentProperties, notaDraftHeader, type ModifiedDocument } from '../referenced-factura.ts';
import { detailCodec, text } from '../type-detail.ts';
import { assertFitsCreditable, creditableOf } from './creditable.ts';

/** What a nota de crédito keeps in type_detail: its motivo and the factura it modifies. */
export type NotaCreditoDetail = ModifiedDocument & { motivo: string };

/** The nota de crédito's type_detail, checked (type-detail.ts). */
export const notaCreditoDetail = detailCodec<NotaCreditoDetail>('la nota de crédito', {
  type: 'object',
  required: ['motivo', ...MODIFIED_DOCUMENT_FIELDS],
  properties: { motivo: text, ...modifiedDocumentProperties },
});

const COLUMNS = { invoice: 1, motivo: 1, establishment: 1, ptoEmi: 1, fechaEmision: 1, detalles: 1, infoAdicional: 1 };

export async function saveNotaCreditoDraft(o: SaveDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: creditNoteSchema, columns: COLUMNS });
  const { ref, columns } = await notaDraftHeader(o, data, 'nota de crédito');

  const lines = data.detalles;
  await productsOfLines(o.db, o.companyId, lines);
  const totals = await priceLines(o.db, lines);
  assertFitsCreditable(await creditableOf(o.db, { companyId: o.companyId, factura: ref.row, excludeId: o.id }), totals, ref.modified.numDocModificado);

  return writeDraft(o.db, {
    companyId: o.companyId,
    codDoc: o.meta.codDoc,
    userId: o.userId,
    id: o.id,
    values: {
      ...columns,
      detalles: lines.map((d, i) => storedLine({ ...d, descripcion: d.descripcion.trim() }, totals.detalles[i])),
      pagos: [],
      ...totalColumns(totals),
      typeDetail: notaCreditoDetail.write({ motivo: data.motivo.trim(), ...ref.modified }),
      extra,
    },
  });
}
