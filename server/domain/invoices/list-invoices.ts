/**
 * Invoice list for one company with search (buyer name or identification, número), filters
 * (status, date range from/to inclusive, customer) and sort; exact count per company (bounded by
 * the company's own invoices, served by the (company_id, …) indexes).
 */
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/index-tables.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../../http/list-query.ts';
import { AppError, notFound } from '../../errors.ts';
import { toInvoiceView, type InvoiceView } from './invoice-view.ts';

export interface InvoiceListQuery extends ListQuery {
  status?: string;
  from?: string;
  to?: string;
  customer?: string;
}

export const INVOICE_STATUSES = ['BORRADOR', 'FIRMADA', 'RECIBIDA', 'DEVUELTA', 'EN_PROCESO', 'AUTORIZADA', 'NO_AUTORIZADA', 'ANULADA'] as const;

const sortable = {
  fechaEmision: invoices.fechaEmision,
  importeTotal: invoices.importeTotal,
  secuencial: invoices.secuencial,
  numero: invoices.secuencial,
  razonSocialComprador: invoices.razonSocialComprador,
  status: invoices.status,
  createdAt: invoices.createdAt,
};

export async function listInvoices(db: Db, p: { companyId: string; query: InvoiceListQuery }): Promise<{ items: InvoiceView[]; total: number }> {
  const q = p.query;
  const conditions: SQL[] = [eq(invoices.companyId, p.companyId)];
  if (q.status) {
    const statuses = q.status.split(',');
    conditions.push(statuses.length === 1 ? eq(invoices.status, statuses[0]) : sql`${invoices.status} in ${statuses}`);
  }
  if (q.from) conditions.push(gte(invoices.fechaEmision, q.from));
  if (q.to) conditions.push(lte(invoices.fechaEmision, q.to));
  if (q.customer) conditions.push(eq(invoices.customerId, q.customer));
  if (q.q) {
    const term = q.q.trim();
    const byNumber = /^\d{1,9}$/.test(term) ? [eq(invoices.secuencial, Number(term))] : [];
    const numero = /^(\d{3})-(\d{3})-(\d{1,9})$/.exec(term);
    if (numero) byNumber.push(and(eq(invoices.estab, numero[1]), eq(invoices.ptoEmi, numero[2]), eq(invoices.secuencial, Number(numero[3])))!);
    conditions.push(or(ilike(invoices.razonSocialComprador, likePattern(term)), ilike(invoices.identificacionComprador, likePattern(term)), ...byNumber)!);
  }
  if (q.from && q.to && q.from > q.to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
  const where = and(...conditions);
  const { limit, offset } = pageWindow(q);
  const order = orderByFor(q.sort, sortable, [desc(invoices.fechaEmision), desc(invoices.createdAt), asc(invoices.id)]);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(invoices).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { items: rows.map(toInvoiceView), total: Number(total) };
}

export async function getInvoice(db: Db, p: { companyId: string; id: string }) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.companyId, p.companyId), eq(invoices.id, p.id)));
  if (!row) throw notFound('La factura');
  return row;
}

/** Only drafts can be deleted; an issued invoice is a legal document. */
export async function deleteInvoiceDraft(db: Db, p: { companyId: string; id: string }): Promise<void> {
  const row = await getInvoice(db, p);
  if (row.status !== 'BORRADOR') throw new AppError('INVOICE_LOCKED', `La factura está ${row.status} y no se puede eliminar`);
  await db.delete(invoices).where(and(eq(invoices.companyId, p.companyId), eq(invoices.id, p.id), eq(invoices.status, 'BORRADOR')));
}
