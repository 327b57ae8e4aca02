/**
 * Reading a company's received comprobantes: the paged list (search, filters, sort, exact total),
 * one document with the retenciones issued on it, and deleting one no retención was issued on.
 */
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, payments, receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { invoiceNumero } from '../comprobantes/comprobante-view.ts';
import type { ReceivedDocumentRow } from './import-received-document.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { paymentStatusCondition, paymentStatusesOf, paymentStatusRank } from '../payments/payment-status-sql.ts';
import { toReceivedSummary, toReceivedView, WITHHOLDING_LIVE_STATUSES } from './received-view.ts';
import type { ReceivedSummary, ReceivedView, WithholdingRef } from '../../../core/received-view.ts';
import { comprobanteScope } from '../../db/repositories/comprobantes.ts';

export interface ReceivedListQuery extends ListQuery {
  /** Tabla 3 code(s), comma separated ('01,04'). */
  codDoc?: string;
  from?: string;
  to?: string;
  supplier?: string;
  /** 'true' | 'false': whether a live retención was issued on it. */
  withheld?: string;
  /** Retenciones received that withhold this factura of ours. */
  relatedInvoice?: string;
  /** PENDIENTE, PARCIAL, PAGADA, VENCIDA (one or several, comma separated): payables, DESIGN.md §12. */
  paymentStatus?: string;
  /** 'true' | 'false': confirmed by the SRI or not (DESIGN.md §10). */
  confirmado?: string;
}

/** `exists` a live retención (cod_doc 07, FIRMADA…AUTORIZADA) issued on the row. */
const withheldSql = sql<boolean>`exists (select 1 from ${comprobantes} c where c.company_id = ${rd.companyId} and c.related_id = ${rd.id} and c.cod_doc = '07' and c.status in (${sql.join(
  WITHHOLDING_LIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}))`;

const sortable = {
  fechaEmision: rd.fechaEmision,
  numero: sql`${rd.estab}, ${rd.ptoEmi}, ${rd.secuencial}`,
  razonSocialEmisor: rd.razonSocialEmisor,
  rucEmisor: rd.rucEmisor,
  importeTotal: rd.importeTotal,
  totalSinImpuestos: rd.totalSinImpuestos,
  totalIva: rd.totalIva,
  codDoc: rd.codDoc,
  createdAt: rd.createdAt,
  dueDate: rd.dueDate,
  saldo: rd.saldo,
};

/** Every column but the XML texts, the detail and the per-rate taxes (kilobytes in TOAST a list does not show). */
const { xml: _xml, authorizationXml: _authorizationXml, detail: _detail, impuestos: _impuestos, ...summaryColumns } = getTableColumns(rd);

/**
 * One page of the company's received documents, newest first by default. `q` matches the issuer's
 * name or RUC (ILIKE), the access key, or a number ('001-001-000000123' or the secuencial).
 * @returns items (money as numbers, USD) and the exact total.
 * @throws AppError VALIDATION for an unknown sort field or from > to.
 */
