/**
 * The worker that talks to the outside for invoices: sends FIRMADA invoices to the SRI reception
 * service, polls authorisation, and mails the authorised XML and RIDE to the buyer.
 * Rules (shared/sri/SRI.md "Handling"): persist the key before sending and reuse it on every retry;
 * every send is counted on the invoice (sri_send_attempts) before it is made, and once one was
 * made any later send first asks authorisation (the earlier one may have arrived and its answer been
 * lost), whichever job or route triggers it; an EN PROCESO answer there means the SRI has it: poll,
 * do not send. DEVUELTA 43 (clave registrada) or 70 (en procesamiento) -> ask authorisation, never
 * resend; zero autorizaciones -> poll again with backoff, and once the send is SRI_RESEND_AFTER_MS
 * old, resend (resend-policy.ts: the SRI did not process it; 43/45 then means it has it); authorised
 * only when estado AUTORIZADO. SRI jobs are never abandoned (job-queue.ts retryJob).
 * Every status change writes its audit row in the same transaction as the follow-up job.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedShape, runPrepared, type PreparedShape } from '../db/prepared-query.ts';
import { WAITING_FOR_SRI, isWaitingForSri } from '../../core/comprobante-status.ts';
import { companies, comprobantes } from '../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../db/schema/invoicing.ts';
import { SriUnavailableError, pickAutorizacion, type Ambiente, type AutorizacionResult } from '../sri/soap-client.ts';
import { transitionComprobante, type TransitionFollowUp } from '../domain/comprobantes/transition-comprobante.ts';
import { sendComprobanteMail } from '../domain/comprobantes/send-comprobante-mail.ts';
import { authorizationDocument } from '../domain/comprobantes/authorization-document.ts';
import type { Mailer } from '../mail/mailer.ts';
import { claimJobs, completeJob, releaseJobs, retryJob, type JobKind, type JobRow } from './job-queue.ts';
import type { SriPort } from './sri-port.ts';
import { resendIfUnprocessed } from './resend-unprocessed.ts';
import { handleWebhookDelivery, type WebhookDeliveryOptions } from '../domain/webhooks/deliver-webhook.ts';
import { rowsOf } from '../db/query-rows.ts';

export interface WorkerDeps {
  db: Db;
  sri: SriPort;
  mailer: Mailer;
  clock: () => Date;
  log?: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** SRI_RESEND_AFTER_MS (resend-policy.ts); default two minutes. */
  resendAfterMs?: number;
  /** Webhook deliveries (secret box, private-target rule); without it those jobs wait. */
  webhooks?: WebhookDeliveryOptions;
  /** Runs an sri_batch job (jobs/batch-runner.ts runBatchJob, bound by app.ts); without it those jobs wait. */
  runBatch?: (job: JobRow) => Promise<void>;
}

type ComprobanteRow = typeof comprobantes.$inferSelect;

const STILL_PROCESSING = new Set(['43', '70']);

/** How long a claimed job is the claimer's (job-queue.ts claimJobs `leaseMs`), ms. */
export const JOB_LEASE_MS = 60_000;

/**
 * What a caller that runs an invoice's SRI jobs one after the other (the issue route) hands a
 * handler: the invoice as it just wrote it (no re-read), and `chain`: the follow-up SRI job is
 * written already claimed by the caller (transitionComprobante `claimedUntil`) and handed back in
 * {@link JobStep.next}, so the caller runs it at once without claiming it.
 */
interface JobContext {
  invoice?: ComprobanteRow;
  chain?: boolean;
}

/** What a handler run with a {@link JobContext} leaves: the invoice as its last transition wrote it, and the follow-up job it claimed for the caller. */
interface JobStep {
  row?: ComprobanteRow;
  next?: JobRow;
}

/** A job row written claimed by its caller (as claimJobs would return it). */
function claimedJob(p: { companyId: string; id: string; kind: JobKind; comprobanteId: string; now: Date }): JobRow {
  return { companyId: p.companyId, id: p.id, kind: p.kind, comprobanteId: p.comprobanteId, payload: {}, status: 'running', attempts: 1, runAt: p.now, lockedUntil: new Date(p.now.getTime() + JOB_LEASE_MS), lastError: null, createdAt: p.now, updatedAt: p.now };
}

/** The follow-up SRI job of a transition: claimed for the caller when it chains (see {@link JobContext}). */
function followUp(kind: JobKind, now: Date, ctx?: JobContext): TransitionFollowUp {
  return ctx?.chain ? { kind, runAt: now, id: randomUUID(), claimedUntil: new Date(now.getTime() + JOB_LEASE_MS) } : { kind, runAt: now };
}

