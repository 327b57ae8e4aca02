/**
 * The RIDE (PDF) of an issued invoice, from the stored row: the same FacturaDocument the XML was
 * built from, the authorisation data when present, the company logo, and the payment-method names
 * from the forma_pago catalog.
 * @throws AppError UNPROCESSABLE for a draft (no number or key yet).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, companies, customers, establishments } from '../../db/schema/index-tables.ts';
import { renderRide } from '../invoicing/render-ride.ts';
import { AppError } from '../../errors.ts';
import { toFacturaDocument } from './to-factura-document.ts';
import type { InvoiceRow } from './invoice-view.ts';

export async function renderInvoiceRide(o: {
  db: Db;
  invoice: InvoiceRow;
  company?: typeof companies.$inferSelect;
  establishment?: typeof establishments.$inferSelect;
  customer?: typeof customers.$inferSelect;
}): Promise<Buffer> {
  const { invoice } = o;
  if (invoice.secuencial === null || !invoice.claveAcceso) throw new AppError('UNPROCESSABLE', 'La factura aún no ha sido emitida: no tiene RIDE');
  const company = o.company ?? (await o.db.select().from(companies).where(eq(companies.id, invoice.companyId)))[0];
  const establishment =
    o.establishment ?? (await o.db.select().from(establishments).where(and(eq(establishments.companyId, invoice.companyId), eq(establishments.id, invoice.establishmentId))))[0];
  const customer = o.customer ?? (await o.db.select().from(customers).where(and(eq(customers.companyId, invoice.companyId), eq(customers.id, invoice.customerId))))[0];
  const formas = await o.db.select({ code: catalogEntries.code, name: catalogEntries.name }).from(catalogEntries).where(eq(catalogEntries.tableName, 'forma_pago'));
  const doc = toFacturaDocument({ invoice, company, establishment, customer, claveAcceso: invoice.claveAcceso, secuencial: invoice.secuencial, ambiente: (invoice.ambiente ?? company.ambiente) as '1' | '2' });
  return renderRide({
    doc,
    numeroAutorizacion: invoice.numeroAutorizacion ?? undefined,
    fechaAutorizacion: invoice.fechaAutorizacion?.toISOString(),
    logo: company.logo ?? undefined,
    labels: { formasPago: Object.fromEntries(formas.map((f) => [f.code, f.name])) },
  });
}
