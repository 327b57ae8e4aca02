/** The payments of one document, oldest first (`GET /api/{resource}/{_id}/payments`). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index-tables.ts';
import { loadPaymentTarget, type PaymentResource } from './payment-documents.ts';
import { paymentColumns, toPaymentView, type PaymentView } from './payment-view.ts';

/** @throws AppError NOT_FOUND for a document that is not the company's (or not of `resource`). */
export async function listDocumentPayments(db: Db, p: { companyId: string; resource: PaymentResource; id: string }): Promise<PaymentView[]> {
  const target = await loadPaymentTarget(db, p);
  const ofDocument = target.table === 'comprobante' ? eq(payments.comprobanteId, target.id) : eq(payments.receivedDocumentId, target.id);
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.companyId, p.companyId), ofDocument))
    .orderBy(asc(payments.fecha), asc(payments.createdAt), asc(payments.id));
  return rows.map(toPaymentView);
}
