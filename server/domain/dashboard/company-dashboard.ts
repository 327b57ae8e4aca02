/**
 * What a company sees when it signs in (GET /api/dashboard): sales (importeTotal of AUTORIZADA
 * invoices, USD) this month and last month, IVA collected in the period, invoices by status, the
 * 12-month sales series, top 5 customers and products, and what needs attention (stuck at the SRI
 * for over an hour, DEVUELTA / NO_AUTORIZADA with their SRI message, drafts older than a week, the
 * certificate's days to expiry). Months and dates are America/Guayaquil calendar dates.
 * Four aggregate queries, each on the (company_id, …) invoice indexes; no per-invoice JavaScript.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const num = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

function monthStart(isoDate: string, offsetMonths = 0): string {
  const [y, m] = isoDate.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + offsetMonths, 1));
  return d.toISOString().slice(0, 10);
}

export interface DashboardOptions {
  db: Db;
  companyId: string;
  now: Date;
  /** Period 'YYYY-MM-DD', inclusive; default: this month so far. */
  from?: string;
  to?: string;
}

export async function companyDashboard(o: DashboardOptions) {
  const today = guayaquilDate(o.now);
  const from = o.from ?? monthStart(today);
  const to = o.to ?? today;
  const thisMonth = monthStart(today);
  const nextMonth = monthStart(today, 1);
  const lastMonth = monthStart(today, -1);
  const seriesFrom = monthStart(to, -11);
  const seriesTo = monthStart(to, 1);
  const c = o.companyId;

  const [totals, series, tops, attention] = await Promise.all([
    o.db.execute(sql`
      select
        coalesce(sum(importe_total) filter (where status = 'AUTORIZADA' and fecha_emision >= ${thisMonth} and fecha_emision < ${nextMonth}), 0) as sales_this_month,
        coalesce(sum(importe_total) filter (where status = 'AUTORIZADA' and fecha_emision >= ${lastMonth} and fecha_emision < ${thisMonth}), 0) as sales_last_month,
        coalesce(sum(importe_total) filter (where status = 'AUTORIZADA' and fecha_emision between ${from} and ${to}), 0) as sales_period,
        coalesce(sum(total_iva) filter (where status = 'AUTORIZADA' and fecha_emision between ${from} and ${to}), 0) as iva_period,
        count(*) filter (where status = 'AUTORIZADA' and fecha_emision between ${from} and ${to}) as authorised_period,
        (select coalesce(jsonb_object_agg(status, n), '{}'::jsonb) from (
          select status, count(*) as n from invoice where company_id = ${c} and fecha_emision between ${from} and ${to} group by status) s) as by_status
      from invoice
      where company_id = ${c} and fecha_emision >= least(${lastMonth}::date, ${from}::date) and fecha_emision <= greatest(${to}::date, ${today}::date)`),
    o.db.execute(sql`
      select to_char(date_trunc('month', fecha_emision), 'YYYY-MM') as month, sum(importe_total) as total, count(*) as n
      from invoice where company_id = ${c} and status = 'AUTORIZADA' and fecha_emision >= ${seriesFrom} and fecha_emision < ${seriesTo}
      group by 1 order by 1`),
    o.db.execute(sql`
      with period as (
        select customer_id, razon_social_comprador, importe_total, detalles from invoice
        where company_id = ${c} and status = 'AUTORIZADA' and fecha_emision between ${from} and ${to}
      ),
      customers as (
        select 'customer' as kind, customer_id::text as id, min(razon_social_comprador) as label, sum(importe_total) as total, count(*) as n
        from period group by customer_id order by total desc limit 5
      ),
      products as (
        select 'product' as kind, d->>'product' as id, min(d->>'descripcion') as label, sum((d->>'precioTotalSinImpuesto')::numeric) as total, sum((d->>'cantidad')::numeric) as n
        from period, jsonb_array_elements(detalles) d group by d->>'product' order by total desc limit 5
      )
      select * from customers union all select * from products`),
    o.db.execute(sql`
      (select id, status, fecha_emision, razon_social_comprador, importe_total, estab, pto_emi, secuencial, mensajes, issued_at, created_at, 'stuck' as reason
        from invoice where company_id = ${c} and status in ('FIRMADA', 'RECIBIDA', 'EN_PROCESO') and issued_at < ${new Date(o.now.getTime() - 3600_000)}
        order by issued_at limit 20)
      union all
      (select id, status, fecha_emision, razon_social_comprador, importe_total, estab, pto_emi, secuencial, mensajes, issued_at, created_at, 'rejected' as reason
        from invoice where company_id = ${c} and status in ('DEVUELTA', 'NO_AUTORIZADA')
        order by updated_at desc limit 20)
      union all
      (select id, status, fecha_emision, razon_social_comprador, importe_total, estab, pto_emi, secuencial, mensajes, issued_at, created_at, 'old_draft' as reason
        from invoice where company_id = ${c} and status = 'BORRADOR' and created_at < ${new Date(o.now.getTime() - 7 * 86_400_000)}
        order by created_at limit 20)`),
  ]);
  const [cert] = rowsOf<{ not_after: string | Date }>(await o.db.execute(sql`select not_after from company_certificate where company_id = ${c}`));

  const t = rowsOf<Record<string, unknown>>(totals)[0] ?? {};
  const byMonth = new Map(rowsOf<{ month: string; total: string; n: string }>(series).map((r) => [r.month, r]));
  const months = Array.from({ length: 12 }, (_, i) => monthStart(to, i - 11).slice(0, 7));
  const top = rowsOf<{ kind: string; id: string; label: string; total: string; n: string }>(tops);
  const DAY = 86_400_000;
  return {
    period: { from, to },
    sales: { thisMonth: num(t.sales_this_month), lastMonth: num(t.sales_last_month), period: num(t.sales_period) },
    iva: num(t.iva_period),
    authorisedInPeriod: Number(t.authorised_period ?? 0),
    byStatus: (t.by_status as Record<string, number>) ?? {},
    series: months.map((month) => ({ month, total: num(byMonth.get(month)?.total), count: Number(byMonth.get(month)?.n ?? 0) })),
    topCustomers: top.filter((r) => r.kind === 'customer').map((r) => ({ _id: r.id, label: r.label, total: num(r.total), count: Number(r.n) })),
    topProducts: top.filter((r) => r.kind === 'product').map((r) => ({ _id: r.id, label: r.label, total: num(r.total), quantity: Number(r.n) })),
    attention: rowsOf<Record<string, unknown>>(attention).map((r) => ({
      _id: r.id as string,
      reason: r.reason as 'stuck' | 'rejected' | 'old_draft',
      status: r.status as string,
      numero: r.secuencial === null ? null : `${String(r.estab)}-${String(r.pto_emi)}-${String(r.secuencial).padStart(9, '0')}`,
      razonSocialComprador: r.razon_social_comprador as string,
      importeTotal: num(r.importe_total),
      fechaEmision: String(r.fecha_emision).slice(0, 10),
      mensaje: ((r.mensajes as Array<{ identificador: string; mensaje: string; informacionAdicional?: string }>) ?? []).map((m) => `[${m.identificador}] ${m.mensaje}${m.informacionAdicional ? ` — ${m.informacionAdicional}` : ''}`).join('; ') || null,
    })),
    certificate: cert ? { daysToExpiry: Math.floor((new Date(cert.not_after).getTime() - o.now.getTime()) / DAY) } : null,
  };
}
