/**
 * The RIDE (PDF) of an issued invoice, printed from its stored signed XML — the legal document —
 * so it says exactly what was signed and sent to the SRI even after the company, establishment or
 * buyer rows change; plus the authorisation data when present, the company's current logo (not part
 * of the XML) and the payment-method names from the forma_pago catalog.
 * @throws AppError UNPROCESSABLE for a draft (no number, key or signed XML yet) or a stored XML
 *   that cannot be read.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, companies } from '../../db/schema/index-tables.ts';
import { renderRide } from './ride/render-ride.ts';
import { parseFacturaXml } from './factura/parse-factura-xml.ts';
import { AppError } from '../../errors.ts';
import type { InvoiceRow } from './comprobante-view.ts';

export async function renderInvoiceRide(o: { db: Db; invoice: InvoiceRow; company?: typeof companies.$inferSelect }): Promise<Buffer> {
  const { invoice } = o;
  if (invoice.secuencial === null || !invoice.claveAcceso || !invoice.signedXml) throw new AppError('UNPROCESSABLE', 'La factura aún no ha sido emitida: no tiene RIDE');
  const doc = parseFacturaXml(invoice.signedXml);
  const company = o.company ?? (await o.db.select().from(companies).where(eq(companies.id, invoice.companyId)))[0];
  const formas = await o.db.select({ code: catalogEntries.code, name: catalogEntries.name }).from(catalogEntries).where(eq(catalogEntries.tableName, 'forma_pago'));
  return renderRide({
    doc,
    numeroAutorizacion: invoice.numeroAutorizacion ?? undefined,
    fechaAutorizacion: invoice.fechaAutorizacion?.toISOString(),
    logo: company?.logo ?? undefined,
    labels: { formasPago: Object.fromEntries(formas.map((f) => [f.code, f.name])) },
  });
}
