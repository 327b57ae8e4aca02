/**
 * Runs a batch issue (DESIGN.md §14, issue 30) as its `sri_batch` job; every step reads what the
 * database says is left, so a second run (a retry, a restart, another node after the lease) goes on
 * where the first stopped:
 *
 * 1. Sign: the drafts still BORRADOR, in the batch's order, 50 per transaction. Each is issued as a
 *    single issue would be (issueComprobante, a savepoint inside the chunk's transaction: secuencial
 *    in order, key, XML, XSD, signature, FIRMADA + audit row) but without its own sri_send job. A
 *    draft the rules refuse rolls back its savepoint only (its secuencial is not spent) and is kept
 *    in the batch's `failures`; a crash rolls back the chunk: no gap, no duplicate.
 * 2. Lotes: the FIRMADA comprobantes never sent, in order, ≤ 50 and ≤ 500 KB per lote and one
 *    ambiente each. A lote gets its key (serie 000-000, its own secuencial: lote-xml.ts), and its
 *    comprobantes' send attempts are counted, in one transaction with the job's payload (the lote
 *    in state 'sending'); then one reception call. A lote refused as a whole, or a comprobante
 *    refused inside it, goes to the single send path (an sri_send job: it asks authorisation first,
 *    then sends alone and records the SRI's answer on that comprobante). For the comprobantes
 *    received, autorizacionComprobanteLote is asked at once, as a single issue does: the authorised
 *    move FIRMADA → AUTORIZADA through RECIBIDA in one statement (both audit rows), the others to
 *    RECIBIDA. Then it is asked a few more times while some are still waiting; what is still not
 *    answered goes to the single path too (an sri_authorize job, which polls and resends if the SRI
 *    never processed it).
 * 3. A lote found 'sending' on a later run may have arrived: its autorizaciones are asked first and
 *    only its comprobantes still FIRMADA are sent again, in a lote with the same key.
 * Steps 1 and 2 overlap: a chunk's lotes are sent and polled while the next chunk is signed (which
 * starts once they are opened and on their way, so that the SRI gets them without waiting for that
 * signing), and up to 4 lotes are in flight at once (their openings and the job's payload written
 * one at a time).
 * Webhooks and mails come from the transitions, per comprobante, as for a single issue; a lote's
 * RECIBIDA and its autorizaciones are written one statement per lote and outcome (transition-many.ts).
 * @throws SriUnavailableError when the SRI cannot be reached (the caller reschedules the job).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, comprobanteBatches, comprobantes } from '../../../db/schema/index-tables.ts';
import type { SriMensajeRow } from '../../../db/schema/invoicing.ts';
import { WAITING_FOR_SRI } from '../../../../core/comprobante-status.ts';
import { buildClaveAcceso, randomCodigoNumerico } from '../../../../core/access-key.ts';
import { guayaquilDate } from '../../../../core/guayaquil-date.ts';
import { pickAutorizacion, type Ambiente, type Autorizacion } from '../../../sri/soap-client.ts';
import { AppError, COMPROBANTE_LOCKED } from '../../../errors.ts';
import type { SecretBox } from '../../../auth/secret-box.ts';
import type { SchemaRegistry } from '../../../schemas/registry.ts';
import { issueComprobante, loadDraftsForIssue, type FirmadaValues, type IssueComprobanteOptions } from '../issue-comprobante.ts';
import { secuencialGate } from './secuencial-gate.ts';
import { comprobanteType } from '../registry.ts';
import { allocateSecuencial } from '../allocate-secuencial.ts';
import { transitionMany } from './transition-many.ts';
import { comprobanteIdIn as idIn } from './id-in.ts';
import { authorizationDocumentParts } from '../authorization-document.ts';
import { buildLoteBytes, LOTE_ENTRY_OVERHEAD_BYTES, LOTE_OVERHEAD_BYTES, LOTE_SERIE, MAX_LOTE_BYTES, MAX_LOTE_COMPROBANTES } from '../../../sri/lote-xml.ts';
import { completeJob, keepJobClaim } from '../../../db/repositories/jobs.ts';
import type { BatchJobPayload, Job, LoteProgress } from '../../../jobs/job.ts';
import { JOB_LEASE_MS } from '../../../jobs/job-runner.ts';
import { scheduleSriCheck } from '../schedule-sri-check.ts';
import { settleComprobante, type SriJobDeps } from '../jobs/sri-jobs.ts';

export type { BatchJobPayload, LoteProgress };

/** An sri_batch job, as the runner hands it. */
type BatchJob = Job<'sri_batch'>;

