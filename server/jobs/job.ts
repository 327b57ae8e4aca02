/**
 * What each kind of job carries, as one discriminated union ({@link Job}), and the checked codec
 * from a claimed row to it ({@link readJob}). The table's queries are server/db/repositories/jobs.ts;
 * the runner that dispatches a job to its kind's handler is job-runner.ts. The handlers live with
 * the use cases they run (the domain) and are registered where the app is composed
 * (server/app-worker.ts), so this floor knows the kinds' data, never their work.
 */
import type { Ambiente } from '../sri/soap-client.ts';
import type { WebhookEventType } from '../../core/webhook-events.ts';
import { JOB_KINDS, type JobKind, type JobRow } from '../db/repositories/jobs.ts';

/** A lote of a batch issue as its sri_batch job's payload keeps it (DESIGN.md §14). */
export type LoteProgress = {
  claveAcceso: string;
  ambiente: Ambiente;
  /** Its comprobantes, in order. */
  ids: string[];
  /** sending: key taken and sends counted (the call may or may not have happened); received: answered; done: every comprobante answered or handed to a single send. */
  state: 'sending' | 'received' | 'done';
  /** Comprobantes the lote's answer refused (sent alone afterwards). */
  refused?: number;
  /** The lote was refused as a whole (all its comprobantes sent alone afterwards). */
  refusedWhole?: boolean;
};

/** What an sri_batch job carries: its batch, and the lotes sent so far. */
export type BatchJobPayload = {
  batchId: string;
  lotes?: LoteProgress[];
};

/** What a webhook_delivery job carries: the endpoint, and the event (the same on every retry). */
export type WebhookJobPayload = {
  endpointId: string;
  event: { id: string; type: WebhookEventType; /** Unix seconds. */ created: number; data: Record<string, unknown> };
};

/** Each kind's payload. */
export interface JobPayloads {
  sri_send: Record<string, never>;
  sri_authorize: Record<string, never>;
  /** `to`: another address than the buyer's (the mail route's). */
  mail_comprobante: { to?: string };
  webhook_delivery: WebhookJobPayload;
  sri_batch: BatchJobPayload;
}

/** The kinds whose job always belongs to one comprobante (`comprobante_id` set). */
const COMPROBANTE_KINDS = ['sri_send', 'sri_authorize', 'mail_comprobante'] as const satisfies readonly JobKind[];
type ComprobanteKind = (typeof COMPROBANTE_KINDS)[number];

/**
 * A claimed job of kind K (of any kind when K is left out): its payload as the kind declares it,
 * and its comprobanteId a string for the kinds that always have one.
 */
export type Job<K extends JobKind = JobKind> = {
  [Q in K]: Omit<JobRow, 'kind' | 'payload' | 'comprobanteId'> & { kind: Q; payload: JobPayloads[Q]; comprobanteId: Q extends ComprobanteKind ? string : string | null };
}[K];

/** One handler per kind; a runner given a subset runs only those kinds. */
export type JobHandlers = { [K in JobKind]: (job: Job<K>) => Promise<void> };

/** Why a claimed row is not a job this code can run (the runner records it as the job's error). */
export class UnreadableJobError extends Error {}

const isKind = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);

/**
 * The claimed row as its kind's job. The payload was written by this code's enqueuers (typed by
 * {@link JobPayloads}); what is checked here is what a row can get wrong: its kind, the comprobante
 * of a comprobante kind, the batch of a batch.
 * @throws UnreadableJobError naming what is missing.
 */
export function readJob(row: JobRow): Job {
  const { kind } = row;
  if (!isKind(kind)) throw new UnreadableJobError(`Trabajo de tipo desconocido: ${kind}`);
  if ((COMPROBANTE_KINDS as readonly string[]).includes(kind) && !row.comprobanteId) throw new UnreadableJobError(`Trabajo ${kind} sin comprobante`);
  if (kind === 'sri_batch' && typeof row.payload.batchId !== 'string') throw new UnreadableJobError('Trabajo sri_batch sin lote');
  return row as Job;
}
