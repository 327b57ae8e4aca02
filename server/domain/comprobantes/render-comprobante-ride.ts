/**
 * The RIDE (PDF) of an issued comprobante of any registered type, printed from its stored signed XML — the legal document —
 * so it says exactly what was signed and sent to the SRI even after the company, establishment or
 * buyer rows change; plus the authorisation data when present, the company's current logo (not part
 * of the XML) and the payment-method names from the forma_pago catalog.
 * @throws AppError UNPROCESSABLE for a draft (no number, key or signed XML yet) or a stored XML
 *   that cannot be read.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index-tables.ts';
import { formaPagoNames } from '../payments/forma-pago-names.ts';
import { renderRide } from './ride/render-ride.ts';
import { comprobanteType } from './registry.ts';
import { theLabel } from './comprobante-labels.ts';
import { AppError } from '../../errors.ts';
import type { ComprobanteRow } from './comprobante-view.ts';

export async function renderComprobanteRide(o: { db: Db; invoice: ComprobanteRow; company?: typeof companies.$inferSelect }): Promise<Buffer> {
  const { invoice } = o;
  const type = comprobanteType(invoice.codDoc);
  if (invoice.secuencial === null || !invoice.claveAcceso || !invoice.signedXml) {
    const the = theLabel(type.meta);
    throw new AppError('UNPROCESSABLE', `${the.theOne} aún no ha sido emitid${the.ending}: no tiene RIDE`);
  }
  const doc = type.ride(invoice.signedXml);
  const company = o.company ?? (await o.db.select().from(companies).where(eq(companies.id, invoice.companyId)))[0];
  return renderRide({
    doc,
    numeroAutorizacion: invoice.numeroAutorizacion ?? undefined,
    fechaAutorizacion: invoice.fechaAutorizacion?.toISOString(),
    logo: company?.logo ?? undefined,
    labels: { formasPago: await formaPagoNames(o.db) },
  });
}