async function loadInvoice(db: Db, job: JobRow) {
  const [row] = await db.select().from(comprobantes).where(and(eq(comprobantes.companyId, job.companyId), eq(comprobantes.id, job.comprobanteId!)));
  return row;
}

/** The ambiente the comprobante was issued in: stored at issue, else digit 24 of its key. */
function ambienteOf(invoice: ComprobanteRow): Ambiente {
  return (invoice.ambiente ?? invoice.claveAcceso!.charAt(23)) as Ambiente;
}

/**
 * What an authorisation answer did: 'final' (AUTORIZADA or NO_AUTORIZADA), 'en_proceso' (the SRI
 * holds the comprobante and is still working on it) or 'none' (zero autorizaciones: not processed,
 * or never received).
 */
type AutorizacionOutcome = 'final' | 'en_proceso' | 'none';

/**
 * Apply an authorisation answer. With `followUp`, an EN PROCESO answer also enqueues an
 * sri_authorize job in the same statement (the caller is not itself the polling job). A final
 * answer (AUTORIZADO / NO AUTORIZADO) also marks `job` done in the same statement.
 * @returns the outcome, and the invoice as the final transition wrote it (none when it was no
 *   longer waiting for the SRI).
 */
async function applyAutorizacion(deps: WorkerDeps, job: JobRow, answer: AutorizacionResult, signedXml: string, followUp = false): Promise<{ outcome: AutorizacionOutcome; row?: ComprobanteRow }> {
  const now = deps.clock();
  const picked = pickAutorizacion(answer);
  if (!picked) return { outcome: 'none' };
  const mensajes = picked.mensajes as SriMensajeRow[];
  if (picked.estado === 'AUTORIZADO') {
    // The buyer gets the authorised XML and the RIDE by mail when they have an e-mail.
    const row = await transitionComprobante(deps.db, {
      companyId: job.companyId,
      comprobanteId: job.comprobanteId!,
      from: [...WAITING_FOR_SRI],
      to: 'AUTORIZADA',
      mensajes,
      now,
      set: {
        numeroAutorizacion: picked.numeroAutorizacion ?? null,
        fechaAutorizacion: picked.fechaAutorizacion ? new Date(picked.fechaAutorizacion) : now,
        authorizationXml: authorizationDocument({ ...picked, estado: 'AUTORIZADO', signedXml, mensajes }),
      },
      enqueue: { kind: 'mail_comprobante', runAt: now, onlyIfBuyerHasEmail: true },
      completes: job,
    });
    return { outcome: 'final', row };
  }
  if (picked.estado === 'NO AUTORIZADO') {
    const row = await transitionComprobante(deps.db, { companyId: job.companyId, comprobanteId: job.comprobanteId!, from: [...WAITING_FOR_SRI], to: 'NO_AUTORIZADA', mensajes, now, completes: job });
    return { outcome: 'final', row };
  }
  // EN PROCESO (seen in production): the SRI has the comprobante; keep polling, never resend.
  await transitionComprobante(deps.db, {
    companyId: job.companyId,
    comprobanteId: job.comprobanteId!,
    from: ['FIRMADA', 'RECIBIDA'],
    to: 'EN_PROCESO',
    mensajes,
    now,
    ...(followUp ? { enqueue: { kind: 'sri_authorize' as const, runAt: now } } : {}),
  });
  return { outcome: 'en_proceso' };
}

/**
 * Count a send before making it, committed, so that a lost answer or a crash during the call
 * still leaves the mark. @returns false when the invoice is no longer FIRMADA (nothing to send).
 */
async function recordSendAttempt(db: Db, invoice: ComprobanteRow, now: Date): Promise<boolean> {
  recordSendShape ??= preparedShape(
    db
      .update(comprobantes)
      .set({ sriSendAttempts: sql`${comprobantes.sriSendAttempts} + 1`, updatedAt: sql`${sql.placeholder('now')}` })
      .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), eq(comprobantes.id, sql.placeholder('id')), eq(comprobantes.status, 'FIRMADA')))
      .returning({ id: comprobantes.id })
      .toSQL(),
    (rows) => rows.length > 0,
  );
  return runPrepared(db, recordSendShape, { companyId: invoice.companyId, id: invoice.id, now: now.toISOString() });
}

/** recordSendAttempt's statement, built once (db/prepared-query.ts): it runs once per send. */
let recordSendShape: PreparedShape<boolean> | undefined;

