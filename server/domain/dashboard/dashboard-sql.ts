/**
 * The dashboard's two SQL statements. Each returns one row of JSON columns, so the database does all
 * the aggregation and JavaScript only renames fields. Every sub-select filters `company_id = $c`
 * first and a day range or a `status` list: sums read the daily tables of migration 0012 by their
 * primary keys, counts and the attention lists the comprobante index
 * `(company_id, status, fecha_emision desc)`.
 * Dates are 'YYYY-MM-DD' calendar dates (America/Guayaquil); ranges are inclusive unless noted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COMPROBANTE_STATUSES, WAITING_FOR_SRI } from '../../../core/comprobante-status.ts';
import { scopeSqlText, type EmissionScope } from '../users/emission-scope.ts';

export interface FiguresRange {
  companyId: string;
  /** The caller's emission points (empty or absent = the whole company). */
  scope?: EmissionScope;
  /** The asked period, inclusive. */
  from: string;
  to: string;
  /** Today in Guayaquil and the first day of this, next and last month. */
  today: string;
  thisMonth: string;
  nextMonth: string;
  lastMonth: string;
  /** The 12-month series: [seriesFrom, seriesTo). */
  seriesFrom: string;
  seriesTo: string;
}

/**
 * One row: `sales` {thisMonth, lastMonth, period, iva, authorised} (net: facturas and notas de
 * débito add, notas de crédito subtract, other types (03, 06, 07) count 0; `authorised` counts facturas), `by_status` {STATUS: n},
 * `series` [{month: 'YYYY-MM', total, n}] (months with sales only), `top_customers` and
 * `top_products` [{id, label, total, n}] (at most 5 each, biggest total first; n is the number of
 * invoices for a customer and the quantity sold for a product). Money is the numeric sum, as a
 * JSON number.
 *
 * Sales, series and tops read the daily sums the database keeps of AUTORIZADA comprobantes
 * (sales_day, sales_day_customer, sales_day_product: schema/sales-summary.ts, migration 0012), a
 * row per day and emission point (and customer or product) instead of every comprobante and its
 * line items: a year of a company with 100,000 invoices is a few thousand small rows. Those rows
 * carry the net amounts already (01 and 05 add, 04 subtracts, other types 0).
 */
export function figuresSql(r: FiguresRange): SQL {
  // The caller's emission points: every sub-select filters by them (the daily sums keep estab and pto_emi).
  const own = sql`company_id = ${r.companyId} and ${scopeSqlText(r.scope)}`;
  const inPeriod = sql`${own} and day between ${r.from} and ${r.to}`;
  const inPeriodDocs = sql`${own} and fecha_emision between ${r.from} and ${r.to}`;
  return sql`
    select
      (select json_build_object(
          'thisMonth', coalesce(sum(total) filter (where day >= ${r.thisMonth} and day < ${r.nextMonth}), 0),
          'lastMonth', coalesce(sum(total) filter (where day >= ${r.lastMonth} and day < ${r.thisMonth}), 0),
          'period', coalesce(sum(total) filter (where day between ${r.from} and ${r.to}), 0),
          'iva', coalesce(sum(iva) filter (where day between ${r.from} and ${r.to}), 0),
          'thisMonthIva', coalesce(sum(iva) filter (where day >= ${r.thisMonth} and day < ${r.nextMonth}), 0),
          'authorised', coalesce(sum(facturas) filter (where day between ${r.from} and ${r.to}), 0))
        from sales_day
        where ${own} and day >= least(${r.lastMonth}::date, ${r.from}::date) and day <= greatest(${r.to}::date, ${r.today}::date)
      ) as sales,
      (select coalesce(json_object_agg(status, n order by position) filter (where n > 0), '{}'::json)
        from (
          select s.status, s.position, case
            -- AUTORIZADA, most of a company's comprobantes, from the daily sums.
            when s.status = 'AUTORIZADA' then (select coalesce(sum(documents), 0) from sales_day where ${inPeriod})
            -- One index-only range count per other status (a skip scan by hand): PostgreSQL before 18
            -- would otherwise walk every status's entries of the company to apply the date range.
            else (select count(*) from comprobante where ${own} and status = s.status and fecha_emision between ${r.from} and ${r.to})
          end as n
          from (values ${sql.join(
            COMPROBANTE_STATUSES.map((status, i) => sql`(${status}, ${i}::int)`),
            sql`, `,
          )}) as s(status, position)
          -- Not flattened into the aggregate, which names n twice (each count would run twice).
          offset 0
        ) by_status
      ) as by_status,
      -- The same documents by type too: a guía or a retención is no factura (issue 28).
      (select coalesce(json_agg(json_build_object('codDoc', cod_doc, 'status', status, 'n', n) order by cod_doc), '[]'::json)
        from (select cod_doc, status, count(*) as n from comprobante where ${inPeriodDocs} group by cod_doc, status) by_type
      ) as by_type,
      (select coalesce(json_agg(json_build_object('month', month, 'total', total, 'n', n) order by month), '[]'::json)
        from (
          -- Grouped by a timestamp month (no time zone work per row); formatted once per month.
          select to_char(month_start, 'YYYY-MM') as month, total, n from (
            select date_trunc('month', day::timestamp) as month_start, sum(total) as total, sum(facturas) as n
            from sales_day
            where ${own} and day >= ${r.seriesFrom} and day < ${r.seriesTo}
            group by 1
          ) by_month
        ) m
      ) as series,
      (select coalesce(json_agg(json_build_object('id', id, 'label', label, 'total', total, 'n', n) order by total desc, id), '[]'::json)
        from (
          select customer_id::text as id, min(razon_social) as label, sum(total) as total, sum(facturas) as n
          from sales_day_customer where ${inPeriod}
          group by customer_id order by total desc, id limit 5
        ) tc
      ) as top_customers,
      (select coalesce(json_agg(json_build_object('id', id, 'label', label, 'total', total, 'n', n) order by total desc, id), '[]'::json)
        from (
          -- A line without descripcion is kept as '' (a key column cannot be null) and labels nothing.
          select product as id, min(nullif(descripcion, '')) as label, sum(total) as total, sum(quantity) as n
          from sales_day_product where ${inPeriod}
          group by 1 order by total desc, id limit 5
        ) tp
      ) as top_products`;
}

