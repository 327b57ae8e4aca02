/**
 * The list of one company's comprobantes of one type (codDoc; default 01, the factura) with search (buyer name or identification, número), filters
 * (status, date range from/to inclusive, customer) and sort; exact count per company (bounded by
 * the company's own invoices, served by the (company_id, …) indexes).
 *
 * A page reads only the summary columns (no line items, no signed or authorisation XML, which are
 * kilobytes per invoice and live in TOAST): bench/list.ts measures it at 1,000,000 invoices.
 */
import type { ExtraFilter } from '../screens/list-extra-filters.ts';
import { and, asc, count, desc, eq, gte, ilike, lte, or, SQL, sql, type Query } from 'drizzle-orm';
import { preparedShape, runPrepared, type PreparedShape } from '../../db/prepared-query.ts';
import type { Db } from '../../db/client.ts';
import { comprobantes } from '../../db/schema/index-tables.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { AppError, notFound, COMPROBANTE_LOCKED } from '../../errors.ts';
import { theLabelOf } from './comprobante-labels.ts';
import { isScoped, scopeCondition, type EmissionScope } from '../users/emission-scope.ts';
import { toComprobanteSummary, type ComprobanteSummary, type ComprobanteSummaryRow } from './comprobante-view.ts';
import { pageRowJson, readPageRow } from './list-page-row.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { paymentStatusCondition, paymentStatusesOf, paymentStatusSegments } from '../payments/payment-status-sql.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { deleteDraft, findComprobante } from '../../db/repositories/comprobantes.ts';

export interface ComprobanteListQuery extends ListQuery {
  status?: string;
  from?: string;
  to?: string;
  customer?: string;
  /** The notas of one factura: its id (`related_id`). */
  invoice?: string;
  /** PENDIENTE, PARCIAL, PAGADA, VENCIDA (one or several, comma separated): DESIGN.md §12. */
  paymentStatus?: string;
}


const sortable = {
  fechaEmision: comprobantes.fechaEmision,
  importeTotal: comprobantes.importeTotal,
  secuencial: comprobantes.secuencial,
  numero: comprobantes.secuencial,
  razonSocialComprador: comprobantes.razonSocialComprador,
  status: comprobantes.status,
  createdAt: comprobantes.createdAt,
  dueDate: comprobantes.dueDate,
  saldo: comprobantes.saldo,
};

/** The order of the page sorted by payment status: its segments in rank order (payment-status-sql.ts) and how many rows of each the page can need (offset + limit). */
interface StatusOrder {
  segments: ReturnType<typeof paymentStatusSegments>;
  descending: boolean;
  window: number;
}

/** What a list statement is made of: its WHERE and page window, and either an ORDER BY or the payment-status order. */
type ListParts = { where: SQL; limit: number; offset: number } & ({ order: SQL[]; byStatus?: undefined } | { order?: undefined; byStatus: StatusOrder });

/** How a value enters a list statement: as itself, or as a named placeholder of a prepared statement. */
type Bind = <T>(name: string, value: T) => T;
const asValue: Bind = (_name, value) => value;
// Drizzle takes a placeholder wherever it takes a value (both are bound parameters); typed as the value.
const asPlaceholder = ((name: string) => sql.placeholder(name)) as unknown as Bind;

/** `today` ('YYYY-MM-DD', default today in Guayaquil) is the day VENCIDA is judged on. */
/** `extra`: the company's own list filters asked (list-extra-filters.ts), on the row's `extra`. */
export type ListParams = { companyId: string; query: ComprobanteListQuery; scope?: EmissionScope; codDoc?: string; today?: string; extra?: ExtraFilter[] };