async function handleSend(deps: WorkerDeps, job: JobRow, ctx?: JobContext): Promise<JobStep | void> {
  const invoice = ctx?.invoice ?? (await loadInvoice(deps.db, job));
  if (!invoice || invoice.status !== 'FIRMADA' || !invoice.signedXml || !invoice.claveAcceso) return completeJob(deps.db, job, deps.clock());
  const ambiente = ambienteOf(invoice);
  // A send was tried before (whichever job or route made it): its answer may have been lost after
  // the SRI received the comprobante. Ask first; never send the same key twice blindly.
  if (invoice.sriSendAttempts > 0) {
    const { outcome } = await applyAutorizacion(deps, job, await deps.sri.autorizacionComprobante(invoice.claveAcceso, ambiente), invoice.signedXml, true);
    // 'final': the job is done with the transition. 'en_proceso': the SRI has it and an
    // sri_authorize job now polls it; sending again would only earn a 43/70.
    if (outcome === 'final') return;
    if (outcome !== 'none') return completeJob(deps.db, job, deps.clock());
  }
  if (!(await recordSendAttempt(deps.db, invoice, deps.clock()))) return completeJob(deps.db, job, deps.clock());
  const answer = await deps.sri.validarComprobante(invoice.signedXml, ambiente);
  const now = deps.clock();
  const mensajes = answer.mensajes as SriMensajeRow[];
  if (answer.estado === 'RECIBIDA' || mensajes.some((m) => STILL_PROCESSING.has(m.identificador))) {
    const enqueue = followUp('sri_authorize', now, ctx);
    const row = await transitionComprobante(deps.db, { companyId: job.companyId, comprobanteId: invoice.id, from: 'FIRMADA', to: 'RECIBIDA', mensajes, now, enqueue, completes: job });
    return { row, next: row && enqueue.id ? claimedJob({ companyId: job.companyId, id: enqueue.id, kind: 'sri_authorize', comprobanteId: invoice.id, now }) : undefined };
  }
  const row = await transitionComprobante(deps.db, { companyId: job.companyId, comprobanteId: invoice.id, from: 'FIRMADA', to: 'DEVUELTA', mensajes, now, completes: job });
  return { row };
}

async function handleAuthorize(deps: WorkerDeps, job: JobRow, ctx?: JobContext): Promise<JobStep | void> {
  const invoice = ctx?.invoice ?? (await loadInvoice(deps.db, job));
  if (!invoice || !isWaitingForSri(invoice.status) || !invoice.claveAcceso) return completeJob(deps.db, job, deps.clock());
  const { outcome, row } = await applyAutorizacion(deps, job, await deps.sri.autorizacionComprobante(invoice.claveAcceso, ambienteOf(invoice)), invoice.signedXml ?? '');
  // Final: the transition marked the job done.
  if (outcome === 'final') return { row };
  // Zero autorizaciones long after the send: the SRI did not process it; send it again.
  if (outcome === 'none' && (await resendIfUnprocessed(deps, job, invoice, ambienteOf(invoice)))) return;
  // Not processed yet: poll again with backoff (first polls are quick, then spaced out).
  await retryJob(deps.db, job, { now: deps.clock(), error: 'autorización pendiente', delayMs: Math.min(500 * 2 ** (job.attempts - 1), 10 * 60 * 1000) });
}

async function handleMail(deps: WorkerDeps, job: JobRow): Promise<void> {
  const invoice = await loadInvoice(deps.db, job);
  if (!invoice || invoice.status !== 'AUTORIZADA') return completeJob(deps.db, job, deps.clock());
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, job.companyId));
  await sendComprobanteMail({ db: deps.db, mailer: deps.mailer, invoice, company, now: deps.clock(), to: (job.payload as { to?: string }).to });
  await completeJob(deps.db, job, deps.clock());
}

const HANDLERS: Record<string, (deps: WorkerDeps, job: JobRow, ctx?: JobContext) => Promise<JobStep | void>> = {
  sri_send: handleSend,
  sri_authorize: handleAuthorize,
  mail_comprobante: handleMail,
  webhook_delivery: handleWebhookDelivery,
  sri_batch: async (deps, job) => {
    if (!deps.runBatch) return retryJob(deps.db, job, { now: deps.clock(), error: 'este nodo no ejecuta lotes' });
    await deps.runBatch(job);
  },
};

/**
 * Claim and run due jobs once. @returns how many ran. Failures reschedule with backoff; an
 * unreachable SRI keeps the invoice FIRMADA/RECIBIDA until it answers.
 */
