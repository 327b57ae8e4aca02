/**
 * The list of one company's comprobantes of one type (codDoc; default 01, the factura) with search (buyer name or identification, número), filters
 * (status, date range from/to inclusive, customer) and sort; exact count per company (bounded by
 * the company's own invoices, served by the (company_id, …) indexes).
 *
 * A page reads only the summary columns (no line items, no signed or authorisation XML, which are
 * kilobytes per invoice and live in TOAST): bench/list.ts measures it at 1,000,000 invoices.
 */
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/index-tables.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { AppError, notFound } from '../../errors.ts';
import { theLabelOf } from './comprobante-labels.ts';
import { scopeCondition, type EmissionScope } from '../users/emission-scope.ts';
import { summaryColumns, toInvoiceSummary, type InvoiceSummary } from './comprobante-view.ts';

export interface InvoiceListQuery extends ListQuery {
  status?: string;
  from?: string;
  to?: string;
  customer?: string;
  /** The notas of one factura: its id (`related_id`). */
  invoice?: string;
}


const sortable = {
  fechaEmision: comprobantes.fechaEmision,
  importeTotal: comprobantes.importeTotal,
  secuencial: comprobantes.secuencial,
  numero: comprobantes.secuencial,
  razonSocialComprador: comprobantes.razonSocialComprador,
  status: comprobantes.status,
  createdAt: comprobantes.createdAt,
};

/**
 * The statements of a list request, unexecuted: the page and the exact count, and both in one
 * (pageWithTotal, what listInvoices runs). Exposed so bench/list.ts can run the very same SQL on a
 * bare `pg` connection (`.toSQL()`).
 * @throws AppError VALIDATION for an unknown sort field or from > to.
 */
export function invoiceListQueries(db: Db, p: { companyId: string; query: InvoiceListQuery; scope?: EmissionScope; codDoc?: string }) {
  const q = p.query;
  const conditions: SQL[] = [eq(comprobantes.companyId, p.companyId), eq(comprobantes.codDoc, p.codDoc ?? '01')];
  const inScope = scopeCondition(p.scope, comprobantes);
  if (inScope) conditions.push(inScope);
  if (q.status) {
    const statuses = q.status.split(',');
    conditions.push(statuses.length === 1 ? eq(comprobantes.status, statuses[0]) : sql`${comprobantes.status} in ${statuses}`);
  }
  if (q.from) conditions.push(gte(comprobantes.fechaEmision, q.from));
  if (q.to) conditions.push(lte(comprobantes.fechaEmision, q.to));
  if (q.customer) conditions.push(eq(comprobantes.customerId, q.customer));
  if (q.invoice) conditions.push(eq(comprobantes.relatedId, q.invoice));
  if (q.q) {
    const term = q.q.trim();
    const byNumber = /^\d{1,9}$/.test(term) ? [eq(comprobantes.secuencial, Number(term))] : [];
    const numero = /^(\d{3})-(\d{3})-(\d{1,9})$/.exec(term);
    if (numero) byNumber.push(and(eq(comprobantes.estab, numero[1]), eq(comprobantes.ptoEmi, numero[2]), eq(comprobantes.secuencial, Number(numero[3])))!);
    conditions.push(or(ilike(comprobantes.razonSocialComprador, likePattern(term)), ilike(comprobantes.identificacionComprador, likePattern(term)), ...byNumber)!);
  }
  if (q.from && q.to && q.from > q.to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
  const where = and(...conditions);
  const { limit, offset } = pageWindow(q);
  const order = orderByFor(q.sort, sortable, [desc(comprobantes.fechaEmision), desc(comprobantes.createdAt), asc(comprobantes.id)]);
  const counted = db.select({ total: count() }).from(comprobantes).where(where);
  return {
    page: db.select(summaryColumns).from(comprobantes).where(where).orderBy(...order).limit(limit).offset(offset),
    count: counted,
    /**
     * The page with the exact total on each row, in one statement and one round trip (the count is
     * an uncorrelated subquery, run once); no row, hence no total, past the last page.
     */
    pageWithTotal: db
      .select({ ...summaryColumns, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(comprobantes)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  };
}

/**
 * One page of a company's comprobantes of `codDoc` (default 01) and their exact total; with `scope`, only the user's emission
 * points (domain/users/emission-scope.ts).
 * @returns items as {@link InvoiceSummary} (money as numbers, USD), total = rows matching the filters.
 */
export async function listInvoices(db: Db, p: { companyId: string; query: InvoiceListQuery; scope?: EmissionScope; codDoc?: string }): Promise<{ items: InvoiceSummary[]; total: number }> {
  const { pageWithTotal, count: counted } = invoiceListQueries(db, p);
  const rows = await pageWithTotal;
  if (rows.length > 0) return { items: rows.map(toInvoiceSummary), total: rows[0].total };
  // An empty page: no match at all (page 1), or past the last page, where the total is still asked for.
  const total = pageWindow(p.query).offset === 0 ? 0 : Number((await counted)[0].total);
  return { items: [], total };
}

/**
 * One comprobante of the company, of `codDoc` when given (default 01: `/api/invoice/:id` never
 * answers with a nota).
 * @throws AppError NOT_FOUND (also for another company's, or another type's).
 */
export async function getInvoice(db: Db, p: { companyId: string; id: string; codDoc?: string }) {
  const codDoc = p.codDoc ?? '01';
  const [row] = await db.select().from(comprobantes).where(and(eq(comprobantes.companyId, p.companyId), eq(comprobantes.id, p.id), eq(comprobantes.codDoc, codDoc)));
  if (!row) throw notFound(theLabelOf(codDoc).theOne);
  return row;
}

/** Only drafts can be deleted; an issued comprobante is a legal document. @throws AppError NOT_FOUND, INVOICE_LOCKED. */
export async function deleteInvoiceDraft(db: Db, p: { companyId: string; id: string; codDoc?: string }): Promise<void> {
  const row = await getInvoice(db, p);
  const the = theLabelOf(row.codDoc);
  if (row.status !== 'BORRADOR') throw new AppError('INVOICE_LOCKED', `${the.theOne} está ${row.status} y no se puede eliminar`);
  await db.delete(comprobantes).where(and(eq(comprobantes.companyId, p.companyId), eq(comprobantes.id, p.id), eq(comprobantes.status, 'BORRADOR')));
}
