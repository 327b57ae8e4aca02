/**
 * What each counterpart owed (receivables) or was owed (payables) on a date, document by document
 * (DESIGN.md §12): the aging reports and the estado de cuenta read this. A document counts when it
 * is in the books (an AUTORIZADA factura or nota de débito of ours; a confirmed, not annulled
 * factura or nota de débito received; our AUTORIZADA liquidación de compra), was issued on or
 * before the date, and had something left on it that day.
 *
 * The balance on the date is the row's kept balance plus what reduced it after the date (payments
 * dated later, notas de crédito and retenciones issued later), so only documents open today or
 * touched after the date are read: for today, only the partial index of what is still owed.
 * Amounts are 2-place strings (USD); dates 'YYYY-MM-DD'.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PaymentResource, PaymentSide } from '../payments/payment-documents.ts';
import { resourceOfDocument } from '../payments/payment-documents.ts';
import { rowsOf } from '../../db/query-rows.ts';

export interface OpenDocument {
  table: 'comprobante' | 'received';
  resource: PaymentResource;
  id: string;
  codDoc: string;
  /** '001-001-000000123'. */
  numero: string;
  fechaEmision: string;
  dueDate: string;
  counterpart: { id: string | null; razonSocial: string; identificacion: string };
  importeTotal: string;
  /** Left on the date, > 0. */
  saldo: string;
}

type Row = Record<string, unknown>;
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const money = (v: unknown) => Number(v).toFixed(2);

function receivablesSql(p: { companyId: string; date: string; counterpart?: string }): SQL {
  const mine = p.counterpart ? sql`AND customer_id = ${p.counterpart}::uuid` : sql``;
  return sql`
    WITH after AS (
      SELECT target AS id, sum(amount) AS amount FROM (
        SELECT comprobante_id AS target, valor AS amount FROM payment
          WHERE company_id = ${p.companyId} AND comprobante_id IS NOT NULL AND fecha > ${p.date}::date
        UNION ALL
        SELECT related_id, importe_total FROM comprobante
          WHERE company_id = ${p.companyId} AND cod_doc = '04' AND status = 'AUTORIZADA' AND related_id IS NOT NULL AND fecha_emision > ${p.date}::date
        UNION ALL
        SELECT r.related_id, received_retention_amount(r) FROM received_document r
          WHERE r.company_id = ${p.companyId} AND r.cod_doc = '07' AND r.related_id IS NOT NULL AND r.fecha_emision > ${p.date}::date AND received_counts(r)
      ) x GROUP BY target
    ), candidates AS (
      SELECT id FROM comprobante WHERE company_id = ${p.companyId} AND cod_doc IN ('01', '05') AND payment_state IN ('PENDIENTE', 'PARCIAL') ${mine}
      UNION SELECT id FROM after
    )
    SELECT 'comprobante' AS "table", d.id, d.cod_doc, d.estab || '-' || d.pto_emi || '-' || lpad(d.secuencial::text, 9, '0') AS numero,
      d.fecha_emision, d.due_date, d.customer_id AS counterpart_id, d.razon_social_comprador AS razon_social, d.identificacion_comprador AS identificacion,
      d.importe_total, greatest(d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0), 0) AS saldo
    FROM candidates k
    JOIN comprobante d ON d.company_id = ${p.companyId} AND d.id = k.id
    LEFT JOIN after a ON a.id = d.id
    WHERE d.cod_doc IN ('01', '05') AND d.status = 'AUTORIZADA' AND d.fecha_emision <= ${p.date}::date ${p.counterpart ? sql`AND d.customer_id = ${p.counterpart}::uuid` : sql``}
      AND d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0) > 0`;
}

