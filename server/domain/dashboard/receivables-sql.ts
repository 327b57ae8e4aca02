/**
 * The dashboard's receivables (DESIGN.md §12, issue 26): one SQL statement, one row of JSON
 * columns. `receivables` {open, overdue, openCount, overdueCount}: the saldo still owed on the
 * company's authorised facturas and notas de débito ("Por cobrar", USD) and the part of it past its
 * due date ("Vencido"), with how many documents each; `overdue`: at most 20 of those past due, the
 * oldest due date first, for the attention list. Both read the partial index of what is still owed
 * (`comprobante_company_open_due_idx`: payment_state PENDIENTE or PARCIAL, by cod_doc and due_date),
 * so a company with a million paid invoices reads only its open ones.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SALE_COD_DOCS } from '../../../core/comprobante-types.ts';
import { scopeSqlText, type EmissionScope } from '../users/emission-scope.ts';

/** Most overdue documents listed under attention. */
export const OVERDUE_ATTENTION_LIMIT = 20;

/** @param p.today 'YYYY-MM-DD' (America/Guayaquil): a document is overdue when its due date is before it. */
export function receivablesSql(p: { companyId: string; scope?: EmissionScope; today: string }): SQL {
  const open = sql`company_id = ${p.companyId} and ${scopeSqlText(p.scope)} and cod_doc in (${sql.join(SALE_COD_DOCS.map((c) => sql`${c}`), sql`, `)}) and payment_state in ('PENDIENTE', 'PARCIAL')`;
  return sql`
    select
      (select json_build_object(
          'open', coalesce(sum(saldo), 0),
          'overdue', coalesce(sum(saldo) filter (where due_date < ${p.today}), 0),
          'openCount', count(*),
          'overdueCount', count(*) filter (where due_date < ${p.today}))
        from comprobante where ${open}) as receivables,
      (select coalesce(json_agg(json_build_object(
          'id', id, 'cod_doc', cod_doc, 'status', status, 'fecha_emision', fecha_emision, 'razon_social_comprador', razon_social_comprador,
          'importe_total', importe_total, 'estab', estab, 'pto_emi', pto_emi, 'secuencial', secuencial, 'mensajes', null,
          'due_date', due_date, 'saldo', saldo) order by due_date, id), '[]'::json)
        from (select id, cod_doc, status, fecha_emision, razon_social_comprador, importe_total, estab, pto_emi, secuencial, due_date, saldo
          from comprobante where ${open} and due_date < ${p.today}
          order by due_date, id limit ${OVERDUE_ATTENTION_LIMIT}) o) as overdue`;
}
