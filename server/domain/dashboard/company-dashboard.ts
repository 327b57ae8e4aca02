/**
 * What a company sees when it signs in (GET /api/dashboard): sales (importeTotal of AUTORIZADA
 * invoices, USD) this month and last month, IVA collected in the period, invoices by status, the
 * 12-month sales series, top 5 customers and products, and what needs attention (stuck at the SRI
 * for over an hour, DEVUELTA / NO_AUTORIZADA with their SRI message, drafts older than a week, a
 * signing certificate that expires within 30 days); what customers owe ("Por cobrar", "Vencido")
 * and the overdue facturas (receivables-sql.ts). Months and dates are America/Guayaquil
 * calendar dates. Two SQL statements (dashboard-sql.ts) on the daily sales sums and the
 * (company_id, status, …) comprobante index; JavaScript only renames fields, it never loops over
 * the company's invoices.
 */
import type { Db } from '../../db/client.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { COMPROBANTE_STATUSES } from '../../../core/comprobante-status.ts';
import { attentionSql, figuresSql } from './dashboard-sql.ts';
import { receivablesSql } from './receivables-sql.ts';
import { daysOverdue } from '../../../core/receivables.ts';
import { invoiceNumero } from '../comprobantes/comprobante-view.ts';
import type { AttentionItem, CompanyDashboard, InvoiceRef } from '../../../core/dashboard.ts';
import type { EmissionScope } from '../users/emission-scope.ts';
import { rowsOf } from '../../db/query-rows.ts';

export type { AttentionItem, CompanyDashboard } from '../../../core/dashboard.ts';

/** A certificate this close to its expiry (days, or already expired) is listed under attention. */
export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface DashboardParams {
  companyId: string;
  /** Only these emission points' invoices (the caller's scope; empty or absent = all). */
  scope?: EmissionScope;
  /** The current instant; "this month", "stuck for an hour" and "a week old" are measured from it. */
  now: Date;
  /** Period 'YYYY-MM-DD', inclusive; default: from the 1st of this month to today. */
  from?: string;
  to?: string;
}

type Row = Record<string, unknown>;
type ComprobanteJson = { id: string; cod_doc: string; status: string; fecha_emision: string; razon_social_comprador: string; importe_total: number; estab: string; pto_emi: string; secuencial: number | null; mensajes: Array<{ identificador: string; mensaje: string; informacionAdicional?: string }> | null };

const firstRow = (r: unknown): Row => rowsOf<Row>(r)[0] ?? {};
/** PGlite and node-postgres both parse json columns; a driver handing back text is parsed here. */
const json = <T>(v: unknown, empty: T): T => (v === null || v === undefined ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/** Counts per (codDoc, status) -> one entry per type, labelled, statuses in COMPROBANTE_STATUSES order. */
function byType(rows: Array<{ codDoc: string; status: string; n: number }>): CompanyDashboard['byType'] {
  const types = new Map<string, CompanyDashboard['byType'][number]>();
  for (const r of rows) {
    const t = types.get(r.codDoc) ?? { codDoc: r.codDoc, label: metaByCodDoc(r.codDoc)?.label ?? r.codDoc, byStatus: {}, total: 0 };
    t.byStatus[r.status] = Number(r.n);
    t.total += Number(r.n);
    types.set(r.codDoc, t);
  }
  const order = (status: string) => (COMPROBANTE_STATUSES as readonly string[]).indexOf(status);
  return [...types.values()].sort((a, b) => a.codDoc.localeCompare(b.codDoc)).map((t) => ({ ...t, byStatus: Object.fromEntries(Object.entries(t.byStatus).sort(([a], [b]) => order(a) - order(b))) }));
}

function monthStart(isoDate: string, offsetMonths = 0): string {
  const [y, m] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + offsetMonths, 1)).toISOString().slice(0, 10);
}

function invoiceRef(r: ComprobanteJson): InvoiceRef {
  return {
    _id: r.id,
    codDoc: r.cod_doc,
    status: r.status,
    numero: invoiceNumero({ estab: r.estab, ptoEmi: r.pto_emi, secuencial: r.secuencial }),
    razonSocialComprador: r.razon_social_comprador,
    importeTotal: money(r.importe_total),
    fechaEmision: String(r.fecha_emision).slice(0, 10),
    mensaje: (r.mensajes ?? []).map((m) => `[${m.identificador}] ${m.mensaje}${m.informacionAdicional ? ` — ${m.informacionAdicional}` : ''}`).join('; ') || null,
  };
}

/**
 * The dashboard figures of one company. Reads only; two statements, run concurrently.
 * @param db any Db (PGlite, node-postgres pool or a transaction).
 * @param p.companyId the caller's company; no other company's rows are read.
 * @returns CompanyDashboard (money in USD rounded to 2 places, dates 'YYYY-MM-DD').
 * @throws the driver's error unchanged; the caller validates `from <= to`.
 * @example
 * const d = await companyDashboard(db, { companyId, now: new Date(), from: '2026-11-01', to: '2026-11-30' });
 */
