/**
 * The worker's side of resend-policy.ts: an invoice RECIBIDA long ago that the SRI still answers
 * zero autorizaciones for is sent again, and every step leaves an audit row (invoice history) and
 * the job's last_error: "se reenvía" before the call (so a crash during it is visible and does not
 * cause an immediate second resend), then what the SRI answered.
 */
import { and, eq, max } from 'drizzle-orm';
import { comprobanteEvents, comprobantes } from '../../../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../../../db/schema/invoicing.ts';
import { transitionComprobante } from '../transition-comprobante.ts';
import type { Ambiente } from '../../../sri/soap-client.ts';
import type { Db } from '../../../db/client.ts';
import { retryJob } from '../../../db/repositories/jobs.ts';
import type { Job } from '../../../jobs/job.ts';
import type { SriPort } from '../../../sri/sri-port.ts';
import { DEFAULT_RESEND_AFTER_MS, RESEND_NOTES, afterEmptyAutorizacion, afterResend } from './resend-policy.ts';

type ComprobanteRow = typeof comprobantes.$inferSelect;

/** How soon to ask for the authorisation after a resend the SRI accepted or already had, ms. */
const POLL_AFTER_RESEND_MS = 1000;

/** When the invoice was last sent: its newest audit row into RECIBIDA (the reception or a resend). */
async function lastSentAt(db: Db, invoice: ComprobanteRow): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(comprobanteEvents.at) })
    .from(comprobanteEvents)
    .where(and(eq(comprobanteEvents.companyId, invoice.companyId), eq(comprobanteEvents.comprobanteId, invoice.id), eq(comprobanteEvents.toStatus, 'RECIBIDA')));
  return row?.at ?? invoice.issuedAt ?? null;
}

/**
 * Called by the authorisation job after a zero-autorizaciones answer.
 * @returns true when it handled the job (resent and rescheduled, or completed it on DEVUELTA);
 *   false when it is not time to resend (the caller polls again as usual).
 * @throws SriUnavailableError from the resend (the caller retries the job; the next resend waits
 *   `resendAfterMs` again from the "se reenvía" row).
 */
export async function resendIfUnprocessed(
  deps: { db: Db; sri: SriPort; clock: () => Date; resendAfterMs?: number },
  job: Job<'sri_authorize'>,
  invoice: ComprobanteRow,
  ambiente: Ambiente,
): Promise<boolean> {
  if (invoice.status !== 'RECIBIDA' || !invoice.signedXml) return false;
  const resendAfterMs = deps.resendAfterMs ?? DEFAULT_RESEND_AFTER_MS;
  const sentAt = await lastSentAt(deps.db, invoice);
  const now = deps.clock();
  if (afterEmptyAutorizacion({ lastSentAt: sentAt, now, resendAfterMs }) === 'poll') return false;

  const ids = { companyId: invoice.companyId, comprobanteId: invoice.id };
  const minutes = Math.round((now.getTime() - sentAt!.getTime()) / 60_000);
  const marked = await transitionComprobante(deps.db, { ...ids, from: 'RECIBIDA', to: 'RECIBIDA', note: RESEND_NOTES.resending(minutes), now });
  if (!marked) return false;

  const answer = await deps.sri.validarComprobante(invoice.signedXml, ambiente);
  const at = deps.clock();
  const mensajes = answer.mensajes as SriMensajeRow[];
  const outcome = afterResend(answer);
  if (outcome === 'returned') {
    await transitionComprobante(deps.db, { ...ids, from: 'RECIBIDA', to: 'DEVUELTA', mensajes, now: at, completes: job });
    return true;
  }
  const note = outcome === 'received' ? RESEND_NOTES.received : RESEND_NOTES.alreadyThere(mensajes.map((m) => m.identificador).join(', '));
  await transitionComprobante(deps.db, { ...ids, from: 'RECIBIDA', to: 'RECIBIDA', mensajes, note, now: at });
  await retryJob(deps.db, job, { now: at, error: note, delayMs: POLL_AFTER_RESEND_MS });
  return true;
}
