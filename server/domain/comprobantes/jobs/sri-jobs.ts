/**
 * The handlers of a comprobante's jobs with the outside: sri_send sends a FIRMADA comprobante to
 * the SRI reception service, sri_authorize polls its authorisation, mail_comprobante mails the
 * authorised XML and RIDE to the buyer. The runner (server/jobs/job-runner.ts) claims the jobs and
 * calls these; server/app-worker.ts registers them.
 * Rules (shared/sri/SRI.md "Handling"): persist the key before sending and reuse it on every retry;
 * every send is counted on the comprobante (sri_send_attempts) before it is made, and once one was
 * made any later send first asks authorisation (the earlier one may have arrived and its answer been
 * lost), whichever job or route triggers it; an EN PROCESO answer there means the SRI has it: poll,
 * do not send. DEVUELTA 43 (clave registrada) or 70 (en procesamiento) -> ask authorisation, never
 * resend; zero autorizaciones -> poll again with backoff, and once the send is SRI_RESEND_AFTER_MS
 * old, resend (resend-policy.ts: the SRI did not process it; 43/45 then means it has it); authorised
 * only when estado AUTORIZADO. SRI jobs are never abandoned (db/repositories/jobs.ts retryJob).
 * Every status change writes its audit row in the same transaction as the follow-up job.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedShape, runPrepared, type PreparedShape } from '../../../db/prepared-query.ts';
import { WAITING_FOR_SRI, isWaitingForSri, type ComprobanteStatus } from '../../../../core/comprobante-status.ts';
import { companies, comprobantes } from '../../../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../../../db/schema/invoicing.ts';
import { pickAutorizacion, type Ambiente, type Autorizacion, type AutorizacionResult } from '../../../sri/soap-client.ts';
import type { SriPort } from '../../../sri/sri-port.ts';
import { transitionComprobante, transitionCounted, type TransitionFollowUp, type TransitionParams, type TransitionResult } from '../transition-comprobante.ts';
import { sendComprobanteMail } from '../send-comprobante-mail.ts';
import { authorizationDocument } from '../authorization-document.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { completeJob, releaseJobs, retryJob } from '../../../db/repositories/jobs.ts';
import type { Job, JobHandlers } from '../../../jobs/job.ts';
import { JOB_LEASE_MS, runClaimedJob, runDueJobs, type JobRunner } from '../../../jobs/job-runner.ts';
import { resendIfUnprocessed } from './resend-unprocessed.ts';
import { findComprobante } from '../../../db/repositories/comprobantes.ts';

/** What a comprobante's SRI and mail jobs need. */
export interface SriJobDeps {
  db: Db;
  sri: SriPort;
  mailer: Mailer;
  clock: () => Date;
  log?: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** SRI_RESEND_AFTER_MS (resend-policy.ts); default two minutes. */
  resendAfterMs?: number;
}

/** The kinds handled here. */
export type ComprobanteJobKind = 'sri_send' | 'sri_authorize' | 'mail_comprobante';
type SriJob = Job<'sri_send' | 'sri_authorize'>;

type ComprobanteRow = typeof comprobantes.$inferSelect;

const STILL_PROCESSING = new Set(['43', '70']);

/**
 * What a caller that runs an invoice's SRI jobs one after the other (the issue route) hands a
 * handler: the invoice as it just wrote it (no re-read), and `chain`: the follow-up SRI job is
 * written already claimed by the caller (transitionComprobante `claimedUntil`) and handed back in
 * {@link JobStep.next}, so the caller runs it at once without claiming it.
 */
interface JobContext {
  invoice?: ComprobanteRow;
  chain?: boolean;
  /**
   * The send about to be made is already counted on `invoice` (issue-comprobante.ts `claimSend`
   * wrote sri_send_attempts = 1 with FIRMADA, in the transaction, and nothing was sent since):
   * no statement to count it, and no question first.
   */
  sendCounted?: boolean;
  /**
   * The authorisation answer (or the error) a chained send already asked for right after the
   * reception (handleSend): the sri_authorize job applies it instead of asking again.
   */
  asked?: Asked;
}

/** An authorisation question already made: its answer, or what it threw. */
type Asked = { ok: true; answer: AutorizacionResult } | { ok: false; error: unknown };

/** What a handler run with a {@link JobContext} leaves: the invoice as its last transition wrote it, and the follow-up job it claimed for the caller. */
interface JobStep {
  row?: ComprobanteRow;
  /** Jobs its transition left for the background worker (mail, webhooks; TransitionResult). */
  followUpJobs?: number;
  next?: SriJob;
  /** For `next`: the authorisation answer already at hand (JobContext.asked). */
  asked?: Asked;
}

