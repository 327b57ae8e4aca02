/**
 * The company's payments, cobros and pagos together (`GET /api/payments`, and through the list
 * export `GET /api/payments/export`, the CSV of payments): each with the document it belongs to.
 * Paged like every list (q: number, name, identification or reference; sort: fecha, valor,
 * createdAt; default newest first); `side` receivable | payable, `from` / `to` on the payment's
 * date ('YYYY-MM-DD', inclusive). Amounts are numbers (USD).
 */
import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, payments, receivedDocuments as rd } from '../../db/schema/index-tables.ts';
import { metaByCodDoc } from '../../../core/comprobante-types.ts';
import { invoiceNumero } from '../comprobantes/comprobante-view.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { paymentColumns, toPaymentView, type PaymentView } from './payment-view.ts';
import { resourceOfDocument, type PaymentSide } from './payment-documents.ts';

export interface PaymentListQuery extends ListQuery {
  side?: PaymentSide;
  from?: string;
  to?: string;
}

export type PaymentListItem = PaymentView & {
  side: PaymentSide;
  documentType: string;
  numero: string;
  razonSocial: string;
  identificacion: string;
  /** The document: its API resource and _id (`/api/{resource}/{_id}`). */
  document: { _id: string; resource: string };
  /** The same, flat, for a list's row link (list.json `rowLink`). */
  documentId: string;
  documentResource: string;
};

const SORTABLE = { fecha: payments.fecha, valor: payments.valor, createdAt: payments.createdAt };

/** receivable: our facturas and notas de débito; payable: our liquidaciones and received documents. */
const sideSql = sql<PaymentSide>`case when ${payments.receivedDocumentId} is not null or ${comprobantes.codDoc} = '03' then 'payable' else 'receivable' end`;

/**
 * @returns the page and the number of payments matching.
 * @throws AppError VALIDATION for a field that cannot be sorted on.
 */
export async function listPayments(db: Db, p: { companyId: string; query: PaymentListQuery }): Promise<{ items: PaymentListItem[]; total: number }> {
  const { limit, offset } = pageWindow(p.query);
  const where: SQL[] = [eq(payments.companyId, p.companyId)];
  if (p.query.side) where.push(sql`${sideSql} = ${p.query.side}`);
  if (p.query.from) where.push(gte(payments.fecha, p.query.from));
  if (p.query.to) where.push(lte(payments.fecha, p.query.to));
  const term = p.query.q?.trim();
  if (term) {
    const like = likePattern(term);
    where.push(
      or(
        ilike(payments.referencia, like),
        ilike(comprobantes.razonSocialComprador, like),
        ilike(comprobantes.identificacionComprador, like),
        ilike(rd.razonSocialEmisor, like),
        ilike(rd.rucEmisor, like),
        ilike(sql`${comprobantes.estab} || '-' || ${comprobantes.ptoEmi} || '-' || lpad(${comprobantes.secuencial}::text, 9, '0')`, like),
        ilike(sql`${rd.estab} || '-' || ${rd.ptoEmi} || '-' || ${rd.secuencial}`, like),
      )!,
    );
  }
  const base = db
    .select({
      ...paymentColumns,
      side: sideSql,
      comprobanteId: payments.comprobanteId,
      receivedDocumentId: payments.receivedDocumentId,
      cCodDoc: comprobantes.codDoc,
      cEstab: comprobantes.estab,
      cPtoEmi: comprobantes.ptoEmi,
      cSecuencial: comprobantes.secuencial,
      cName: comprobantes.razonSocialComprador,
      cIdent: comprobantes.identificacionComprador,
      cTypeDetail: comprobantes.typeDetail,
      rCodDoc: rd.codDoc,
      rEstab: rd.estab,
      rPtoEmi: rd.ptoEmi,
      rSecuencial: rd.secuencial,
      rName: rd.razonSocialEmisor,
      rIdent: rd.rucEmisor,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(payments)
    .leftJoin(comprobantes, and(eq(comprobantes.companyId, payments.companyId), eq(comprobantes.id, payments.comprobanteId)))
    .leftJoin(rd, and(eq(rd.companyId, payments.companyId), eq(rd.id, payments.receivedDocumentId)))
    .where(and(...where));
  const rows = await base.orderBy(...orderByFor(p.query.sort, SORTABLE, [desc(payments.fecha), desc(payments.createdAt)]), desc(payments.id)).limit(limit).offset(offset);
  const items = rows.map((r): PaymentListItem => {
    const received = r.receivedDocumentId !== null;
    const codDoc = (received ? r.rCodDoc : r.cCodDoc) ?? '01';
    const label = metaByCodDoc(codDoc)?.label ?? 'Comprobante';
    return {
      ...toPaymentView(r),
      side: r.side,
      documentType: received ? `${label} recibida` : label,
      numero: received ? `${r.rEstab}-${r.rPtoEmi}-${r.rSecuencial}` : (invoiceNumero({ estab: r.cEstab ?? '', ptoEmi: r.cPtoEmi ?? '', secuencial: r.cSecuencial }) ?? ''),
      razonSocial: (received ? r.rName : r.cName) ?? '',
      identificacion: (received ? r.rIdent : r.cIdent) ?? '',
      document: { _id: (received ? r.receivedDocumentId : r.comprobanteId)!, resource: resourceOfDocument(received ? 'received' : 'comprobante', codDoc) },
      documentId: (received ? r.receivedDocumentId : r.comprobanteId)!,
      documentResource: resourceOfDocument(received ? 'received' : 'comprobante', codDoc),
    };
  });
  return { items, total: rows[0]?.total ?? (offset > 0 ? await countPayments(db, where) : 0) };
}

async function countPayments(db: Db, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(payments)
    .leftJoin(comprobantes, and(eq(comprobantes.companyId, payments.companyId), eq(comprobantes.id, payments.comprobanteId)))
    .leftJoin(rd, and(eq(rd.companyId, payments.companyId), eq(rd.id, payments.receivedDocumentId)))
    .where(and(...where));
  return row?.n ?? 0;
}