export async function runDueJobs(deps: WorkerDeps, opts: { limit?: number; comprobanteId?: string; kinds?: JobKind[]; shouldStop?: () => boolean } = {}): Promise<number> {
  // A whole pass of the worker (not a caller's narrowed run): ask a down SRI again at least every SRI_PROBE_MS.
  if (!opts.comprobanteId && !opts.kinds) await probeSriIfDown(deps.db, deps.clock());
  const jobs = await claimJobs(deps.db, { now: deps.clock(), limit: opts.limit ?? 20, leaseMs: JOB_LEASE_MS, comprobanteId: opts.comprobanteId, kinds: opts.kinds });
  for (const [i, job] of jobs.entries()) {
    // Shutting down (SIGTERM): the job in hand is finished, the rest are handed back at once.
    if (opts.shouldStop?.()) {
      await releaseJobs(deps.db, jobs.slice(i), deps.clock());
      return i;
    }
    await runJob(deps, job);
  }
  return jobs.length;
}

/** The `last_error` prefix of an SRI job that failed because the SRI did not answer (runJob). */
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

/** Run one claimed job; a failure reschedules it with backoff (retryJob) and @returns undefined. */
async function runJob(deps: WorkerDeps, job: JobRow, ctx?: JobContext): Promise<JobStep | undefined> {
  try {
    const step = (await HANDLERS[job.kind](deps, job, ctx)) ?? undefined;
    // This job waited out an outage and the SRI answered it: the others it postponed go now.
    if (job.lastError?.startsWith(SRI_UNAVAILABLE_PREFIX)) await wakeSriJobs(deps.db, deps.clock());
    return step;
  } catch (err) {
    const reason = err instanceof SriUnavailableError ? `${SRI_UNAVAILABLE_PREFIX}: ${err.message}` : (err as Error).message;
    if (!(err instanceof SriUnavailableError)) deps.log?.error({ err, job: job.id, kind: job.kind }, 'job failed');
    await retryJob(deps.db, job, { now: deps.clock(), error: reason });
    return undefined;
  }
}

/** Statuses after which an invoice has no SRI job left. */
const SRI_SETTLED = new Set(['AUTORIZADA', 'NO_AUTORIZADA', 'DEVUELTA']);

/**
 * Send an invoice just issued and poll its authorisation now, as the issue route does (it answers
 * with the final status): runs the sri_send job issueComprobante wrote claimed for the caller
 * (`claimSend`), then the sri_authorize job that send wrote claimed, each handed the invoice as the
 * previous step wrote it: no claim and no re-read per step (bench/issue.ts counts statements).
 * When the chain stops short of a settled status (the SRI unreachable, EN PROCESO, a resend), up to
 * `passes` rounds of {@link runDueJobs} for that invoice finish what is due, as before.
 * @param issued the FIRMADA row issueComprobante returned.
 * @param sendJobId the id given to issueComprobante's `claimSend`.
 * @returns the invoice when the chain settled it (AUTORIZADA, NO_AUTORIZADA, DEVUELTA), as its last
 *   transition wrote it; undefined otherwise (read it again).
 */
export async function settleIssued(deps: WorkerDeps, issued: ComprobanteRow, sendJobId: string, passes = 4): Promise<ComprobanteRow | undefined> {
  let job: JobRow | undefined = claimedJob({ companyId: issued.companyId, id: sendJobId, kind: 'sri_send', comprobanteId: issued.id, now: issued.issuedAt ?? deps.clock() });
  let invoice: ComprobanteRow | undefined = issued;
  let steps = 0;
  while (job && invoice && steps < passes) {
    const step: JobStep | undefined = await runJob(deps, job, { invoice, chain: true });
    steps += 1;
    if (step?.row && SRI_SETTLED.has(step.row.status)) return step.row;
    job = step?.next;
    invoice = step?.row;
  }
  // A follow-up claimed for this chain and not run (out of passes): hand it back at once.
  if (job) await releaseJobs(deps.db, [job], deps.clock());
  for (let i = steps; i < passes; i += 1) {
    if ((await runDueJobs(deps, { comprobanteId: issued.id, kinds: ['sri_send', 'sri_authorize'] })) === 0) break;
  }
  return undefined;
}

/**
 * Poll for due jobs every `intervalMs` until stopped; `kick()` runs a pass at once. `stop()` (app
 * close, SIGTERM) lets the job in hand finish and releases the other claimed ones (releaseJobs).
 */
export function startWorker(deps: WorkerDeps, intervalMs = 1000) {
  let running = false;
  let stopped = false;
  const pass = async () => {
    if (running || stopped) return;
    running = true;
    try {
      while (!stopped && (await runDueJobs(deps, { shouldStop: () => stopped })) > 0);
    } catch (err) {
      deps.log?.error({ err }, 'worker pass failed');
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