const ATTENTION_LIMIT = 20;

/**
 * fecha_emision orders as `invoice_company_status_fecha_idx` is built (`fecha_emision DESC`, i.e.
 * NULLS FIRST, migration 0002): PostgreSQL reads an index in order (and stops at 20 rows) only when
 * the NULLS placement matches too, so these stay plain `desc` / `asc`.
 */
const FECHA_ORDER = { desc: sql.raw('fecha_emision desc'), asc: sql.raw('fecha_emision asc') } as const;

interface AttentionQuery {
  companyId: string;
  scope?: EmissionScope;
  statuses: string[];
  /** A further condition on the row (e.g. issued over an hour ago). */
  where?: SQL;
  /** By fechaEmision ('asc': oldest first), then `then` (e.g. `issued_at, id`). */
  direction: 'asc' | 'desc';
  then: SQL;
  /** Also return each row's `annulment` (the anulación request, core/annulment.ts). */
  withAnnulment?: boolean;
}

/**
 * A JSON array of at most ATTENTION_LIMIT invoices, fechaEmision first. One branch per status, each
 * an ordered scan of (company_id, status, fecha_emision desc) that stops after ATTENTION_LIMIT rows,
 * so a company with 100,000 old DEVUELTA invoices reads 20 of them, not all; then the branches merge.
 */
function attentionList(q: AttentionQuery): SQL {
  const order = sql`${FECHA_ORDER[q.direction]}, ${q.then}`;
  const branches = sql.join(
    q.statuses.map(
      (status) => sql`(select id, cod_doc, status, fecha_emision, razon_social_comprador, importe_total, estab, pto_emi, secuencial, mensajes, issued_at, updated_at, created_at${q.withAnnulment ? sql`, annulment` : sql``}
        from comprobante where company_id = ${q.companyId} and ${scopeSqlText(q.scope)} and status = ${status}${q.where ? sql` and ${q.where}` : sql``}
        order by ${order} limit ${ATTENTION_LIMIT})`,
    ),
    sql` union all `,
  );
  return sql`(select coalesce(json_agg(json_build_object(
        'id', id, 'cod_doc', cod_doc, 'status', status, 'fecha_emision', fecha_emision, 'razon_social_comprador', razon_social_comprador,
        'importe_total', importe_total, 'estab', estab, 'pto_emi', pto_emi, 'secuencial', secuencial, 'mensajes', mensajes${q.withAnnulment ? sql`, 'annulment', annulment` : sql``})
      order by ${order}), '[]'::json)
    from (select * from (${branches}) b order by ${order} limit ${ATTENTION_LIMIT}) i)`;
}

/**
 * One row of JSON arrays of invoices [{id, status, fecha_emision, razon_social_comprador,
 * importe_total, estab, pto_emi, secuencial, mensajes}], at most 20 each: `delayed` (FIRMADA, RECIBIDA
 * or EN_PROCESO past 20:00 of their emission day: delayed_at set, oldest first), `stuck` (the others of
 * those statuses issued before `stuckBefore`, oldest first), `rejected` (DEVUELTA or NO_AUTORIZADA,
 * latest first), `old_drafts` (BORRADOR created before `draftBefore`, oldest first); and
 * `annulments` (AUTORIZADA with an open anulación request, oldest first, each with its `annulment`), and
 * `certificate_not_after` (timestamptz, null without a certificate).
 */
export function attentionSql(p: { companyId: string; scope?: EmissionScope; stuckBefore: Date; draftBefore: Date }): SQL {
  const { companyId, scope } = p;
  const stuck = attentionList({ companyId, scope, statuses: [...WAITING_FOR_SRI], where: sql`issued_at < ${p.stuckBefore} and delayed_at is null`, direction: 'asc', then: sql`issued_at, id` });
  // Same-day authorisation (domain/comprobantes/announce-delayed.ts): still waiting at 20:00 of the emission day.
  const delayed = attentionList({ companyId, scope, statuses: [...WAITING_FOR_SRI], where: sql`delayed_at is not null`, direction: 'asc', then: sql`issued_at, id` });
  const rejected = attentionList({ companyId, scope, statuses: ['DEVUELTA', 'NO_AUTORIZADA'], direction: 'desc', then: sql`updated_at desc, id` });
  const oldDrafts = attentionList({ companyId, scope, statuses: ['BORRADOR'], where: sql`created_at < ${p.draftBefore}`, direction: 'asc', then: sql`created_at, id` });
  // Anulaciones pendientes: the partial index comprobante_open_annulment_idx holds exactly these rows.
  const annulments = attentionList({ companyId, scope, statuses: ['AUTORIZADA'], where: sql`annulment->>'state' in ('SOLICITADA', 'PENDIENTE_ANULAR')`, direction: 'asc', then: sql`id`, withAnnulment: true });
  return sql`
    select ${delayed} as delayed, ${stuck} as stuck, ${rejected} as rejected, ${oldDrafts} as old_drafts, ${annulments} as annulments,
      (select not_after from company_certificate where company_id = ${companyId}) as certificate_not_after`;
}
