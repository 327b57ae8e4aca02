/**
 * Deletes a payment of a document (`DELETE /api/{resource}/{_id}/payments/{paymentId}`), with its
 * audit row (payment_event DELETED: who, when, and what the payment was), in one transaction that
 * holds the document's row lock like recordPayment, so the saldo a concurrent payment checks is
 * never stale. A trigger takes the payment out of the document's `paid`.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/index-tables.ts';
import { notFound } from '../../errors.ts';
import { loadPaymentTarget, type PaymentResource } from './payment-documents.ts';

/** @throws AppError NOT_FOUND (the document, or a payment that is not this document's). */
export async function deletePayment(db: Db, p: { companyId: string; resource: PaymentResource; id: string; paymentId: string; userId: string | null; apiKeyId: string | null; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await loadPaymentTarget(tx, { companyId: p.companyId, resource: p.resource, id: p.id, lock: true });
    const ofDocument = target.table === 'comprobante' ? eq(payments.comprobanteId, target.id) : eq(payments.receivedDocumentId, target.id);
    const [gone] = await tx.delete(payments).where(and(eq(payments.companyId, p.companyId), eq(payments.id, p.paymentId), ofDocument)).returning();
    if (!gone) throw notFound('El pago');
    await tx.insert(paymentEvents).values({
      companyId: p.companyId,
      paymentId: gone.id,
      action: 'DELETED',
      comprobanteId: gone.comprobanteId,
      receivedDocumentId: gone.receivedDocumentId,
      fecha: gone.fecha,
      formaPago: gone.formaPago,
      valor: gone.valor,
      referencia: gone.referencia,
      userId: p.userId,
      apiKeyId: p.apiKeyId,
      at: p.now,
    });
  });
}