/** What a batch run needs beyond the SRI jobs' dependencies (the issue's). */
export interface BatchRunnerDeps {
  worker: SriJobDeps;
  secretBox: SecretBox;
  consumidorFinalCap: number;
  /** The company's schemas (company fields in infoAdicional), as the issue route uses them. */
  schemasFor(companyId: string): Promise<SchemaRegistry & { base?: SchemaRegistry }>;
  /** Pauses between asks for a lote's autorizaciones, ms (default 0, 250, 500, 1000, 2000). */
  lotePollDelaysMs?: number[];
}

/** Drafts signed per transaction. */
const SIGN_CHUNK = 50;
const DEFAULT_POLL_DELAYS_MS = [0, 250, 500, 1000, 2000];
/** Lotes sent and polled at the same time by one batch. */
const MAX_LOTES_IN_FLIGHT = 4;

/** What the lote steps read of a comprobante (never its XML: see {@link finishLote}). */
type Row = { id: string; status: string; claveAcceso: string | null };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keep the job's claim while it runs (and save its payload): another node takes it only after a crash. */
async function touchJob(db: Db, job: BatchJob, now: Date, payload?: BatchJobPayload): Promise<void> {
  await keepJobClaim(db, job, { now, leaseMs: JOB_LEASE_MS, payload });
  touchedAt.set(job, now.getTime());
}

/** When each running batch job's claim was last kept (ms since the epoch). */
const touchedAt = new WeakMap<BatchJob, number>();

/**
 * Keep the job's claim after a chunk unless a lote's opening or a save kept it in the last
 * JOB_LEASE_MS / 6 (10 s of a 60 s lease): most chunks are followed at once by a lote's opening,
 * which writes the claim with the payload.
 */
async function keepClaimAfterChunk(db: Db, job: BatchJob, now: Date): Promise<void> {
  if (now.getTime() - (touchedAt.get(job) ?? 0) < JOB_LEASE_MS / 6) return;
  await touchJob(db, job, now);
}