export async function listReceivedDocuments(db: Db, p: { companyId: string; query: ReceivedListQuery; today?: string }): Promise<{ items: ReceivedSummary[]; total: number }> {
  const q = p.query;
  const today = p.today ?? guayaquilDate(new Date());
  const conditions: SQL[] = [eq(rd.companyId, p.companyId)];
  if (q.codDoc) conditions.push(inArray(rd.codDoc, q.codDoc.split(',')));
  if (q.from) conditions.push(gte(rd.fechaEmision, q.from));
  if (q.to) conditions.push(lte(rd.fechaEmision, q.to));
  if (q.supplier) conditions.push(eq(rd.supplierId, q.supplier));
  if (q.relatedInvoice) conditions.push(eq(rd.relatedId, q.relatedInvoice));
  if (q.confirmado) conditions.push(eq(rd.confirmed, q.confirmado === 'true'));
  if (q.withheld === 'true') conditions.push(withheldSql);
  if (q.withheld === 'false') conditions.push(sql`not ${withheldSql}`);
  if (q.paymentStatus) conditions.push(paymentStatusCondition(rd, paymentStatusesOf(q.paymentStatus), today));
  if (q.from && q.to && q.from > q.to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
  if (q.q) {
    const term = q.q.trim();
    const byNumber: SQL[] = [];
    const numero = /^(\d{3})-(\d{3})-(\d{1,9})$/.exec(term);
    if (numero) byNumber.push(and(eq(rd.estab, numero[1]), eq(rd.ptoEmi, numero[2]), eq(rd.secuencial, numero[3].padStart(9, '0')))!);
    if (/^\d{1,9}$/.test(term)) byNumber.push(eq(rd.secuencial, term.padStart(9, '0')));
    if (/^\d{49}$/.test(term)) byNumber.push(eq(rd.claveAcceso, term));
    conditions.push(or(ilike(rd.razonSocialEmisor, likePattern(term)), ilike(rd.rucEmisor, likePattern(term)), ...byNumber)!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(q);
  const order = orderByFor(q.sort, { ...sortable, paymentStatus: paymentStatusRank(rd, today) }, [desc(rd.fechaEmision), desc(rd.createdAt), asc(rd.id)]);
  const [rows, [{ total }]] = await Promise.all([
    db.select({ ...summaryColumns, withheld: withheldSql }).from(rd).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(rd).where(where),
  ]);
  return { items: rows.map((r) => toReceivedSummary({ ...r, withheld: Boolean(r.withheld) }, today)), total: Number(total) };
}

/** The row, company-scoped. @throws AppError NOT_FOUND (also for another company's). */
export async function getReceivedDocumentRow(db: Db, p: { companyId: string; id: string }): Promise<ReceivedDocumentRow> {
  const [row] = await db.select().from(rd).where(and(eq(rd.companyId, p.companyId), eq(rd.id, p.id)));
  if (!row) throw notFound('El comprobante recibido');
  return row;
}

/** The retenciones this company issued on a received document (any status), oldest first. */
export async function withholdingsOf(db: Db, p: { companyId: string; id: string }): Promise<WithholdingRef[]> {
  const rows = await db
    .select({ id: comprobantes.id, estab: comprobantes.estab, ptoEmi: comprobantes.ptoEmi, secuencial: comprobantes.secuencial, status: comprobantes.status })
    .from(comprobantes)
    .where(comprobanteScope({ companyId: p.companyId, relatedId: p.id, codDoc: '07' }))
    .orderBy(asc(comprobantes.createdAt), asc(comprobantes.id));
  return rows.map((r) => ({ _id: r.id, numero: invoiceNumero(r), status: r.status }));
}

/** The API view of one document. @throws AppError NOT_FOUND. */
export async function getReceivedDocument(db: Db, p: { companyId: string; id: string; today?: string }): Promise<ReceivedView> {
  const row = await getReceivedDocumentRow(db, p);
  return toReceivedView(row, await withholdingsOf(db, p), p.today);
}

/**
 * Deletes a received document no retención was issued on (a draft included: the editor would lose
 * its sustento) and no payment was recorded on (the payments would lose their document).
 * @throws AppError NOT_FOUND, IN_USE (409) naming the retención or the payments.
 */
export async function deleteReceivedDocument(db: Db, p: { companyId: string; id: string }): Promise<void> {
  await getReceivedDocumentRow(db, p);
  const withholdings = await withholdingsOf(db, p);
  if (withholdings.length) {
    const w = withholdings[0];
    throw new AppError('IN_USE', `No se puede eliminar: la retención ${w.numero ?? '(borrador)'} se emitió sobre este comprobante`);
  }
  const [paid] = await db.select({ n: count() }).from(payments).where(and(eq(payments.companyId, p.companyId), eq(payments.receivedDocumentId, p.id)));
  if (Number(paid.n) > 0) throw new AppError('IN_USE', `No se puede eliminar: tiene ${Number(paid.n) === 1 ? 'un pago registrado' : `${paid.n} pagos registrados`}; elimínelos primero`);
  await db.delete(rd).where(and(eq(rd.companyId, p.companyId), eq(rd.id, p.id)));
}
