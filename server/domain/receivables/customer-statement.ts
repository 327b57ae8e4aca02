/**
 * The estado de cuenta of a customer for a period (DESIGN.md §12: `GET /api/customer/{_id}/statement
 * ?from=&to=`): the balance brought forward, every movement of the period in date order with the
 * running balance (facturas and notas de débito issued as cargos; authorised notas de crédito,
 * retenciones received and payments as abonos), the totals, and the documents still open at the
 * period's end with their days past due. Only documents in the books count (AUTORIZADA, not
 * annulled; retenciones received confirmed and not annulled). Decimal sums; amounts in the answer
 * are numbers (USD, 2 places), dates 'YYYY-MM-DD'.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';

import { agingDocuments } from './aging.ts';
import type { CustomerStatement, StatementLine, StatementMove } from '../../../core/customer-statement.ts';
import { rowsOf } from '../../db/query-rows.ts';

export type { CustomerStatement, StatementLine, StatementMove };

type Row = Record<string, unknown>;
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const ORDER: Record<StatementMove, number> = { documento: 0, nota_credito: 1, retencion: 2, pago: 3 };

/** Every movement of the customer up to `to`, as (fecha, kind, amount) rows. */
function movementsSql(p: { companyId: string; customerId: string; to: string }) {
  return sql`
    SELECT 'documento' AS kind, d.fecha_emision AS fecha, d.id AS document_id, d.cod_doc, d.estab || '-' || d.pto_emi || '-' || lpad(d.secuencial::text, 9, '0') AS numero,
      NULL::text AS applies_to, NULL::text AS forma_pago, NULL::text AS referencia, d.importe_total AS amount, d.created_at AS at
    FROM comprobante d
    WHERE d.company_id = ${p.companyId} AND d.customer_id = ${p.customerId}::uuid AND d.cod_doc IN ('01', '05') AND d.status = 'AUTORIZADA' AND d.fecha_emision <= ${p.to}::date
    UNION ALL
    SELECT 'nota_credito', n.fecha_emision, n.related_id, n.cod_doc, n.estab || '-' || n.pto_emi || '-' || lpad(n.secuencial::text, 9, '0'),
      f.estab || '-' || f.pto_emi || '-' || lpad(f.secuencial::text, 9, '0'), NULL, NULL, n.importe_total, n.created_at
    FROM comprobante n JOIN comprobante f ON f.company_id = n.company_id AND f.id = n.related_id
    WHERE n.company_id = ${p.companyId} AND n.cod_doc = '04' AND n.status = 'AUTORIZADA' AND n.fecha_emision <= ${p.to}::date
      AND f.customer_id = ${p.customerId}::uuid AND f.status = 'AUTORIZADA'
    UNION ALL
    SELECT 'retencion', r.fecha_emision, r.related_id, r.cod_doc, r.estab || '-' || r.pto_emi || '-' || lpad(r.secuencial, 9, '0'),
      f.estab || '-' || f.pto_emi || '-' || lpad(f.secuencial::text, 9, '0'), NULL, NULL, received_retention_amount(r), r.created_at
    FROM received_document r JOIN comprobante f ON f.company_id = r.company_id AND f.id = r.related_id
    WHERE r.company_id = ${p.companyId} AND r.cod_doc = '07' AND r.fecha_emision <= ${p.to}::date AND received_counts(r)
      AND f.customer_id = ${p.customerId}::uuid AND f.status = 'AUTORIZADA'
    UNION ALL
    SELECT 'pago', pa.fecha, pa.comprobante_id, f.cod_doc, f.estab || '-' || f.pto_emi || '-' || lpad(f.secuencial::text, 9, '0'),
      NULL, pa.forma_pago, pa.referencia, pa.valor, pa.created_at
    FROM payment pa JOIN comprobante f ON f.company_id = pa.company_id AND f.id = pa.comprobante_id
    WHERE pa.company_id = ${p.companyId} AND pa.fecha <= ${p.to}::date
      AND f.customer_id = ${p.customerId}::uuid AND f.cod_doc IN ('01', '05') AND f.status = 'AUTORIZADA'`;
}

const typeLabel = (codDoc: string) => metaByCodDoc(codDoc)?.label ?? 'Comprobante';