/** `rows` in the order of `ids` (the batch's). */
async function inOrder<T extends { id: string }>(ids: string[], rows: Promise<T[]>): Promise<T[]> {
  const order = new Map(ids.map((id, i) => [id, i]));
  return (await rows).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Step 1: sign what is still a draft, 50 per transaction; `afterChunk` runs after each commit (it starts the chunk's lotes). */
async function signDrafts(deps: BatchRunnerDeps, job: BatchJob, batch: typeof comprobanteBatches.$inferSelect, afterChunk: () => Promise<void>): Promise<void> {
  const { db } = deps.worker;
  const type = comprobanteType(batch.codDoc);
  const drafts = await inOrder(
    batch.ids,
    db
      .select({ id: comprobantes.id })
      .from(comprobantes)
      .where(and(eq(comprobantes.companyId, batch.companyId), idIn(batch.ids), eq(comprobantes.codDoc, batch.codDoc), eq(comprobantes.status, 'BORRADOR'))),
  );
  const todo = drafts.filter((d) => !batch.failures[d.id]).map((d) => d.id);
  if (!todo.length) return;
  const schemas = await deps.schemasFor(batch.companyId);
  for (let i = 0; i < todo.length; i += SIGN_CHUNK) {
    const chunk = todo.slice(i, i + SIGN_CHUNK);
    const now = deps.worker.clock();
    /**
     * The chunk in one transaction. First without a savepoint per draft (two round trips each
     * saved), its drafts read in one statement, their secuenciales taken in one per emission point
     * (secuencial-gate.ts) and their FIRMADA written in one: a draft refused before its first write
     * (the rules, the date, the certificate) has written nothing. A failure after it (the XSD, the secuencial's limit) would leave its writes
     * in the transaction: the chunk is then rolled back and run again with a savepoint per draft,
     * as a single issue does, so that only that draft is undone.
     */
    const signChunk = (savepoints: boolean) =>
      db.transaction(async (tx) => {
        const failures: Record<string, SriMensajeRow[]> = {};
        // Without savepoints: the chunk's drafts read (and locked) in one statement, and their
        // FIRMADA written in one statement at the end (transition-many.ts), in the same transaction.
        const loaded = savepoints ? undefined : await loadDraftsForIssue(tx, { companyId: batch.companyId, codDoc: batch.codDoc, ids: chunk });
        const firmadas: FirmadaValues[] = [];
        const issueOne = (id: string, extra: Partial<IssueComprobanteOptions>) =>
          issueComprobante({ type, db: tx, secretBox: deps.secretBox, companyId: batch.companyId, userId: batch.createdBy, apiKeyId: batch.apiKeyId, id, now, consumidorFinalCap: deps.consumidorFinalCap, schemas, enqueueSend: false, ...extra });
        // Without savepoints the drafts run concurrently on the transaction (its statements queue on
        // its connection) so that their secuenciales are taken together, one statement per point.
        const gate = savepoints ? undefined : secuencialGate(tx, { companyId: batch.companyId, codDoc: batch.codDoc, order: chunk });
        const wrote = new Set<string>();
        const outcomes = savepoints
          ? undefined
          : await Promise.allSettled(
              chunk.map(async (id) => {
                let asked = false;
                try {
                  await issueOne(id, {
                    inCallerTransaction: true,
                    loaded: loaded!.get(id) ?? null,
                    onFirstWrite: () => wrote.add(id),
                    takeSecuencial: (point) => ((asked = true), gate!.take(id, point)),
                    deferFirmada: (f) => firmadas.push(f),
                  });
                } finally {
                  if (!asked) gate!.skip(id);
                }
              }),
            );
        for (const [i, id] of chunk.entries()) {
          try {
            if (outcomes) {
              const outcome = outcomes[i];
              if (outcome.status === 'rejected') throw outcome.reason;
            } else {
              await issueOne(id, {});
            }
          } catch (err) {
            if (!savepoints && wrote.has(id)) throw new RedoWithSavepoints();
            if (!(err instanceof AppError)) throw err;
            // Issued meanwhile (another run of this batch, or a single issue): not a failure.
            if (err.code === COMPROBANTE_LOCKED) {
              const [now] = await tx.select({ status: comprobantes.status }).from(comprobantes).where(and(eq(comprobantes.companyId, batch.companyId), eq(comprobantes.id, id)));
              if (now && now.status !== 'BORRADOR') continue;
            }
            const detail = err.details?.map((d) => `${d.path}: ${d.message}`).join('; ');
            failures[id] = [{ identificador: err.code, mensaje: err.message, ...(detail ? { informacionAdicional: detail } : {}), tipo: 'ERROR' }];
          }
        }
        if (firmadas.length) {
          const moved = await transitionMany(tx, {
            companyId: batch.companyId,
            from: ['BORRADOR'],
            to: 'FIRMADA',
            signature: true,
            userId: batch.createdBy,
            apiKeyId: batch.apiKeyId,
            now,
            rows: firmadas.map((f) => ({ id: f.id, mensajes: [], signature: f })),
          });
          // The drafts are locked by this transaction: all of them move (else undo the chunk).
          if (moved.length !== firmadas.length) throw new Error(`Lote de emisión: ${firmadas.length - moved.length} borradores cambiaron mientras se firmaban`);
        }
        if (Object.keys(failures).length) {
          await tx
            .update(comprobanteBatches)
            .set({ failures: sql`${comprobanteBatches.failures} || ${JSON.stringify(failures)}::jsonb` })
            .where(and(eq(comprobanteBatches.companyId, batch.companyId), eq(comprobanteBatches.id, batch.id)));
        }
      });
    try {
      await signChunk(false);
    } catch (err) {
      if (!(err instanceof RedoWithSavepoints)) throw err;
      await signChunk(true);
    }
    await keepClaimAfterChunk(db, job, deps.worker.clock());
    await afterChunk();
  }
}

/** A draft failed after its first write in a chunk without savepoints: roll the chunk back, run it with them. */
class RedoWithSavepoints extends Error {}

/**
 * The batch's FIRMADA comprobantes never sent, in order, with what planning a lote needs: the
 * signed XML's size in UTF-8 bytes (PostgreSQL's octet_length), not the XML itself.
 */
async function unsent(db: Db, batch: typeof comprobanteBatches.$inferSelect) {
  return inOrder(
    batch.ids,
    db
      .select({ id: comprobantes.id, signedBytes: sql<number | null>`octet_length(${comprobantes.signedXml})`.mapWith(Number), ambiente: comprobantes.ambiente })
      .from(comprobantes)
      .where(and(eq(comprobantes.companyId, batch.companyId), idIn(batch.ids), eq(comprobantes.status, 'FIRMADA'), eq(comprobantes.sriSendAttempts, 0))),
  );
}

/**
 * The next lote from `rows` (in order): the first one's ambiente, at most 50 comprobantes and
 * 500 KB. `signedBytes` is each signed XML's size in UTF-8 bytes (null: not signed, left out).
 * @returns the ids taken.
 */
export function planLote(rows: Array<{ id: string; signedBytes: number | null; ambiente: string | null }>): string[] {
  const ambiente = rows[0]?.ambiente;
  const ids: string[] = [];
  let bytes = LOTE_OVERHEAD_BYTES;
  for (const r of rows) {
    if (r.ambiente !== ambiente || !r.signedBytes) continue;
    const size = r.signedBytes + LOTE_ENTRY_OVERHEAD_BYTES;
    if (ids.length >= MAX_LOTE_COMPROBANTES || (ids.length > 0 && bytes + size > MAX_LOTE_BYTES)) break;
    ids.push(r.id);
    bytes += size;
  }
  return ids;
}

/** A lote's comprobantes to send (FIRMADA), in the lote's order, with the issuer's RUC. */
interface LoteToSend {
  ruc: string;
  rows: Array<{ id: string; claveAcceso: string | null; signedXml: string | null }>;
}

/**
 * Take a lote key and count the sends of its comprobantes, with the lote saved in the job's
 * payload, in one transaction. @returns the lote ('sending') and what to send: the rows counted,
 * with their signed XML (the UPDATE's RETURNING: the only read of the XML on the way out).
 */
async function openLote(deps: BatchRunnerDeps, job: BatchJob, batch: typeof comprobanteBatches.$inferSelect, payload: BatchJobPayload, ids: string[], ambiente: Ambiente, company: { ruc: string }): Promise<{ lote: LoteProgress; toSend: LoteToSend }> {
  const now = deps.worker.clock();
  return deps.worker.db.transaction(async (tx) => {
    const secuencial = await allocateSecuencial(tx, { companyId: batch.companyId, ...LOTE_SERIE, codDoc: batch.codDoc });
    const claveAcceso = buildClaveAcceso({ fechaEmision: guayaquilDate(now), codDoc: batch.codDoc, ruc: company.ruc, ambiente, ...LOTE_SERIE, secuencial, codigoNumerico: randomCodigoNumerico(), tipoEmision: '1' });
    const counted = await tx
      .update(comprobantes)
      .set({ sriSendAttempts: sql`${comprobantes.sriSendAttempts} + 1`, updatedAt: now })
      .where(and(eq(comprobantes.companyId, batch.companyId), idIn(ids), eq(comprobantes.status, 'FIRMADA'), eq(comprobantes.sriSendAttempts, 0)))
      .returning({ id: comprobantes.id, claveAcceso: comprobantes.claveAcceso, signedXml: comprobantes.signedXml });
    const taken = new Map(counted.map((c) => [c.id, c]));
    const lote: LoteProgress = { claveAcceso, ambiente, ids: ids.filter((id) => taken.has(id)), state: 'sending' };
    payload.lotes = [...(payload.lotes ?? []), lote];
    await touchJob(tx, job, now, payload);
    return { lote, toSend: { ruc: company.ruc, rows: lote.ids.map((id) => taken.get(id)!) } };
  });
}

/**
 * Apply the lote's autorizaciones to their comprobantes as the single path does one by one
 * (AUTORIZADA + mail, NO_AUTORIZADA, EN_PROCESO), one statement per outcome (transition-many.ts).
 */
async function applyAnswers(deps: BatchRunnerDeps, companyId: string, picked: Array<{ row: Row; a: Autorizacion }>, received?: Received): Promise<string[]> {
  // The authorised document is written by the statement around the signed XML the row holds (authorizationAround).
  const now = deps.worker.clock();
  const { db } = deps.worker;
  const mensajesOf = (a: Autorizacion) => a.mensajes as SriMensajeRow[];
  const authorised = picked.filter((p) => p.a.estado === 'AUTORIZADO');
  const refused = picked.filter((p) => p.a.estado === 'NO AUTORIZADO');
  const processing = picked.filter((p) => p.a.estado !== 'AUTORIZADO' && p.a.estado !== 'NO AUTORIZADO');
  let moved: string[] = [];
  if (authorised.length) {
    moved = await db.transaction(async (tx) => {
      // The sales summary triggers (migration 0012) lock a row per day and point, customer and
      // product for each comprobante that becomes AUTORIZADA, in the statement's row order: two
      // lotes authorised at once (of this batch or another of the company) could take them in
      // opposite orders and deadlock (PostgreSQL aborts one after deadlock_timeout, then the job
      // waits for its retry). One multi-row authorisation per company at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sales-summary:${companyId}`}))`);
      return transitionMany(tx, {
        companyId,
        // Just received: FIRMADA → AUTORIZADA through RECIBIDA (both audit rows), as a single issue writes it.
        from: received ? ['FIRMADA'] : [...WAITING_FOR_SRI],
        ...(received ? { via: { to: 'RECIBIDA' as const, mensajes: [], now: received.at, note: received.note } } : {}),
        to: 'AUTORIZADA',
        authorization: true,
        now,
        enqueue: { kind: 'mail_comprobante', runAt: now, onlyIfBuyerHasEmail: true },
        rows: authorised.map(({ row, a }) => ({
          id: row.id,
          mensajes: mensajesOf(a),
          numeroAutorizacion: a.numeroAutorizacion ?? null,
          fechaAutorizacion: a.fechaAutorizacion ? new Date(a.fechaAutorizacion) : now,
          authorizationAround: authorizationDocumentParts({ ...a, estado: 'AUTORIZADO', mensajes: mensajesOf(a) }),
        })),
      });
    });
  }
  await transitionMany(db, { companyId, from: [...WAITING_FOR_SRI], to: 'NO_AUTORIZADA', now, rows: refused.map(({ row, a }) => ({ id: row.id, mensajes: mensajesOf(a) })) });
  await transitionMany(db, { companyId, from: ['FIRMADA', 'RECIBIDA'], to: 'EN_PROCESO', now, rows: processing.map(({ row, a }) => ({ id: row.id, mensajes: mensajesOf(a) })) });
  return moved;
}

/** A lote's reception, for the audit rows of the comprobantes it moved to RECIBIDA: when, and the note naming the lote. */
interface Received {
  at: Date;
  note: string;
}

/**
 * Each row with the autorización an autorizacionComprobanteLote answer holds for its key (the one
 * pickAutorizacion chooses when the SRI sent several), or none.
 */
function answersFor<R extends Row>(rows: R[], autorizaciones: Autorizacion[]): Array<{ row: R; a?: Autorizacion }> {
  const byKey = new Map<string, Autorizacion[]>();
  for (const a of autorizaciones) {
    const key = keyOf(a);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), a]);
  }
  return rows.map((row) => ({ row, a: row.claveAcceso ? pickAutorizacion({ autorizaciones: byKey.get(row.claveAcceso) ?? [] }) : undefined }));
}

