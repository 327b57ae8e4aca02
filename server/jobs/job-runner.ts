/**
 * The job runner (DESIGN.md §5): claims due jobs (server/db/repositories/jobs.ts), hands each to
 * its kind's handler, and reschedules a failure with backoff. It knows no use case: the handlers
 * are given to it (server/app-worker.ts registers the app's), typed by kind (job.ts).
 * An SRI outage is the one failure it tells apart: a job the SRI did not answer is recorded with
 * SRI_UNAVAILABLE_PREFIX, a whole pass first makes one postponed job due every SRI_PROBE_MS
 * (probeSriIfDown), and when such a job succeeds the others it postponed go at once (wakeSriJobs).
 */
import type { Db } from '../db/client.ts';
import { SriUnavailableError } from '../sri/soap-client.ts';
import { claimJobs, JOB_KINDS, probeSriIfDown, releaseJobs, retryJob, SRI_UNAVAILABLE_PREFIX, wakeSriJobs, type JobKind, type JobRow } from '../db/repositories/jobs.ts';
import { readJob, type Job, type JobHandlers } from './job.ts';

/** How long a claimed job is the claimer's (claimJobs `leaseMs`), ms. */
export const JOB_LEASE_MS = 60_000;

/** What the runner needs: the database, the clock, a log, and the handlers of the kinds it runs. */
export interface JobRunner<K extends JobKind = JobKind> {
  db: Db;
  clock: () => Date;
  log?: { error(obj: object, msg: string): void };
  handlers: Pick<JobHandlers, K>;
}

/**
 * Run `work` for a claimed job (by default its kind's handler); a failure reschedules the job with
 * backoff (retryJob) and @returns undefined, as does an SRI that did not answer (recorded, not
 * logged). When the job had waited out an SRI outage and now ran, the other jobs the outage
 * postponed are made due.
 */
export async function runClaimedJob<K extends JobKind, T = void>(runner: JobRunner<K>, job: Job<K> | JobRow, work?: () => Promise<T>): Promise<T | undefined> {
  try {
    const result = work ? await work() : await dispatch(runner, readJob(job as JobRow) as Job<K>);
    if (job.lastError?.startsWith(SRI_UNAVAILABLE_PREFIX)) await wakeSriJobs(runner.db, runner.clock());
    return result as T;
  } catch (err) {
    const reason = err instanceof SriUnavailableError ? `${SRI_UNAVAILABLE_PREFIX}: ${err.message}` : (err as Error).message;
    if (!(err instanceof SriUnavailableError)) runner.log?.error({ err, job: job.id, kind: job.kind }, 'job failed');
    await retryJob(runner.db, job, { now: runner.clock(), error: reason });
    return undefined;
  }
}

/** Hand a job to its kind's handler (the union is narrowed by `kind`; TS cannot relate the two lookups). */
function dispatch<K extends JobKind>(runner: JobRunner<K>, job: Job<K>): Promise<void> {
  const handler = runner.handlers[job.kind as K] as (job: Job<K>) => Promise<void>;
  return handler(job);
}

/**
 * Claim and run due jobs once, of `kinds` (default: every kind the runner has a handler for),
 * optionally only one comprobante's. @returns how many ran. Failures reschedule with backoff.
 * `shouldStop` (shutting down): the job in hand is finished, the rest are handed back at once.
 */
export async function runDueJobs<K extends JobKind>(runner: JobRunner<K>, opts: { limit?: number; comprobanteId?: string; kinds?: K[]; shouldStop?: () => boolean } = {}): Promise<number> {
  // A whole pass of the worker (not a caller's narrowed run): ask a down SRI again at least every SRI_PROBE_MS.
  if (!opts.comprobanteId && !opts.kinds) await probeSriIfDown(runner.db, runner.clock());
  // A runner without every kind's handler claims only the kinds it can run.
  const kinds = opts.kinds ?? (JOB_KINDS.every((k) => k in runner.handlers) ? undefined : (Object.keys(runner.handlers) as K[]));
  const jobs = await claimJobs(runner.db, { now: runner.clock(), limit: opts.limit ?? 20, leaseMs: JOB_LEASE_MS, comprobanteId: opts.comprobanteId, kinds });
  for (const [i, job] of jobs.entries()) {
    if (opts.shouldStop?.()) {
      await releaseJobs(runner.db, jobs.slice(i), runner.clock());
      return i;
    }
    await runClaimedJob(runner, job);
  }
  return jobs.length;
}

/**
 * Poll for due jobs every `intervalMs` until stopped; `kick()` runs a pass at once. `stop()` (app
 * close, SIGTERM) lets the job in hand finish and releases the other claimed ones (releaseJobs).
 */
export function startWorker(runner: JobRunner, intervalMs = 1000) {
  let running = false;
  let stopped = false;
  const pass = async () => {
    if (running || stopped) return;
    running = true;
    try {
      while (!stopped && (await runDueJobs(runner, { shouldStop: () => stopped })) > 0);
    } catch (err) {
      runner.log?.error({ err }, 'worker pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    kick: () => void pass(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