/**
 * @param p.from, p.to the period, inclusive ('YYYY-MM-DD'); `formasPago` names SRI tabla 24 codes in the lines.
 * @throws AppError NOT_FOUND (another company's customer), VALIDATION (from after to).
 */
export async function customerStatement(db: Db, p: { companyId: string; customerId: string; from: string; to: string; today: string; formasPago?: Record<string, string> }): Promise<CustomerStatement> {
  if (p.from > p.to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
  const [customer] = await db.select().from(customers).where(and(eq(customers.companyId, p.companyId), eq(customers.id, p.customerId)));
  if (!customer) throw notFound('El cliente');
  const moves = rowsOf<Row>(await db.execute(movementsSql({ companyId: p.companyId, customerId: p.customerId, to: p.to })))
    .map((r) => ({
      kind: r.kind as StatementMove,
      fecha: day(r.fecha),
      documentId: String(r.document_id),
      codDoc: String(r.cod_doc),
      numero: String(r.numero),
      appliesTo: r.applies_to === null ? null : String(r.applies_to),
      formaPago: r.forma_pago === null ? null : String(r.forma_pago),
      referencia: r.referencia === null ? null : String(r.referencia),
      amount: new Decimal(String(r.amount)),
      at: String(r.at),
    }))
    .sort((a, b) => a.fecha.localeCompare(b.fecha) || ORDER[a.kind] - ORDER[b.kind] || a.at.localeCompare(b.at) || a.numero.localeCompare(b.numero));

  const signed = (m: (typeof moves)[number]) => (m.kind === 'documento' ? m.amount : m.amount.negated());
  let balance = moves.filter((m) => m.fecha < p.from).reduce((s, m) => s.plus(signed(m)), new Decimal(0));
  const opening = balance;
  let cargos = new Decimal(0);
  let abonos = new Decimal(0);
  const lines: StatementLine[] = [];
  for (const m of moves.filter((x) => x.fecha >= p.from)) {
    balance = balance.plus(signed(m));
    if (m.kind === 'documento') cargos = cargos.plus(m.amount);
    else abonos = abonos.plus(m.amount);
    const forma = m.formaPago ? `${m.formaPago}${p.formasPago?.[m.formaPago] ? ` ${p.formasPago[m.formaPago]}` : ''}` : '';
    lines.push({
      fecha: m.fecha,
      kind: m.kind,
      documentType: m.kind === 'documento' ? typeLabel(m.codDoc) : m.kind === 'nota_credito' ? 'Nota de crédito' : m.kind === 'retencion' ? 'Retención recibida' : 'Pago',
      numero: m.numero,
      detalle:
        m.kind === 'documento'
          ? ''
          : m.kind === 'pago'
            ? `${typeLabel(m.codDoc)} ${m.numero} · ${forma}${m.referencia ? ` · ${m.referencia}` : ''}`
            : `Sobre la factura ${m.appliesTo}`,
      cargo: m.kind === 'documento' ? m.amount.toNumber() : 0,
      abono: m.kind === 'documento' ? 0 : m.amount.toNumber(),
      saldo: balance.toNumber(),
      documentId: m.documentId,
      resource: m.codDoc === '05' ? 'debit-note' : 'invoice',
    });
  }
  const open = await agingDocuments(db, { companyId: p.companyId, side: 'receivable', counterpart: p.customerId, query: { date: p.to > p.today ? p.today : p.to, per_page: 1_000_000 }, today: p.today });
  return {
    customer: { _id: customer.id, razonSocial: customer.razonSocial, identificacion: customer.identificacion, tipoIdentificacion: customer.tipoIdentificacion, email: customer.email, direccion: customer.direccion, telefono: customer.telefono },
    from: p.from,
    to: p.to,
    openingBalance: opening.toNumber(),
    lines,
    totals: { cargos: cargos.toNumber(), abonos: abonos.toNumber() },
    closingBalance: balance.toNumber(),
    openDocuments: open.items,
  };
}

/** The default period: the first day of the month three months before `today`, to `today`. */
export function defaultStatementPeriod(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const from = new Date(Date.UTC(y, m - 1 - 2, 1)).toISOString().slice(0, 10);
  return { from, to: today };
}