export async function companyDashboard(db: Db, p: DashboardParams): Promise<CompanyDashboard> {
  const today = guayaquilDate(p.now);
  const from = p.from ?? monthStart(today);
  const to = p.to ?? today;
  const thisMonth = monthStart(today);
  const range = { companyId: p.companyId, scope: p.scope, from, to, today, thisMonth, nextMonth: monthStart(today, 1), lastMonth: monthStart(today, -1), seriesFrom: monthStart(to, -11), seriesTo: monthStart(to, 1) };
  const [figures, attention, owed] = await Promise.all([
    db.execute(figuresSql(range)).then(firstRow),
    db.execute(attentionSql({ companyId: p.companyId, scope: p.scope, stuckBefore: new Date(p.now.getTime() - HOUR_MS), draftBefore: new Date(p.now.getTime() - 7 * DAY_MS) })).then(firstRow),
    db.execute(receivablesSql({ companyId: p.companyId, scope: p.scope, today })).then(firstRow),
  ]);
  const receivables = json<Row>(owed.receivables, {});
  const overdue = json<Array<ComprobanteJson & { due_date: string; saldo: number }>>(owed.overdue, []).map((r): AttentionItem => {
    const dueDate = String(r.due_date).slice(0, 10);
    return { ...invoiceRef(r), reason: 'overdue', dueDate, saldo: money(r.saldo), daysOverdue: daysOverdue(dueDate, today) };
  });

  const sales = json<Row>(figures.sales, {});
  const byMonth = new Map(json<Array<{ month: string; total: number; n: number }>>(figures.series, []).map((r) => [r.month, r]));
  const tops = (v: unknown) => json<Array<{ id: string; label: string; total: number; n: number }>>(v, []);
  const notAfter = attention.certificate_not_after ? new Date(attention.certificate_not_after as string | Date) : null;
  const daysToExpiry = notAfter ? Math.floor((notAfter.getTime() - p.now.getTime()) / DAY_MS) : null;
  const invoices = (key: string, reason: 'delayed' | 'stuck' | 'rejected' | 'old_draft'): AttentionItem[] => json<ComprobanteJson[]>(attention[key], []).map((r) => ({ ...invoiceRef(r), reason }));

  return {
    period: { from, to },
    sales: { thisMonth: money(sales.thisMonth), lastMonth: money(sales.lastMonth), period: money(sales.period), thisMonthIva: money(sales.thisMonthIva) },
    iva: money(sales.iva),
    authorisedInPeriod: Number(sales.authorised ?? 0),
    byType: byType(json<Array<{ codDoc: string; status: string; n: number }>>(figures.by_type, [])),
    byStatus: Object.fromEntries(Object.entries(json<Record<string, number>>(figures.by_status, {})).map(([s, n]) => [s, Number(n)])),
    series: Array.from({ length: 12 }, (_, i) => monthStart(to, i - 11).slice(0, 7)).map((month) => ({ month, total: money(byMonth.get(month)?.total), count: Number(byMonth.get(month)?.n ?? 0) })),
    topCustomers: tops(figures.top_customers).map((r) => ({ _id: r.id, label: r.label, total: money(r.total), count: Number(r.n) })),
    topProducts: tops(figures.top_products).map((r) => ({ _id: r.id, label: r.label, total: money(r.total), quantity: Number(r.n) })),
    attention: [
      ...invoices('delayed', 'delayed'),
      ...invoices('stuck', 'stuck'),
      ...invoices('rejected', 'rejected'),
      ...invoices('old_drafts', 'old_draft'),
      ...overdue,
      ...json<Array<ComprobanteJson & { annulment: { state: string; deadline: string; acceptanceDeadline?: string } }>>(attention.annulments, []).map((r) => ({
        ...invoiceRef(r),
        reason: 'annulment_pending' as const,
        annulment: { state: r.annulment.state, deadline: r.annulment.deadline, ...(r.annulment.acceptanceDeadline ? { acceptanceDeadline: r.annulment.acceptanceDeadline } : {}) },
      })),
      ...(notAfter && daysToExpiry !== null && daysToExpiry <= CERTIFICATE_WARNING_DAYS ? [{ reason: 'certificate' as const, daysToExpiry, notAfter: notAfter.toISOString() }] : []),
    ],
    certificate: daysToExpiry === null ? null : { daysToExpiry },
    receivables: { open: money(receivables.open), overdue: money(receivables.overdue), openCount: Number(receivables.openCount ?? 0), overdueCount: Number(receivables.overdueCount ?? 0) },
  };
}
