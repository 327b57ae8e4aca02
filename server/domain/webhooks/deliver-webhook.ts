/**
 * One delivery attempt of a webhook event to an endpoint, and the job handler that retries it
 * (DESIGN.md §9): POST the event as JSON, signed (sign-webhook.ts), with a timeout and without
 * following redirects (a redirect could point at a private address); a 2xx answer is success,
 * anything else (other status, timeout, network error, refused target) is a failure, retried with
 * backoff until 24 h after the event (first retry after 30 s). Every attempt is logged in
 * webhook_delivery.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index-tables.ts';
import { completeJob, retryJob } from '../../db/repositories/jobs.ts';
import type { Job } from '../../jobs/job.ts';
import { webhookTargetProblem } from './check-webhook-target.ts';
import { SIGNATURE_HEADER, signatureHeader } from './sign-webhook.ts';
import { webhookBody, type WebhookEvent } from './webhook-events.ts';
import { webhookJobPayloadOf } from './webhook-jobs.ts';
import { toDeliveryView, type WebhookDeliveryView } from './webhook-views.ts';
import { deliveryTarget } from './webhook-url.ts';

/** What delivering needs besides the database (AppDeps / WorkerDeps `webhooks`). */
export interface WebhookDeliveryOptions {
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE=1: deliver to loopback and private addresses too. */
  allowPrivate: boolean;
  /** Per-attempt timeout, ms (default 10 s: well inside the job's 60 s lease). */
  timeoutMs?: number;
}

/** Deliveries are retried until this long after the event was created. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;

/**
 * When to try again after failed attempt number `attempt` (1-based) of an event created at
 * `createdSec`: 30 s, 2 min, 8 min, 32 min, 2 h 8 min, then every 6 h, the last exactly at the
 * end of the 24 h window. @returns null when the window is over (give up).
 */
export function nextAttemptAt(p: { attempt: number; createdSec: number; now: Date }): Date | null {
  const deadline = p.createdSec * 1000 + RETRY_WINDOW_MS;
  if (p.now.getTime() >= deadline) return null;
  const delay = Math.min(30_000 * 4 ** (p.attempt - 1), 6 * 3600 * 1000);
  return new Date(Math.min(p.now.getTime() + delay, deadline));
}

type EndpointRow = Pick<typeof webhookEndpoints.$inferSelect, 'companyId' | 'id' | 'url' | 'secretEncrypted'>;

/** POST the event once. Never throws: a failure is an outcome with its reason. */
async function post(options: WebhookDeliveryOptions, endpoint: EndpointRow, event: WebhookEvent, now: Date) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = await webhookTargetProblem(endpoint.url, { allowPrivate: options.allowPrivate });
  if (problem) return { ok: false, httpStatus: null, responseTimeMs: elapsed(), error: problem };
  const body = webhookBody(event);
  const secret = options.secretBox.open(endpoint.secretEncrypted).toString('utf8');
  const target = deliveryTarget(endpoint.url);
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      headers: { 'content-type': 'application/json', 'user-agent': 'Emite-Webhooks/1', [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(now.getTime() / 1000), body), ...(target.authorization ? { authorization: target.authorization } : {}) },
      body,
    });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { ok, httpStatus: res.status, responseTimeMs: elapsed(), error: ok ? null : `El receptor respondió HTTP ${res.status}` };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return { ok: false, httpStatus: null, responseTimeMs: elapsed(), error: timedOut ? 'El receptor no respondió a tiempo' : `No se pudo conectar: ${(err as Error).message}` };
  }
}

/**
 * Attempt number `attempt` of `event` at the company's endpoint `endpointId`, logged with
 * `retryAt` as its next attempt when it fails (null: the caller will not retry).
 * @returns the log row, or null when the endpoint no longer exists (nothing sent).
 */
export async function attemptWebhookDelivery(
  db: Db,
  options: WebhookDeliveryOptions,
  p: { companyId: string; endpointId: string; event: WebhookEvent; attempt: number; now: Date; retryAt: Date | null },
): Promise<WebhookDeliveryView | null> {
  const [endpoint] = await db
    .select({ companyId: webhookEndpoints.companyId, id: webhookEndpoints.id, url: webhookEndpoints.url, secretEncrypted: webhookEndpoints.secretEncrypted })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)));
  if (!endpoint) return null;
  const outcome = await post(options, endpoint, p.event, p.now);
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      companyId: p.companyId,
      endpointId: p.endpointId,
      eventId: p.event.id,
      eventType: p.event.type,
      attempt: p.attempt,
      status: outcome.ok ? 'succeeded' : 'failed',
      httpStatus: outcome.httpStatus,
      responseTimeMs: outcome.responseTimeMs,
      error: outcome.error,
      nextAttemptAt: outcome.ok ? null : p.retryAt,
      at: p.now,
    })
    .returning();
  return toDeliveryView(row);
}

/**
 * The worker's handler for 'webhook_delivery' jobs: one attempt (the job's attempt count), then
 * done, rescheduled at {@link nextAttemptAt}, or marked failed when the 24 h window is over.
 * @throws Error when the worker was built without webhook options (runDueJobs retries it).
 */
export async function handleWebhookDelivery(deps: { db: Db; clock: () => Date; webhooks?: WebhookDeliveryOptions }, job: Job<'webhook_delivery'>): Promise<void> {
  if (!deps.webhooks) throw new Error('El trabajador no tiene configurados los webhooks');
  const { endpointId, event } = webhookJobPayloadOf(job.payload);
  const now = deps.clock();
  const retryAt = nextAttemptAt({ attempt: job.attempts, createdSec: event.created, now });
  const logged = await attemptWebhookDelivery(deps.db, deps.webhooks, {
    companyId: job.companyId,
    endpointId,
    event,
    attempt: job.attempts,
    now,
    retryAt,
  });
  if (!logged || logged.status === 'succeeded') return completeJob(deps.db, job, deps.clock());
  await retryJob(deps.db, job, {
    now,
    error: logged.error ?? 'falló',
    delayMs: retryAt ? retryAt.getTime() - now.getTime() : 0,
    // Past the window: maxAttempts at the count reached marks the job failed.
    maxAttempts: retryAt ? Number.MAX_SAFE_INTEGER : job.attempts,
  });
}