/**
 * Right after a lote's reception (its `received` comprobantes still FIRMADA, their send counted):
 * ask its autorizaciones at once, as a single issue does (sri-jobs.ts handleSend with a chain). The
 * authorised move FIRMADA → AUTORIZADA through RECIBIDA in one statement (both audit rows); the rest
 * are written RECIBIDA, then what the SRI answered for them (NO_AUTORIZADA, EN_PROCESO) applied. A
 * crash before these writes leaves the lote 'sending' with its comprobantes FIRMADA and counted: the
 * next run asks the lote's autorizaciones first (finishLote), as it does today.
 * @returns the comprobantes still waiting (to poll), and whether the SRI answered the ask.
 */
async function authoriseReceived(deps: BatchRunnerDeps, companyId: string, lote: LoteProgress, received: Row[], reception: Received): Promise<{ waiting: Row[]; asked: boolean }> {
  let autorizaciones: Autorizacion[] = [];
  let asked = false;
  try {
    autorizaciones = (await deps.worker.sri.autorizacionComprobanteLote!(lote.claveAcceso, lote.ambiente)).autorizaciones;
    asked = true;
  } catch {
    // As a single issue's chain: the RECIBIDA is written and the polls below ask again (and fail the run if the SRI is down).
  }
  const authorised: Array<{ row: Row; a: Autorizacion }> = [];
  const rest: Array<{ row: Row; a?: Autorizacion }> = [];
  for (const { row, a } of answersFor(received, autorizaciones)) {
    if (a?.estado === 'AUTORIZADO') authorised.push({ row, a });
    else rest.push({ row, a });
  }
  const moved = new Set(await applyAnswers(deps, companyId, authorised, reception));
  await transitionMany(deps.worker.db, { companyId, from: ['FIRMADA'], to: 'RECIBIDA', now: reception.at, note: reception.note, rows: rest.map(({ row }) => ({ id: row.id, mensajes: [] })) });
  const answered = rest.filter((r): r is { row: Row; a: Autorizacion } => Boolean(r.a));
  await applyAnswers(deps, companyId, answered);
  // Not moved by the authorisation (changed meanwhile), not answered, or EN PROCESO: the polls read them again.
  const waiting = [...authorised.filter(({ row }) => !moved.has(row.id)), ...rest.filter((r) => r.a?.estado !== 'NO AUTORIZADO')].map(({ row }) => row);
  return { waiting, asked };
}