/** An SRI job written claimed by its caller (as claimJobs would return it). */
function claimedJob<K extends SriJob['kind']>(p: { companyId: string; id: string; kind: K; comprobanteId: string; now: Date }): Job<K> {
  const job = { companyId: p.companyId, id: p.id, kind: p.kind, comprobanteId: p.comprobanteId, payload: {}, status: 'running', attempts: 1, runAt: p.now, lockedUntil: new Date(p.now.getTime() + JOB_LEASE_MS), lastError: null, createdAt: p.now, updatedAt: p.now };
  return job as Job<K>;
}

/** The follow-up SRI job of a transition: claimed for the caller when it chains (see {@link JobContext}). */
function followUp(kind: SriJob['kind'], now: Date, ctx?: JobContext): TransitionFollowUp {
  return ctx?.chain ? { kind, runAt: now, id: randomUUID(), claimedUntil: new Date(now.getTime() + JOB_LEASE_MS) } : { kind, runAt: now };
}

async function loadInvoice(db: Db, job: Job<ComprobanteJobKind>) {
  return findComprobante(db, { companyId: job.companyId, id: job.comprobanteId });
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
 * The move to AUTORIZADA for an AUTORIZADO answer, in one statement: the authorisation's number,
 * date and document, its audit row (and, with `via`, the audit row of the RECIBIDA it passed
 * through), the buyer's mail job when they have an e-mail, the webhook jobs, and `job` marked done.
 * @returns the row as written (none when it was no longer in `from`: only `job` was completed), and
 *   how many jobs it left for the worker (the mail, the webhooks).
 */
function authorise(deps: SriJobDeps, job: SriJob, picked: Autorizacion, signedXml: string, p: { from: ComprobanteStatus[]; now: Date; via?: TransitionParams['via'] }): Promise<TransitionResult> {
  const mensajes = picked.mensajes as SriMensajeRow[];
  return transitionCounted(deps.db, {
    companyId: job.companyId,
    comprobanteId: job.comprobanteId,
    from: p.from,
    to: 'AUTORIZADA',
    mensajes,
    now: p.now,
    set: {
      numeroAutorizacion: picked.numeroAutorizacion ?? null,
      fechaAutorizacion: picked.fechaAutorizacion ? new Date(picked.fechaAutorizacion) : p.now,
      authorizationXml: authorizationDocument({ ...picked, estado: 'AUTORIZADO', signedXml, mensajes }),
    },
    enqueue: { kind: 'mail_comprobante', runAt: p.now, onlyIfBuyerHasEmail: true },
    completes: job,
    ...(p.via ? { via: p.via } : {}),
  });
}

/**
 * Apply an authorisation answer. With `followUp`, an EN PROCESO answer also enqueues an
 * sri_authorize job in the same statement (the caller is not itself the polling job). A final
 * answer (AUTORIZADO / NO AUTORIZADO) also marks `job` done in the same statement.
 * @returns the outcome, and the invoice as the final transition wrote it (none when it was no
 *   longer waiting for the SRI) with the jobs it left for the worker.
 */
async function applyAutorizacion(deps: SriJobDeps, job: SriJob, answer: AutorizacionResult, signedXml: string, followUp = false): Promise<{ outcome: AutorizacionOutcome; row?: ComprobanteRow; followUpJobs?: number }> {
  const now = deps.clock();
  const picked = pickAutorizacion(answer);
  if (!picked) return { outcome: 'none' };
  const mensajes = picked.mensajes as SriMensajeRow[];
  if (picked.estado === 'AUTORIZADO') return { outcome: 'final', ...(await authorise(deps, job, picked, signedXml, { from: [...WAITING_FOR_SRI], now })) };
  if (picked.estado === 'NO AUTORIZADO') {
    return { outcome: 'final', ...(await transitionCounted(deps.db, { companyId: job.companyId, comprobanteId: job.comprobanteId, from: [...WAITING_FOR_SRI], to: 'NO_AUTORIZADA', mensajes, now, completes: job })) };
  }
  // EN PROCESO (seen in production): the SRI has the comprobante; keep polling, never resend.
  await transitionComprobante(deps.db, {
    companyId: job.companyId,
    comprobanteId: job.comprobanteId,
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

async function handleSend(deps: SriJobDeps, job: Job<'sri_send'>, ctx?: JobContext): Promise<JobStep | void> {
  const invoice = ctx?.invoice ?? (await loadInvoice(deps.db, job));
  if (!invoice || invoice.status !== 'FIRMADA' || !invoice.signedXml || !invoice.claveAcceso) return completeJob(deps.db, job, deps.clock());
  const ambiente = ambienteOf(invoice);
  // A send was tried before (whichever job or route made it): its answer may have been lost after
  // the SRI received the comprobante. Ask first; never send the same key twice blindly.
  if (invoice.sriSendAttempts > 0 && !ctx?.sendCounted) {
    const { outcome } = await applyAutorizacion(deps, job, await deps.sri.autorizacionComprobante(invoice.claveAcceso, ambiente), invoice.signedXml, true);
    // 'final': the job is done with the transition. 'en_proceso': the SRI has it and an
    // sri_authorize job now polls it; sending again would only earn a 43/70.
    if (outcome === 'final') return;
    if (outcome !== 'none') return completeJob(deps.db, job, deps.clock());
  }
  if (!ctx?.sendCounted && !(await recordSendAttempt(deps.db, invoice, deps.clock()))) return completeJob(deps.db, job, deps.clock());
  const answer = await deps.sri.validarComprobante(invoice.signedXml, ambiente);
  const now = deps.clock();
  const mensajes = answer.mensajes as SriMensajeRow[];
  if (answer.estado === 'RECIBIDA' || mensajes.some((m) => STILL_PROCESSING.has(m.identificador))) {
    // A chain (the issue route) asks the authorisation at once, as the sri_authorize job it would
    // write would: when the answer is AUTORIZADO, RECIBIDA and AUTORIZADA are written together (one
    // statement, both audit rows). Until then the row stays FIRMADA with this send counted, so a
    // crash in between makes the next send ask first. Any other answer, or an error, is applied by
    // that job exactly as if it had asked itself.
    let asked: Asked | undefined;
    if (ctx?.chain) {
      try {
        asked = { ok: true, answer: await deps.sri.autorizacionComprobante(invoice.claveAcceso, ambiente) };
      } catch (error) {
        asked = { ok: false, error };
      }
      const picked = asked.ok ? pickAutorizacion(asked.answer) : undefined;
      if (picked?.estado === 'AUTORIZADO') {
        return authorise(deps, job, picked, invoice.signedXml, { from: ['FIRMADA'], now: deps.clock(), via: { to: 'RECIBIDA', mensajes, now } });
      }
    }
    const enqueue = followUp('sri_authorize', now, ctx);
    const { row, followUpJobs } = await transitionCounted(deps.db, { companyId: job.companyId, comprobanteId: invoice.id, from: 'FIRMADA', to: 'RECIBIDA', mensajes, now, enqueue, completes: job });
    return { row, followUpJobs, next: row && enqueue.id ? claimedJob({ companyId: job.companyId, id: enqueue.id, kind: 'sri_authorize', comprobanteId: invoice.id, now }) : undefined, ...(asked ? { asked } : {}) };
  }
  return transitionCounted(deps.db, { companyId: job.companyId, comprobanteId: invoice.id, from: 'FIRMADA', to: 'DEVUELTA', mensajes, now, completes: job });
}

async function handleAuthorize(deps: SriJobDeps, job: Job<'sri_authorize'>, ctx?: JobContext): Promise<JobStep | void> {
  const invoice = ctx?.invoice ?? (await loadInvoice(deps.db, job));
  if (!invoice || !isWaitingForSri(invoice.status) || !invoice.claveAcceso) return completeJob(deps.db, job, deps.clock());
  const asked = ctx?.asked;
  if (asked && !asked.ok) throw asked.error;
  const answer = asked ? asked.answer : await deps.sri.autorizacionComprobante(invoice.claveAcceso, ambienteOf(invoice));
  const { outcome, row, followUpJobs } = await applyAutorizacion(deps, job, answer, invoice.signedXml ?? '');
  // Final: the transition marked the job done.
  if (outcome === 'final') return { row, followUpJobs };
  // Zero autorizaciones long after the send: the SRI did not process it; send it again.
  if (outcome === 'none' && (await resendIfUnprocessed(deps, job, invoice, ambienteOf(invoice)))) return;
  // Not processed yet: poll again with backoff (first polls are quick, then spaced out).
  await retryJob(deps.db, job, { now: deps.clock(), error: 'autorización pendiente', delayMs: Math.min(500 * 2 ** (job.attempts - 1), 10 * 60 * 1000) });
}

async function handleMail(deps: SriJobDeps, job: Job<'mail_comprobante'>): Promise<void> {
  const invoice = await loadInvoice(deps.db, job);
  if (!invoice || invoice.status !== 'AUTORIZADA') return completeJob(deps.db, job, deps.clock());
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, job.companyId));
  await sendComprobanteMail({ db: deps.db, mailer: deps.mailer, invoice, company, now: deps.clock(), to: job.payload.to });
  await completeJob(deps.db, job, deps.clock());
}

/** The handlers of a comprobante's SRI and mail jobs, for the runner (server/app-worker.ts registers them). */
export function comprobanteJobHandlers(deps: SriJobDeps): Pick<JobHandlers, ComprobanteJobKind> {
  return {
    sri_send: async (job) => void (await handleSend(deps, job)),
    sri_authorize: async (job) => void (await handleAuthorize(deps, job)),
    mail_comprobante: (job) => handleMail(deps, job),
  };
}

/** A runner of a comprobante's SRI jobs alone (a caller that settles one comprobante now). */
function sriRunner(deps: SriJobDeps): JobRunner<'sri_send' | 'sri_authorize'> {
  const { sri_send, sri_authorize } = comprobanteJobHandlers(deps);
  return { db: deps.db, clock: deps.clock, log: deps.log, handlers: { sri_send, sri_authorize } };
}

/**
 * Run the comprobante's due SRI jobs now, up to `passes` rounds (a round that runs none ends it):
 * "ask the SRI again", and the single sends a batch hands over. Mail and webhooks are left to the
 * worker. @returns nothing; read the comprobante again.
 */
export async function settleComprobante(deps: SriJobDeps, comprobanteId: string, passes = 4): Promise<void> {
  const runner = sriRunner(deps);
  for (let i = 0; i < passes; i += 1) {
    if ((await runDueJobs(runner, { comprobanteId, kinds: ['sri_send', 'sri_authorize'] })) === 0) break;
  }
}

/** Statuses after which an invoice has no SRI job left. */
const SRI_SETTLED = new Set(['AUTORIZADA', 'NO_AUTORIZADA', 'DEVUELTA']);

/**
 * Send an invoice just issued and poll its authorisation now, as the issue route does (it answers
 * with the final status): runs the sri_send job issueComprobante wrote claimed for the caller
 * (`claimSend`; the issue counted that send), then the sri_authorize job that send wrote claimed, each handed the invoice as the
 * previous step wrote it: no claim and no re-read per step (bench/issue.ts counts statements).
 * When the chain stops short of a settled status (the SRI unreachable, EN PROCESO, a resend), up to
 * `passes` rounds of {@link settleComprobante} finish what is due, as before.
 * @param issued the FIRMADA row issueComprobante returned.
 * @param sendJobId the id given to issueComprobante's `claimSend`.
 * @returns the invoice when the chain settled it (AUTORIZADA, NO_AUTORIZADA, DEVUELTA), as its last
 *   transition wrote it, or none (read it again); and `followUpJobs`: whether it left jobs for the
 *   background worker (the mail, webhooks; always true when the chain did not settle it: whatever
 *   {@link settleComprobante} ran may have written some).
 */
export async function settleIssued(deps: SriJobDeps, issued: ComprobanteRow, sendJobId: string, passes = 4): Promise<{ row?: ComprobanteRow; followUpJobs: boolean }> {
  const runner = sriRunner(deps);
  let job: SriJob | undefined = claimedJob({ companyId: issued.companyId, id: sendJobId, kind: 'sri_send', comprobanteId: issued.id, now: issued.issuedAt ?? deps.clock() });
  let invoice: ComprobanteRow | undefined = issued;
  let steps = 0;
  let asked: Asked | undefined;
  let followUpJobs = 0;
  while (job && invoice && steps < passes) {
    // The first step sends what the issue just counted (see JobContext.sendCounted).
    const ctx: JobContext = { invoice, chain: true, sendCounted: steps === 0 && issued.status === 'FIRMADA' && issued.sriSendAttempts === 1, ...(asked ? { asked } : {}) };
    const claimed: SriJob = job;
    const step: JobStep | undefined = (await runClaimedJob(runner, claimed, () => (claimed.kind === 'sri_send' ? handleSend(deps, claimed, ctx) : handleAuthorize(deps, claimed, ctx)))) ?? undefined;
    steps += 1;
    followUpJobs += step?.followUpJobs ?? 0;
    if (step?.row && SRI_SETTLED.has(step.row.status)) return { row: step.row, followUpJobs: followUpJobs > 0 };
    job = step?.next;
    invoice = step?.row;
    asked = step?.asked;
  }
  // A follow-up claimed for this chain and not run (out of passes): hand it back at once.
  if (job) await releaseJobs(deps.db, [job], deps.clock());
  await settleComprobante(deps, issued.id, passes - steps);
  return { followUpJobs: true };
}
