/**
 * Outbound work as rows (DESIGN.md §5): enqueued in the same transaction as the state change,
 * claimed with FOR UPDATE SKIP LOCKED (any number of nodes), retried with exponential backoff,
 * re-claimable after a crash once `locked_until` passes. Handlers must be idempotent.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index-tables.ts';
import { rowsOf } from '../db/query-rows.ts';

/** sri_batch: a batch issue (DESIGN.md §14), its lotes' progress in the payload (jobs/batch-runner.ts). */
export type JobKind = 'sri_send' | 'sri_authorize' | 'mail_comprobante' | 'webhook_delivery' | 'sri_batch';
export type JobRow = typeof jobs.$inferSelect;

export async function enqueueJob(tx: Db, p: { companyId: string; kind: JobKind; comprobanteId?: string; payload?: Record<string, unknown>; runAt?: Date }): Promise<void> {
  await tx.insert(jobs).values({ companyId: p.companyId, kind: p.kind, comprobanteId: p.comprobanteId ?? null, payload: p.payload ?? {}, runAt: p.runAt ?? new Date() });
}

/** Claim up to `limit` due jobs (optionally only one invoice's) for `leaseMs`. */
export async function claimJobs(db: Db, p: { now: Date; limit: number; leaseMs: number; comprobanteId?: string; kinds?: JobKind[] }): Promise<JobRow[]> {
  const onlyComprobante = p.comprobanteId ? sql`and comprobante_id = ${p.comprobanteId}` : sql``;
  const onlyKinds = p.kinds ? sql`and kind in ${p.kinds}` : sql``;
  const result = await db.execute(sql`
    update job set status = 'running', attempts = attempts + 1, locked_until = ${new Date(p.now.getTime() + p.leaseMs)}, updated_at = ${p.now}
    where (company_id, id) in (
      select company_id, id from job
      where ((status = 'pending' and run_at <= ${p.now}) or (status = 'running' and locked_until < ${p.now})) ${onlyComprobante} ${onlyKinds}
      order by run_at
      limit ${p.limit}
      for update skip locked
    )
    returning company_id, id, kind, comprobante_id, payload, attempts, last_error`);
  return rowsOf(result).map((r) => ({
    companyId: r.company_id as string,
    id: r.id as string,
    kind: r.kind as string,
    comprobanteId: (r.comprobante_id as string) ?? null,
    payload: (r.payload as Record<string, unknown>) ?? {},
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
  })) as JobRow[];
}

export async function completeJob(db: Db, job: Pick<JobRow, 'companyId' | 'id'>, now: Date): Promise<void> {
  await db.update(jobs).set({ status: 'done', lockedUntil: null, updatedAt: now }).where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id)));
}

/**
 * Give claimed jobs back without running them (graceful shutdown): due at once, unlocked, and the
 * claim not counted as an attempt, so another node takes them on its next pass instead of waiting
 * for the lease to run out.
 */
export async function releaseJobs(db: Db, claimed: ReadonlyArray<Pick<JobRow, 'companyId' | 'id'>>, now: Date): Promise<void> {
  for (const job of claimed) {
    await db
      .update(jobs)
      .set({ status: 'pending', lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, updatedAt: now })
      .where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id), eq(jobs.status, 'running')));
  }
}

/**
 * Backoff: 2 s, 4 s, 8 s … capped at 10 min. While the SRI is unreachable the SRI jobs back off
 * this way too; comprobante-worker.ts bounds the catch-up (one probe every SRI_PROBE_MS, and every
 * job the outage postponed made due at once when the SRI answers again).
 */
export function backoffMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 10 * 60 * 1000);
}

/**
 * Kinds retried for as long as it takes. An sri_* job carries an invoice that is already signed
 * and numbered (FIRMADA/RECIBIDA/EN_PROCESO): the secuencial is spent and the SRI may take up to
 * 24 h (longer while it is down), so abandoning the job would leave a legal document in limbo with
 * nothing left to move it. With the delay capped at 10 min a stuck invoice costs at most 144 calls
 * a day, and each failure stays visible in the job's `last_error` and in the worker's error log.
 */
const RETRIED_FOREVER: ReadonlySet<string> = new Set<JobKind>(['sri_send', 'sri_authorize', 'sri_batch']);

/**
 * Reschedule a claimed job after `delayMs` (default {@link backoffMs}) and record `error`.
 * Other kinds (mail) are marked 'failed' after `maxAttempts` (default 200); sri_* never are.
 */
export async function retryJob(db: Db, job: Pick<JobRow, 'companyId' | 'id' | 'attempts' | 'kind'>, p: { now: Date; error: string; payload?: Record<string, unknown>; maxAttempts?: number; delayMs?: number }): Promise<void> {
  const giveUp = !RETRIED_FOREVER.has(job.kind) && job.attempts >= (p.maxAttempts ?? 200);
  await db
    .update(jobs)
    .set({
      status: giveUp ? 'failed' : 'pending',
      runAt: new Date(p.now.getTime() + (p.delayMs ?? backoffMs(job.attempts))),
      lockedUntil: null,
      lastError: p.error.slice(0, 2000),
      updatedAt: p.now,
      ...(p.payload ? { payload: p.payload } : {}),
    })
    .where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id)));
}