/** The key an autorización is for: its número (offline scheme: the key), else the key inside its comprobante. */
function keyOf(a: Autorizacion): string | undefined {
  if (a.numeroAutorizacion && /^\d{49}$/.test(a.numeroAutorizacion)) return a.numeroAutorizacion;
  return a.comprobante?.match(/<claveAcceso>(\d{49})<\/claveAcceso>/)?.[1];
}

/** The lote's comprobantes as they stand now (their status and key). */
async function loteRows(db: Db, companyId: string, lote: LoteProgress): Promise<Row[]> {
  if (!lote.ids.length) return [];
  return db.select({ id: comprobantes.id, status: comprobantes.status, claveAcceso: comprobantes.claveAcceso }).from(comprobantes).where(and(eq(comprobantes.companyId, companyId), idIn(lote.ids)));
}

/**
 * Ask autorizacionComprobanteLote once and apply what it answers to the lote's comprobantes still
 * waiting. @returns the ones still waiting (not answered, or EN PROCESO).
 */
async function askLote(deps: BatchRunnerDeps, companyId: string, lote: LoteProgress): Promise<Row[]> {
  const answer = await deps.worker.sri.autorizacionComprobanteLote!(lote.claveAcceso, lote.ambiente);
  const stillWaiting = (await loteRows(deps.worker.db, companyId, lote)).filter((row) => (WAITING_FOR_SRI as readonly string[]).includes(row.status));
  const waiting: Row[] = [];
  const answered: Array<{ row: Row; a: Autorizacion }> = [];
  for (const { row, a } of answersFor(stillWaiting, answer.autorizaciones)) {
    if (a) answered.push({ row, a });
    if (!a || (a.estado !== 'AUTORIZADO' && a.estado !== 'NO AUTORIZADO')) waiting.push(row);
  }
  await applyAnswers(deps, companyId, answered);
  return waiting;
}