/** @throws AppError VALIDATION when from > to (checked on every request, prepared or not). */
function assertDateRange(q: ComprobanteListQuery): void {
  if (q.from && q.to && q.from > q.to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
}

/** The kind of search a term makes: none, text only, text or secuencial, text or número (001-001-…). */
function searchKind(q: ComprobanteListQuery): '' | 'text' | 'secuencial' | 'numero' {
  if (!q.q) return '';
  const term = q.q.trim();
  if (/^\d{1,9}$/.test(term)) return 'secuencial';
  return /^(\d{3})-(\d{3})-(\d{1,9})$/.test(term) ? 'numero' : 'text';
}

/**
 * The list's WHERE, ORDER BY and page window. Every value goes through `bind`, so the same code
 * builds the statement with values (invoiceListQueries) and with placeholders (the prepared one);
 * everything else it decides is in {@link listShape}.
 * @throws AppError VALIDATION for an unknown sort field.
 */
function listParts(p: ListParams, bind: Bind): ListParts {
  const q = p.query;
  const conditions: SQL[] = [eq(comprobantes.companyId, bind('companyId', p.companyId)), eq(comprobantes.codDoc, bind('codDoc', p.codDoc ?? '01'))];
  const inScope = scopeCondition(p.scope, comprobantes, bind);
  if (inScope) conditions.push(inScope);
  if (q.status) {
    const statuses = q.status.split(',');
    conditions.push(
      statuses.length === 1
        ? eq(comprobantes.status, bind('status0', statuses[0]))
        : sql`${comprobantes.status} in (${sql.join(
            statuses.map((status, i) => sql`${bind(`status${i}`, status)}`),
            sql`, `,
          )})`,
    );
  }
  if (q.from) conditions.push(gte(comprobantes.fechaEmision, bind('from', q.from)));
  if (q.to) conditions.push(lte(comprobantes.fechaEmision, bind('to', q.to)));
  if (q.customer) conditions.push(eq(comprobantes.customerId, bind('customer', q.customer)));
  if (q.invoice) conditions.push(eq(comprobantes.relatedId, bind('invoice', q.invoice)));
  (p.extra ?? []).forEach((f, i) => conditions.push(sql`(${comprobantes.extra} ->> ${bind(`extraField${i}`, f.field)}::text) = ${bind(`extraValue${i}`, f.value)}::text`));
  const today = () => bind('today', p.today ?? guayaquilDate(new Date()));
  if (q.paymentStatus) conditions.push(paymentStatusCondition(comprobantes, paymentStatusesOf(q.paymentStatus), today()));
  const search = searchKind(q);
  if (search) {
    const term = q.q!.trim();
    const pattern = bind('pattern', likePattern(term));
    const byNumber: SQL[] = [];
    if (search === 'secuencial') byNumber.push(eq(comprobantes.secuencial, bind('secuencial', Number(term))));
    if (search === 'numero') {
      const [, estab, ptoEmi, secuencial] = /^(\d{3})-(\d{3})-(\d{1,9})$/.exec(term)!;
      byNumber.push(and(eq(comprobantes.estab, bind('estab', estab)), eq(comprobantes.ptoEmi, bind('ptoEmi', ptoEmi)), eq(comprobantes.secuencial, bind('secuencial', Number(secuencial))))!);
    }
    conditions.push(or(ilike(comprobantes.razonSocialComprador, pattern), ilike(comprobantes.identificacionComprador, pattern), ...byNumber)!);
  }
  const { limit, offset } = pageWindow(q);
  const page = { where: and(...conditions)!, limit: bind('limit', limit), offset: bind('offset', offset) };
  if (q.sort === 'paymentStatus' || q.sort === '-paymentStatus') {
    return { ...page, byStatus: { segments: paymentStatusSegments(comprobantes, today()), descending: q.sort.startsWith('-'), window: bind('window', offset + limit) } };
  }
  return { ...page, order: orderByFor(q.sort, sortable, defaultOrder()) };
}

/** The list's default order, and every sort's tie-break: newest date, newest created, then id (comprobante_company_fecha_created_idx). */
function defaultOrder(): SQL[] {
  return [desc(comprobantes.fechaEmision), desc(comprobantes.createdAt), asc(comprobantes.id)];
}

const pgDialect = new PgDialect();

/**
 * The page sorted by payment status (urgency on `today`, then the default order), without ranking
 * every row of the company: each status segment's first `window` (offset + limit) rows come from
 * `comprobante_company_payment_order_idx` in the default order (index-only), the few rows of the
 * segments are merged and paged, and only the page's rows are read. The total is the same
 * uncorrelated count as the other shapes. Ranking all rows took 431 ms p50 for a company of
 * 100,000 invoices (bench/list.ts, "orden por estado de pago").
 */
function byStatusPage(parts: { where: SQL; limit: number; offset: number; byStatus: StatusOrder }, counted: object): SQL {
  const { where, limit, offset, byStatus } = parts;
  const c = comprobantes;
  const branches = byStatus.segments.map(
    ({ rank, condition }) =>
      sql`(SELECT ${c.companyId}, ${c.id}, ${c.fechaEmision}, ${c.createdAt}, ${sql.raw(String(rank))} AS pay_rank FROM ${c} WHERE ${where} AND ${condition} ORDER BY ${sql.join(defaultOrder(), sql`, `)} LIMIT ${byStatus.window})`,
  );
  const rank = byStatus.descending ? sql`k.pay_rank DESC` : sql`k.pay_rank`;
  return sql`SELECT ${pageRowJson(counted)} FROM (${sql.join(branches, sql` UNION ALL `)}) AS k JOIN ${c} ON ${c.companyId} = k.company_id AND ${c.id} = k.id ORDER BY ${rank}, k.fecha_emision DESC, k.created_at DESC, k.id LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * What decides the SQL text of a list request, never a value: the key of its prepared statement.
 * Each part mirrors a choice {@link listParts} makes (a filter present, how many statuses, the kind
 * of search, the sort, each scope entry with or without its point).
 */
function listShape(p: ListParams): string {
  const q = p.query;
  const scope = (p.scope ?? []).map((s) => (s.ptoEmi === undefined ? 'e' : 'p')).join('');
  const filters = [q.status ? `s${q.status.split(',').length}` : '', q.from ? 'f' : '', q.to ? 't' : '', q.customer ? 'c' : '', q.invoice ? 'i' : '', q.paymentStatus ? `p${paymentStatusesOf(q.paymentStatus).join('+')}` : '', p.extra?.length ? `x${p.extra.length}` : ''].join('');
  return `${filters}|${searchKind(q)}|${q.sort ?? ''}|${scope}`;
}

/**
 * The statements of a list request, unexecuted: the page and the exact count, and both in one
 * (pageWithTotal, the SQL listComprobantes runs, there as a prepared statement). Exposed so
 * bench/list.ts can run the very same SQL on a bare `pg` connection (`.toSQL()`).
 * @throws AppError VALIDATION for an unknown sort field or from > to.
 */
export function invoiceListQueries(db: Db, p: ListParams) {
  assertDateRange(p.query);
  return listStatements(db, listParts(p, asValue));
}


function listStatements(db: Db, parts: ListParts): { count: ReturnType<typeof countOf>; pageWithTotal: { toSQL(): Query } } {
  const { where, limit, offset } = parts;
  const counted = countOf(db, where);
  /**
   * The page with the exact total on each row, in one statement and one round trip (the count is
   * an uncorrelated subquery, run once); no row, hence no total, past the last page. Each row is
   * one JSON array ({@link pageRowJson}).
   */
  const pageWithTotal = parts.byStatus
    ? { toSQL: () => pgDialect.sqlToQuery(byStatusPage({ where, limit, offset, byStatus: parts.byStatus }, counted)) }
    : db.select({ row: pageRowJson(counted) }).from(comprobantes).where(where).orderBy(...parts.order).limit(limit).offset(offset);
  return { count: counted, pageWithTotal };
}

function countOf(db: Db, where: SQL) {
  return db.select({ total: count() }).from(comprobantes).where(where);
}

/**
 * Prepared page-with-total statements by shape (server/db/prepared-query.ts). Building a list's SQL
 * with Drizzle and mapping its rows cost about a third of the API's CPU per list request
 * (bench/list.ts, issue #16); the statement is built once per shape, PostgreSQL parses it once per
 * connection, and the rows are read by list-page-row.ts (one JSON array each). Shapes are few (filters
 * present, sort, scope form); the cache is bounded all the same.
 */
const preparedLists = new Map<string, PreparedShape<Array<ComprobanteSummaryRow & { total: number }>>>();
const PREPARED_LISTS_MAX = 500;

function prepareList(db: Db, p: ListParams) {
  const parts = listParts(p, asPlaceholder);
  const statements = listStatements(db, parts);
  return preparedShape(statements.pageWithTotal.toSQL(), (rows) => rows.map((row) => readPageRow(row as unknown[])));
}

/**
 * The named values of one request for its prepared statement: the placeholders {@link listParts}
 * names, each with the value it binds there (a name the statement does not use is ignored).
 * Computed without building the statement (drizzle's SQL objects for every condition cost ≈ 10 µs
 * and their garbage per request); tests/unit/list-values.test.ts checks it against listParts.
 */
export function listValues(p: ListParams): Record<string, unknown> {
  const q = p.query;
  const values: Record<string, unknown> = { companyId: p.companyId, codDoc: p.codDoc ?? '01' };
  if (isScoped(p.scope)) {
    p.scope.forEach((s, i) => {
      values[`estab${i}`] = s.estab;
      if (s.ptoEmi !== undefined) values[`ptoEmi${i}`] = s.ptoEmi;
    });
  }
  if (q.status) q.status.split(',').forEach((status, i) => (values[`status${i}`] = status));
  if (q.from) values.from = q.from;
  if (q.to) values.to = q.to;
  if (q.customer) values.customer = q.customer;
  if (q.invoice) values.invoice = q.invoice;
  (p.extra ?? []).forEach((f, i) => {
    values[`extraField${i}`] = f.field;
    values[`extraValue${i}`] = f.value;
  });
  if (q.paymentStatus || q.sort === 'paymentStatus' || q.sort === '-paymentStatus') values.today = p.today ?? guayaquilDate(new Date());
  const search = searchKind(q);
  if (search) {
    const term = q.q!.trim();
    values.pattern = likePattern(term);
    if (search === 'secuencial') values.secuencial = Number(term);
    if (search === 'numero') {
      const [, estab, ptoEmi, secuencial] = /^(\d{3})-(\d{3})-(\d{1,9})$/.exec(term)!;
      values.estab = estab;
      values.ptoEmi = ptoEmi;
      values.secuencial = Number(secuencial);
    }
  }
  const { limit, offset } = pageWindow(q);
  values.limit = limit;
  values.offset = offset;
  if (q.sort === 'paymentStatus' || q.sort === '-paymentStatus') values.window = offset + limit;
  return values;
}

/**
 * The named values as {@link listParts} binds them while building the statement: what
 * {@link listValues} must equal (tests/unit/list-values.test.ts).
 * @throws AppError VALIDATION for an unknown sort field.
 */
export function listValuesFromParts(p: ListParams): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  listParts(p, <T>(name: string, value: T): T => {
    values[name] = value;
    return value;
  });
  return values;
}

/**
 * One page of a company's comprobantes of `codDoc` (default 01) and their exact total; with `scope`, only the user's emission
 * points (domain/users/emission-scope.ts).
 * @returns items as {@link ComprobanteSummary} (money as numbers, USD), total = rows matching the filters.
 * @throws AppError VALIDATION for an unknown sort field or from > to.
 */
export async function listComprobantes(db: Db, p: ListParams): Promise<{ items: ComprobanteSummary[]; total: number }> {
  assertDateRange(p.query);
  const shape = listShape(p);
  let prepared = preparedLists.get(shape);
  if (!prepared) {
    prepared = prepareList(db, p);
    if (preparedLists.size >= PREPARED_LISTS_MAX) preparedLists.delete(preparedLists.keys().next().value!);
    preparedLists.set(shape, prepared);
  }
  const rows = await runPrepared(db, prepared, listValues(p));
  const today = p.today ?? guayaquilDate(new Date());
  if (rows.length > 0) return { items: rows.map((row) => toComprobanteSummary(row, today)), total: rows[0].total };
  // An empty page: no match at all (page 1), or past the last page, where the total is still asked for.
  const total = pageWindow(p.query).offset === 0 ? 0 : Number((await invoiceListQueries(db, p).count)[0].total);
  return { items: [], total };
}

/**
 * One comprobante of the company, of `codDoc` when given (default 01: `/api/invoice/:id` never
 * answers with a nota).
 * @throws AppError NOT_FOUND (also for another company's, or another type's).
 */
export async function getComprobante(db: Db, p: { companyId: string; id: string; codDoc?: string }) {
  const codDoc = p.codDoc ?? '01';
  const row = await findComprobante(db, { companyId: p.companyId, id: p.id, codDoc });
  if (!row) throw notFound(theLabelOf(codDoc).theOne);
  return row;
}

/** Only drafts can be deleted; an issued comprobante is a legal document. @throws AppError NOT_FOUND, INVOICE_LOCKED. */
export async function deleteComprobanteDraft(db: Db, p: { companyId: string; id: string; codDoc?: string }): Promise<void> {
  const row = await getComprobante(db, p);
  const the = theLabelOf(row.codDoc);
  if (row.status !== 'BORRADOR') throw new AppError(COMPROBANTE_LOCKED, `${the.theOne} está ${row.status} y no se puede eliminar`);
  await deleteDraft(db, { companyId: p.companyId, id: p.id });
}
