/**
 * Create or replace an invoice draft (status BORRADOR). The server always recomputes every total
 * with core/totals (decimal arithmetic) and ignores totals sent by a client. Buyer, establishment,
 * emission point and products must belong to the caller's company; product codes and descriptions
 * are copied onto the lines so the document stays as issued even if the product changes later.
 * Consumidor final (tipo 07) sales are capped per invoice (config, default USD 50).
 * @throws AppError VALIDATION (details with paths), NOT_FOUND, INVOICE_LOCKED (not a draft), FORBIDDEN
 *   (a point outside the caller's emission scope, path `ptoEmi`).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../../schemas/registry.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { preparedDraftBody, draftHeaderColumns, invalid, toStoredPago, priceLines, productsOfLines, resolveEmissionPoint, storedInfoAdicional, storedLine, totalColumns, writeDraft } from '../draft-parts.ts';
import { assertConsumidorFinalCap } from './factura-rules.ts';
import type { ComprobanteRow } from '../comprobante-view.ts';
import type { SaveDraftOptions } from '../comprobante-type.ts';
import { invoiceSchema } from '../../../schemas/generated/invoice-schema.ts';

/** @see SaveDraftOptions (comprobante-type.ts). */
export type SaveInvoiceDraftOptions = SaveDraftOptions;

const INVOICE_COLUMNS = { establishment: 1, ptoEmi: 1, customer: 1, fechaEmision: 1, detalles: 1, pagos: 1, infoAdicional: 1 };

export async function saveInvoiceDraft(o: SaveInvoiceDraftOptions): Promise<ComprobanteRow> {
  const { data, extra } = await preparedDraftBody(o, { schema: invoiceSchema, columns: INVOICE_COLUMNS });
  const detallesIn = data.detalles;

  const establishment = await resolveEmissionPoint(o.db, { companyId: o.companyId, scope: o.scope, establishmentId: data.establishment, ptoEmi: data.ptoEmi });
  const [customer] = await o.db.select().from(customers).where(and(eq(customers.companyId, o.companyId), eq(customers.id, data.customer)));
  if (!customer) throw invalid('customer', 'El cliente no existe');

  const byId = await productsOfLines(o.db, o.companyId, detallesIn);
  detallesIn.forEach((d, i) => {
    if (!d.product) throw invalid(`detalles.${i}.product`, `Línea ${i + 1}, producto: elija un producto de la lista`);
  });

  const totals = await priceLines(o.db, detallesIn);

  assertConsumidorFinalCap({ tipoIdentificacion: customer.tipoIdentificacion, importeTotal: totals.importeTotal, cap: o.consumidorFinalCap });

  const detalles = detallesIn.map((d, i) => {
    const product = byId.get(d.product)!;
    return storedLine({ ...d, codigoPrincipal: product.codigoPrincipal, codigoAuxiliar: product.codigoAuxiliar ?? undefined, descripcion: d.descripcion?.trim() || product.descripcion }, totals.detalles[i]);
  });
  const values = {
    ...draftHeaderColumns({ establishment, ptoEmi: data.ptoEmi, counterpart: { customerId: customer.id, razonSocial: customer.razonSocial, identificacion: customer.identificacion } }),
    fechaEmision: data.fechaEmision ?? guayaquilDate(o.now),
    detalles,
    pagos: (data.pagos ?? []).map(toStoredPago),
    infoAdicional: storedInfoAdicional(data.infoAdicional),
    ...totalColumns(totals),
    extra,
    updatedAt: o.now,
  };

  return writeDraft(o.db, { companyId: o.companyId, codDoc: o.meta.codDoc, userId: o.userId, id: o.id, values });
}