/** Hand a comprobante to the single path (its own sri_send / sri_authorize job, due now). */
async function toSingle(deps: BatchRunnerDeps, companyId: string, id: string, handed: Set<string>): Promise<void> {
  try {
    await scheduleSriCheck(deps.worker.db, { companyId, comprobanteId: id, now: deps.worker.clock() });
    handed.add(id);
  } catch (err) {
    // Settled meanwhile: nothing left to send or ask.
    if (!(err instanceof AppError && err.code === COMPROBANTE_LOCKED)) throw err;
  }
}

/** Whether the SRI port sends lotes (both operations). */
const lotesOf = (deps: BatchRunnerDeps) => Boolean(deps.worker.sri.validarLote && deps.worker.sri.autorizacionComprobanteLote);

/** Still being processed by the SRI (it has the key): not a refusal. */
const STILL_PROCESSING = new Set(['43', '70']);

/** A resumed lote's comprobantes still FIRMADA, in the lote's order, with their signed XML. */
async function stillToSend(db: Db, companyId: string, lote: LoteProgress): Promise<LoteToSend> {
  const rows = lote.ids.length
    ? await inOrder(
        lote.ids,
        db
          .select({ id: comprobantes.id, claveAcceso: comprobantes.claveAcceso, signedXml: comprobantes.signedXml })
          .from(comprobantes)
          .where(and(eq(comprobantes.companyId, companyId), idIn(lote.ids), eq(comprobantes.status, 'FIRMADA'))),
      )
    : [];
  return { ruc: (await companyOf(db, companyId)).ruc, rows };
}

/** The issuer's RUC. */
async function companyOf(db: Db, companyId: string): Promise<{ ruc: string }> {
  const [company] = await db.select({ ruc: companies.ruc }).from(companies).where(eq(companies.id, companyId));
  return company;
}

