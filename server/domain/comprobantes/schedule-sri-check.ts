/**
 * "Ask the SRI again" (POST /api/{invoice|credit-note|debit-note}/:id/authorize) as a job: make the invoice's SRI work due
 * now without ever giving it a second job. Whether that work sends or only asks is the worker's
 * decision (jobs/sri-jobs.ts: once a send was attempted it asks authorisation first), so this
 * never causes a blind resend.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, jobs } from '../../db/schema/index-tables.ts';
import { AppError, notFound, COMPROBANTE_LOCKED } from '../../errors.ts';
import { enqueueJob } from '../../db/repositories/jobs.ts';
import { isWaitingForSri } from '../../../core/comprobante-status.ts';
import { findComprobanteColumns } from '../../db/repositories/comprobantes.ts';

/** What scheduleSriCheck did: moved a pending job to now, found one running, or added one. */
export type SriCheckScheduling = 'rescheduled' | 'running' | 'enqueued';

/**
 * In one transaction, with the invoice row locked FOR UPDATE (so two calls for the same invoice
 * queue instead of both adding a job): a pending sri_send/sri_authorize job of the invoice is made
 * due at `now`; one being run by a worker is left alone; with none, one is enqueued (sri_send while
 * FIRMADA, else sri_authorize).
 * @throws AppError NOT_FOUND (not this company's invoice), INVOICE_LOCKED (status is not FIRMADA,
 *   RECIBIDA or EN_PROCESO: there is nothing to ask the SRI).
 */
export async function scheduleSriCheck(db: Db, p: { companyId: string; comprobanteId: string; now: Date }): Promise<SriCheckScheduling> {
  return db.transaction(async (tx) => {
    const invoice = await findComprobanteColumns(tx, { status: comprobantes.status, codDoc: comprobantes.codDoc }, { companyId: p.companyId, id: p.comprobanteId }, { lock: true });
    if (!invoice) throw notFound('El comprobante');
    if (!isWaitingForSri(invoice.status)) throw new AppError(COMPROBANTE_LOCKED, `El comprobante está ${invoice.status}: no hay nada que consultar al SRI`);
    const open = await tx
      .select({ id: jobs.id, status: jobs.status, lockedUntil: jobs.lockedUntil })
      .from(jobs)
      .where(and(eq(jobs.companyId, p.companyId), eq(jobs.comprobanteId, p.comprobanteId), inArray(jobs.kind, ['sri_send', 'sri_authorize']), inArray(jobs.status, ['pending', 'running'])));
    // A running job whose lease has passed belongs to a worker that died: claimJobs takes it again.
    if (open.some((j) => j.status === 'running' && j.lockedUntil && j.lockedUntil.getTime() >= p.now.getTime())) return 'running';
    if (open.length > 0) {
      await tx
        .update(jobs)
        .set({ runAt: p.now, updatedAt: p.now })
        .where(and(eq(jobs.companyId, p.companyId), inArray(jobs.id, open.map((j) => j.id)), eq(jobs.status, 'pending'), gt(jobs.runAt, p.now)));
      return 'rescheduled';
    }
    await enqueueJob(tx, { companyId: p.companyId, kind: invoice.status === 'FIRMADA' ? 'sri_send' : 'sri_authorize', comprobanteId: p.comprobanteId, runAt: p.now });
    return 'enqueued';
  });
}
