/**
 * The job table's queries (DESIGN.md §5): outbound work as rows, enqueued in the same transaction
 * as the state change, claimed with FOR UPDATE SKIP LOCKED (any number of nodes), retried with
 * exponential backoff, re-claimable after a crash once `locked_until` passes. The runner that
 * claims and dispatches them is server/jobs/job-runner.ts; what each kind carries is
 * server/jobs/job.ts. Every function that touches one job puts its `company_id` in the WHERE.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobs } from '../schema/index-tables.ts';
import { rowsOf } from '../query-rows.ts';

/** The kinds of job the table holds. sri_batch: a batch issue (DESIGN.md §14), its lotes' progress in the payload. */
export const JOB_KINDS = ['sri_send', 'sri_authorize', 'mail_comprobante', 'webhook_delivery', 'sri_batch'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
/** A job as the table stores it (kind and payload untyped: server/jobs/job.ts readJob types them). */
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

/** Mark a claimed job done (and save its final `payload`, when given). */
export async function completeJob(db: Db, job: Pick<JobRow, 'companyId' | 'id'>, now: Date, payload?: Record<string, unknown>): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, updatedAt: now, ...(payload ? { payload } : {}) })
    .where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id)));
}

/**
 * Keep a claimed job's claim while it runs (a long job: a batch), until `now + leaseMs`, and save
 * its `payload` (its progress) when given: another node takes it only after a crash.
 */
export async function keepJobClaim(db: Db, job: Pick<JobRow, 'companyId' | 'id'>, p: { now: Date; leaseMs: number; payload?: Record<string, unknown> }): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: new Date(p.now.getTime() + p.leaseMs), updatedAt: p.now, ...(p.payload ? { payload: p.payload } : {}) })
    .where(and(eq(jobs.companyId, job.companyId), eq(jobs.id, job.id)));
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
 * Every claimed job back to pending, due now: what a process that is the database's only user
 * (embedded PGlite, one server per DATA_DIR) does as it starts, so that work a crash (kill -9,
 * power cut) left claimed resumes at once instead of when its lease (JOB_LEASE_MS, 60 s) runs out.
 * Never on PostgreSQL, where another node may be running those jobs.
 * @returns how many jobs were released.
 */
export async function releaseAllClaimedJobs(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    update job set status = 'pending', locked_until = null, run_at = least(run_at, ${now}),
      attempts = greatest(attempts - 1, 0), updated_at = ${now}
    where status = 'running'
    returning id`);
  return rowsOf(result).length;
}

/**
 * Backoff: 2 s, 4 s, 8 s … capped at 10 min. While the SRI is unreachable the SRI jobs back off
 * this way too; the runner (server/jobs/job-runner.ts) bounds the catch-up (one probe every SRI_PROBE_MS, and every
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

/** The `last_error` prefix of an SRI job that failed because the SRI did not answer (the runner writes it). */
export const SRI_UNAVAILABLE_PREFIX = 'SRI no disponible';

/** While the SRI is down, one of the jobs it postponed is tried this often, ms (issue 31's drill: catch-up within a minute). */
export const SRI_PROBE_MS = 30_000;

const SRI_KINDS = sql.raw(`('sri_send', 'sri_authorize')`);
const POSTPONED_BY_OUTAGE = sql.raw(`status = 'pending' and kind in ('sri_send', 'sri_authorize') and last_error like '${SRI_UNAVAILABLE_PREFIX}%'`);

/**
 * The SRI answered a job that an outage had postponed: every other job the outage postponed is due
 * now, instead of waiting out its backoff (up to 10 min). @returns how many were moved.
 */
export async function wakeSriJobs(db: Db, now: Date): Promise<number> {
  const res = await db.execute(sql`update job set run_at = ${now}, updated_at = ${now} where ${POSTPONED_BY_OUTAGE} and run_at > ${now} returning 1 as n`);
  return rowsOf(res).length;
}

/**
 * While SRI jobs wait because the SRI did not answer, and none was tried in the last SRI_PROBE_MS
 * nor is due: the one due soonest is made due now, so a pass asks the SRI at least every
 * SRI_PROBE_MS whatever the backoff says (one call, not one per document). The same statement on
 * several nodes makes at most a few probes. @returns whether a probe was made due.
 */
export async function probeSriIfDown(db: Db, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - SRI_PROBE_MS);
  const res = await db.execute(sql`
    update job set run_at = ${now}
    where (company_id, id) in (
      select company_id, id from job where ${POSTPONED_BY_OUTAGE} and run_at > ${now}
        and not exists (select 1 from job j where j.status in ('pending', 'running') and j.kind in ${SRI_KINDS} and j.last_error like ${`${SRI_UNAVAILABLE_PREFIX}%`} and (j.updated_at > ${since} or j.run_at <= ${now}))
      order by run_at limit 1)
    returning 1 as n`);
  return rowsOf(res).length > 0;
}