/**
 * Send (or resend) a lote, apply the reception answer, poll it, and hand what is left to single sends.
 * @param opened what openLote returned for a lote opened by this run (its rows, FIRMADA and counted
 *   in that transaction); without it (a lote a previous run left 'sending') they are read again.
 */
async function finishLote(deps: BatchRunnerDeps, job: BatchJob, lote: LoteProgress, handed: Set<string>, resumed: boolean, save: () => Promise<void>, opened?: LoteToSend): Promise<void> {
  const { db } = deps.worker;
  /** What is still waiting for the SRI after the last ask, and whether the SRI answered one since the reception. */
  let waiting: Row[] = [];
  let asked = false;
  if (lote.state === 'sending') {
    // It may have arrived before the crash or the timeout: its answers first, then send what is still FIRMADA.
    if (resumed) await askLote(deps, job.companyId, lote);
    const toSend = opened && !resumed ? opened : await stillToSend(db, job.companyId, lote);
    const rows = toSend.rows.filter((r) => r.signedXml);
    if (rows.length) {
      const answer = await deps.worker.sri.validarLote!(buildLoteBytes({ claveAcceso: lote.claveAcceso, ruc: toSend.ruc, comprobantes: rows.map((r) => r.signedXml!) }), lote.ambiente);
      const refusedByKey = new Map<string, SriMensajeRow[]>();
      for (const c of answer.comprobantes) {
        if (c.mensajes.length && !c.mensajes.every((m) => STILL_PROCESSING.has(m.identificador))) refusedByKey.set(c.claveAcceso, c.mensajes as SriMensajeRow[]);
      }
      const keys = new Set(rows.map((r) => r.claveAcceso));
      const whole = answer.estado === 'DEVUELTA' && ![...refusedByKey.keys()].some((k) => keys.has(k));
      const now = deps.worker.clock();
      const received: Row[] = [];
      for (const r of rows) {
        if (whole || refusedByKey.has(r.claveAcceso!)) await toSingle(deps, job.companyId, r.id, handed);
        else received.push({ id: r.id, status: 'FIRMADA', claveAcceso: r.claveAcceso });
      }
      lote.refused = whole ? rows.length : [...refusedByKey.keys()].filter((k) => keys.has(k)).length;
      if (whole) lote.refusedWhole = true;
      if (received.length) {
        // The autorizaciones asked at once; RECIBIDA audit rows carry the lote's key as their note.
        ({ waiting, asked } = await authoriseReceived(deps, job.companyId, lote, received, { at: now, note: `Lote ${lote.claveAcceso}` }));
      }
    }
    // Every comprobante sent answered (or refused): the lote is done without polling.
    lote.state = lote.refusedWhole || (asked && !waiting.length) ? 'done' : 'received';
    await save();
  }
  if (lote.state === 'received') {
    const delays = deps.lotePollDelaysMs ?? DEFAULT_POLL_DELAYS_MS;
    // The ask right after the reception was the first poll.
    for (const delay of asked && delays[0] === 0 ? delays.slice(1) : delays) {
      if (delay) await sleep(delay);
      waiting = await askLote(deps, job.companyId, lote);
      if (!waiting.length) break;
    }
    // Not answered in the lote's polls: each on its own (sri_authorize polls, and resends if the SRI never processed it).
    for (const r of waiting) if (!handed.has(r.id)) await toSingle(deps, job.companyId, r.id, handed);
    lote.state = 'done';
    await save();
  }
}

/**
 * Run (or resume) the batch of an `sri_batch` job to its end, then mark the job done. Comprobantes
 * handed to single sends are run here too, a few passes each, so the batch usually ends settled;
 * what they leave (the SRI slow or down) the worker finishes.
 * @throws SriUnavailableError and database errors: the caller reschedules the job (retryJob).
 */