function payablesSql(p: { companyId: string; date: string; counterpart?: string }): SQL {
  const received = p.counterpart ? sql`AND supplier_id = ${p.counterpart}::uuid` : sql``;
  const settlement = p.counterpart ? sql`AND type_detail->>'supplier' = ${p.counterpart}` : sql``;
  return sql`
    WITH after AS (
      SELECT kind, id, sum(amount) AS amount FROM (
        SELECT CASE WHEN comprobante_id IS NULL THEN 'received' ELSE 'comprobante' END AS kind, coalesce(comprobante_id, received_document_id) AS id, valor AS amount FROM payment
          WHERE company_id = ${p.companyId} AND fecha > ${p.date}::date
        UNION ALL
        SELECT 'received', r.related_id, r.importe_total FROM received_document r
          WHERE r.company_id = ${p.companyId} AND r.cod_doc = '04' AND r.related_id IS NOT NULL AND r.fecha_emision > ${p.date}::date AND received_counts(r)
        UNION ALL
        SELECT w.kind, w.id, w.amount FROM comprobante c CROSS JOIN LATERAL issued_retention_amounts(c) w
          WHERE c.company_id = ${p.companyId} AND c.cod_doc = '07' AND c.status = 'AUTORIZADA' AND c.fecha_emision > ${p.date}::date
      ) x GROUP BY 1, 2
    )
    SELECT 'received' AS "table", d.id, d.cod_doc, d.estab || '-' || d.pto_emi || '-' || lpad(d.secuencial, 9, '0') AS numero,
      d.fecha_emision, d.due_date, d.supplier_id AS counterpart_id, d.razon_social_emisor AS razon_social, d.ruc_emisor AS identificacion,
      d.importe_total, greatest(d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0), 0) AS saldo
    FROM (SELECT id FROM received_document WHERE company_id = ${p.companyId} AND payment_state IN ('PENDIENTE', 'PARCIAL') ${received}
          UNION SELECT id FROM after WHERE kind = 'received') k
    JOIN received_document d ON d.company_id = ${p.companyId} AND d.id = k.id
    LEFT JOIN after a ON a.kind = 'received' AND a.id = d.id
    WHERE d.payment_state IS NOT NULL AND d.fecha_emision <= ${p.date}::date ${p.counterpart ? sql`AND d.supplier_id = ${p.counterpart}::uuid` : sql``}
      AND d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0) > 0
    UNION ALL
    SELECT 'comprobante', d.id, d.cod_doc, d.estab || '-' || d.pto_emi || '-' || lpad(d.secuencial::text, 9, '0'),
      d.fecha_emision, d.due_date, (d.type_detail->>'supplier')::uuid, d.razon_social_comprador, d.identificacion_comprador,
      d.importe_total, greatest(d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0), 0)
    FROM (SELECT id FROM comprobante WHERE company_id = ${p.companyId} AND cod_doc = '03' AND payment_state IN ('PENDIENTE', 'PARCIAL') ${settlement}
          UNION SELECT id FROM after WHERE kind = 'comprobante') k
    JOIN comprobante d ON d.company_id = ${p.companyId} AND d.id = k.id
    LEFT JOIN after a ON a.kind = 'comprobante' AND a.id = d.id
    WHERE d.cod_doc = '03' AND d.status = 'AUTORIZADA' AND d.fecha_emision <= ${p.date}::date ${p.counterpart ? sql`AND d.type_detail->>'supplier' = ${p.counterpart}` : sql``}
      AND d.importe_total - d.credited - d.withheld - d.paid + coalesce(a.amount, 0) > 0`;
}

/**
 * The documents with something left on `date`, oldest due first.
 * @param p.counterpart only this customer's (receivables) or supplier's (payables) record _id.
 */
export async function openDocumentsAt(db: Db, p: { companyId: string; side: PaymentSide; date: string; counterpart?: string }): Promise<OpenDocument[]> {
  const rows = rowsOf<Row>(await db.execute(p.side === 'receivable' ? receivablesSql(p) : payablesSql(p)));
  return rows
    .map((r) => {
      const table = r.table as 'comprobante' | 'received';
      const codDoc = String(r.cod_doc);
      return {
        table,
        resource: resourceOfDocument(table, codDoc),
        id: String(r.id),
        codDoc,
        numero: String(r.numero),
        fechaEmision: day(r.fecha_emision),
        dueDate: day(r.due_date ?? r.fecha_emision),
        counterpart: { id: r.counterpart_id === null || r.counterpart_id === undefined ? null : String(r.counterpart_id), razonSocial: String(r.razon_social), identificacion: String(r.identificacion) },
        importeTotal: money(r.importe_total),
        saldo: money(r.saldo),
      };
    })
    .sort((x, y) => x.dueDate.localeCompare(y.dueDate) || x.fechaEmision.localeCompare(y.fechaEmision) || x.numero.localeCompare(y.numero));
}
