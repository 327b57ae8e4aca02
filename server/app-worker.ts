/**
 * The app's job worker, composed: the runner (server/jobs/job-runner.ts) with each kind's handler
 * registered from the use cases that own it (a comprobante's SRI and mail jobs, webhook
 * deliveries, batch issues). buildApp starts it; tests run its passes by hand (runDueJobs).
 */
import type { JobKind } from './db/repositories/jobs.ts';
import type { Job, JobHandlers } from './jobs/job.ts';
import { runDueJobs as runJobs, startWorker as startRunner, type JobRunner } from './jobs/job-runner.ts';
import { comprobanteJobHandlers, type SriJobDeps } from './domain/comprobantes/jobs/sri-jobs.ts';
import { handleWebhookDelivery, type WebhookDeliveryOptions } from './domain/webhooks/deliver-webhook.ts';
import { retryJob } from './db/repositories/jobs.ts';

export interface WorkerDeps extends SriJobDeps {
  /** Webhook deliveries (secret box, private-target rule); without it those jobs wait. */
  webhooks?: WebhookDeliveryOptions;
  /** Runs an sri_batch job (domain/comprobantes/batch/run-batch.ts runBatchJob, bound by app.ts); without it those jobs wait. */
  runBatch?: (job: Job<'sri_batch'>) => Promise<void>;
}

/** Every kind's handler, over `deps`. */
export function jobHandlers(deps: WorkerDeps): JobHandlers {
  return {
    ...comprobanteJobHandlers(deps),
    webhook_delivery: (job) => handleWebhookDelivery(deps, job),
    sri_batch: async (job) => {
      if (!deps.runBatch) return retryJob(deps.db, job, { now: deps.clock(), error: 'este nodo no ejecuta lotes' });
      await deps.runBatch(job);
    },
  };
}

/** The runner with every kind's handler. */
export function jobRunner(deps: WorkerDeps): JobRunner {
  return { db: deps.db, clock: deps.clock, log: deps.log, handlers: jobHandlers(deps) };
}

/**
 * Claim and run due jobs once (server/jobs/job-runner.ts runDueJobs, with every kind's handler).
 * @returns how many ran.
 */
export function runDueJobs(deps: WorkerDeps, opts: { limit?: number; comprobanteId?: string; kinds?: JobKind[]; shouldStop?: () => boolean } = {}): Promise<number> {
  return runJobs(jobRunner(deps), opts);
}

/** Poll for due jobs every `intervalMs` until stopped (server/jobs/job-runner.ts startWorker). */
export function startWorker(deps: WorkerDeps, intervalMs = 1000) {
  return startRunner(jobRunner(deps), intervalMs);
}