export async function runBatchJob(deps: BatchRunnerDeps, job: BatchJob): Promise<void> {
  const { db } = deps.worker;
  const payload: BatchJobPayload = { ...job.payload };
  payload.lotes = (payload.lotes ?? []).map((l) => ({ ...l }));
  const [batch] = await db.select().from(comprobanteBatches).where(and(eq(comprobanteBatches.companyId, job.companyId), eq(comprobanteBatches.id, payload.batchId)));
  if (!batch) return completeJob(db, job, deps.worker.clock());

  const handed = new Set<string>();
  // The job's payload is written by one task at a time (a lote's opening, whose transaction writes
  // it, or a save), each with the payload as it is when it runs: the last write holds every lote's
  // latest state, whatever order the lotes in flight finish in.
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = writes.then(task);
    writes = run.catch(() => {});
    return run;
  };
  const save = () => serially(() => touchJob(db, job, deps.worker.clock(), payload));
  /** Lotes sent and being polled; a few at once, so that the SRI's answers overlap. */
  const inFlight = new Set<Promise<void>>();
  const errors: unknown[] = [];
  /** A sendUnsent is waiting for a lote in flight to finish (it then sends whatever is signed by then). */
  let waitingForSlot = false;
  /** The last lote planned took every comprobante signed and not yet sent. */
  let everyUnsentTaken = false;
  /** The issuer (its RUC goes in every lote), read once per run. */
  let company: { ruc: string } | undefined;
  /**
   * Every signed comprobante not yet sent goes out, in lotes (each started without waiting for the
   * one before). `parked` is called when nothing more can be sent at once: every lote possible is
   * opened and on its way, or MAX_LOTES_IN_FLIGHT are (then the next waits for one to finish).
   */
  const sendUnsent = async (parked: () => void = () => {}) => {
    if (!lotesOf(deps)) {
      // A port without lotes (a test double): every comprobante on its own.
      for (const r of await unsent(db, batch)) await toSingle(deps, job.companyId, r.id, handed);
      return;
    }
    for (;;) {
      if (inFlight.size >= MAX_LOTES_IN_FLIGHT) {
        parked();
        waitingForSlot = true;
        while (inFlight.size >= MAX_LOTES_IN_FLIGHT) await Promise.race(inFlight);
        waitingForSlot = false;
      }
      if (errors.length) return; // the run ends with that error; what is left goes on the next run
      const lote = await serially(async () => {
        const rows = await unsent(db, batch);
        const ids = planLote(rows);
        everyUnsentTaken = ids.length === rows.length;
        return ids.length ? openLote(deps, job, batch, payload, ids, rows[0].ambiente as Ambiente, (company ??= await companyOf(db, batch.companyId))) : undefined;
      });
      if (!lote) break;
      const run: Promise<void> = finishLote(deps, job, lote.lote, handed, false, save, lote.toSend)
        .catch((err) => void errors.push(err))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
      // Nothing else was signed and unsent when it was planned: the next chunk's call sends what it signs.
      if (everyUnsentTaken) break;
    }
  };
  /** Wait for every lote in flight; @throws the first error of the planning or of a lote. */
  const settleLotes = async (planning: Promise<void>) => {
    await planning.catch((err) => void errors.push(err));
    while (inFlight.size) await Promise.all(inFlight);
    if (errors.length) throw errors[0];
  };
  // Lotes a previous run left unfinished, then the drafts, each chunk's lotes right after it.
  if (lotesOf(deps)) {
    for (const lote of payload.lotes.filter((l) => l.state !== 'done')) await finishLote(deps, job, lote, handed, true, save);
  }
  await settleLotes(sendUnsent());
  // Each chunk's lotes go out while the next chunk is signed (the SRI's work and the signing
  // overlap). A failure of either side ends the run only once the other has stopped.
  let sending: Promise<void> = Promise.resolve();
  // The next chunk is signed once this chunk's lotes are opened and sent (or parked behind the
  // lotes in flight): signing first would keep the event loop busy and delay the SRI's work.
  const sendAfterChunk = () => {
    let parked!: () => void;
    const opened = new Promise<void>((resolve) => (parked = resolve));
    if (waitingForSlot) parked(); // that loop takes this chunk's comprobantes too: sign on
    sending = sending.then(() => sendUnsent(parked)).finally(parked);
    sending.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    return opened;
  };
  try {
    await signDrafts(deps, job, batch, sendAfterChunk);
  } catch (err) {
    await settleLotes(sending).catch(() => {});
    throw err;
  }
  await settleLotes(sending);

  for (const id of handed) await settleComprobante(deps.worker, id);
  const now = deps.worker.clock();
  await db.update(comprobanteBatches).set({ finishedAt: now }).where(and(eq(comprobanteBatches.companyId, batch.companyId), eq(comprobanteBatches.id, batch.id)));
  await completeJob(db, job, now, payload);
}
