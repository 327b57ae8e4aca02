/**
 * Move an invoice from one status to another with its audit row (DESIGN.md §5), its follow-up job
 * and the completion of the job that caused it, in ONE statement (data-modifying CTEs, atomic like
 * a transaction). The update is guarded by the expected current status, so two workers cannot both
 * apply a transition; the audit row and the follow-up exist only when the update happened.
 *
 * One statement rather than update + insert + insert (+ BEGIN/COMMIT): issuing holds the emission
 * point's sequence row locked until commit, and every round trip inside that lock lengthens the
 * queue of every other issue on the point (bench/issue.ts); the worker's transitions need no
 * explicit transaction at all. The audit and job inserts are SQL text inside drizzle CTEs: drizzle's
 * insert-select must list every column, and `default` is not allowed there (bigserial ids,
 * gen_random_uuid()); the columns named here are the migrations' (0000_init.sql). Each shape of
 * transition is built once and then run as a prepared statement (db/prepared-query.ts): building it
 * with drizzle on every call cost ≈ 0.5 ms of CPU, three times per issued invoice.
 * @returns the updated row, or undefined when the invoice was no longer in `from` (then nothing
 *   was written, except the completion of `completes`).
 */
import { and, eq, getTableColumns, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ComprobanteStatus } from '../../../core/comprobante-status.ts';
import type { ComprobanteRow } from './comprobante-type.ts';
import { comprobantes, type SriMensajeRow } from '../../db/schema/invoicing.ts';
import type { JobKind } from '../../db/repositories/jobs.ts';
import { preparedShape, runPrepared, tableRowMapper, type PreparedShape } from '../../db/prepared-query.ts';
import { unixSeconds, webhookJobsCte } from '../webhooks/webhook-jobs.ts';

/**
 * The rows of `upd` (a transition's updated comprobantes) whose buyer has an e-mail address, or whose
 * `type_detail.mailTo` names one (the liquidación's supplier): where a mail job is enqueued.
 */
export const BUYER_HAS_EMAIL: SQL = sql`left join customer c on c.company_id = upd.company_id and c.id = upd.customer_id
            where (c.email is not null and c.email <> '') or jsonb_array_length(coalesce(upd.type_detail->'mailTo', '[]'::jsonb)) > 0`;


export interface TransitionFollowUp {
  kind: JobKind;
  runAt: Date;
  /** Enqueue only when there is someone to mail: the customer has an e-mail, or the type listed recipients (type_detail.mailTo, a guía's destinatarios). */
  onlyIfBuyerHasEmail?: boolean;
  /** The job's id (a UUID the caller made), so that the caller can run it without reading it back. */
  id?: string;
  /**
   * Insert the job already claimed by the caller until this instant (status 'running', attempts 1,
   * locked_until), as db/repositories/jobs.ts claimJobs would leave it: no other worker takes it while the
   * caller runs it, and after a crash it is claimable again once the lease passes. Needs `id`.
   */
  claimedUntil?: Date;
}

/** What a call of {@link transitionComprobante} passes. */
export interface TransitionParams {
  companyId: string;
  comprobanteId: string;
  from: ComprobanteStatus | ComprobanteStatus[];
  to: ComprobanteStatus;
  userId?: string | null;
  /** The API key that made the change (then userId is null). */
  apiKeyId?: string | null;
  mensajes?: SriMensajeRow[];
  note?: string;
  set?: Partial<typeof comprobantes.$inferInsert>;
  now: Date;
  /** A job to enqueue for the invoice when the transition happens. */
  enqueue?: TransitionFollowUp;
  /** The job that caused this transition, marked done whether or not the transition happened. */
  completes?: { companyId: string; id: string };
  /**
   * A status the comprobante passed through on its way from `from` (one status) to `to`, already
   * true outside (the SRI received it before it authorised it) but not written: the statement writes
   * its audit row too (from → via with these mensajes at `now`, then via → to at the transition's
   * `now`, later or equal), so the audit trail reads as two transitions made one after the other.
   * The webhook jobs are those of via → to.
   */
  via?: { to: ComprobanteStatus; mensajes: SriMensajeRow[]; now: Date };
}


const readInvoice = tableRowMapper(comprobantes);
const ph = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The statement of one transition shape (statuses, the columns `set` writes, the follow-up's
 * kind and options, a completed job or not), built once with placeholders for every value
 * (prepared-query.ts): the values are filled per call in {@link transitionValues}.
 */
function buildTransition(db: Db, p: TransitionParams, from: ComprobanteStatus[], setKeys: string[]): TransitionShape {
  const columns = getTableColumns(comprobantes);
  const set: Record<string, SQL> = {};
  for (const k of setKeys) set[k] = ph(`set_${k}`);
  const upd = db.$with('upd').as(
    db
      .update(comprobantes)
      .set({ ...set, status: p.to, updatedAt: ph('now'), ...(p.mensajes ? { mensajes: ph('mensajes') } : {}) })
      .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), eq(comprobantes.id, sql.placeholder('comprobanteId')), inArray(comprobantes.status, from)))
      .returning(),
  );
  const written = { n: sql<number>`1`.as('n') };
  const at = sql.placeholder('at');
  // With `via`: two audit rows, in order (ids follow the ORDER BY: the list sorts by at, then id).
  const events = p.via
    ? sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select upd.company_id, upd.id, e.at, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('apiKeyId')}::uuid, e.from_status, e.to_status, e.mensajes, ${sql.placeholder('note')}::text
          from upd cross join (values (1, ${sql.placeholder('viaAt')}::timestamptz, ${from[0]}::varchar, ${p.via.to}::varchar, ${sql.placeholder('viaMensajes')}::jsonb),
                                      (2, ${at}::timestamptz, ${p.via.to}::varchar, ${p.to}::varchar, ${sql.placeholder('eventMensajes')}::jsonb)) as e(ord, at, from_status, to_status, mensajes)
          order by e.ord returning 1 as n`
    : sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select company_id, id, ${at}::timestamptz, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('apiKeyId')}::uuid, ${from.length === 1 ? from[0] : null}::varchar, ${p.to}::varchar, ${sql.placeholder('eventMensajes')}::jsonb, ${sql.placeholder('note')}::text
          from upd returning 1 as n`;
  const ctes: WithSubquery[] = [upd, db.$with('ev', written).as(events)];
  if (p.enqueue) {
    const buyerHasEmail: SQL = p.enqueue.onlyIfBuyerHasEmail ? BUYER_HAS_EMAIL : sql``;
    const idSql = p.enqueue.id ? sql`${sql.placeholder('jobId')}::uuid` : sql`gen_random_uuid()`;
    const claimSql = p.enqueue.claimedUntil ? sql`'running', 1, ${sql.placeholder('claimedUntil')}::timestamptz` : sql`'pending', 0, null::timestamptz`;
    ctes.push(
      db.$with('jb', written).as(
        sql`insert into job (company_id, id, kind, comprobante_id, status, attempts, locked_until, run_at, created_at, updated_at)
            select upd.company_id, ${idSql}, ${p.enqueue.kind}::varchar, upd.id, ${claimSql}, ${sql.placeholder('runAt')}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            from upd ${buyerHasEmail} returning 1 as n`,
      ),
    );
  }
  ctes.push(...webhookJobsCte(db, { from: p.via ? [p.via.to] : from, to: p.to, at, created: sql.placeholder('created') }));
  if (p.completes) {
    ctes.push(
      db.$with('done', written).as(
        sql`update job set status = 'done', locked_until = null, updated_at = ${at}::timestamptz
            where company_id = ${sql.placeholder('doneCompanyId')}::uuid and id = ${sql.placeholder('doneId')}::uuid returning 1 as n`,
      ),
    );
  }
  // The jobs written for someone else to run (the worker): the follow-up unless the caller claimed
  // it, and the webhook deliveries. Selected after the row's columns (one more column of the row).
  const counted = [...(p.enqueue && !p.enqueue.claimedUntil ? ['jb'] : []), ...(ctes.some((c) => c._.alias === 'webhook_jobs') ? ['webhook_jobs'] : [])];
  const jobsSql = counted.length ? sql.raw(counted.map((c) => `(select count(*) from ${c})`).join(' + ') + '::int') : sql`0`;
  const width = Object.keys(columns).length;
  const selection = { ...upd._.selectedFields, followUpJobs: sql<number>`(${jobsSql})::int`.as('follow_up_jobs') };
  const query = db.with(...ctes).select(selection as never).from(upd).toSQL();
  const shape = preparedShape(query, (rows): TransitionResult => (rows[0] ? { row: readInvoice(rows[0]), followUpJobs: Number(rows[0][width]) } : { followUpJobs: 0 }));
  return { ...shape, setColumns: setKeys.map((k) => ({ key: k, column: columns[k as keyof typeof columns] })) };
}

/**
 * What a transition wrote: the row (undefined when it was no longer in `from`) and how many jobs it
 * left for the background worker: its follow-up (unless written claimed by the caller,
 * `claimedUntil`) and its webhook deliveries. The issue route wakes the worker only when there are some.
 */
export interface TransitionResult {
  row?: ComprobanteRow;
  followUpJobs: number;
}

/** A transition's statement and the columns of its `set` values (their encoders). */
interface TransitionShape extends PreparedShape<TransitionResult> {
  setColumns: Array<{ key: string; column: { mapToDriverValue(v: unknown): unknown } }>;
}

/**
 * The placeholders every transition statement shares (this file's and batch/transition-many.ts's):
 * the tenant, the moment (ISO text as `now` and `at`, Unix seconds as the webhook events' `created`)
 * and the audit row's actor and note.
 */
export function transitionStatementValues(p: { companyId: string; now: Date; userId?: string | null; apiKeyId?: string | null; note?: string }): Record<string, unknown> {
  const at = p.now.toISOString();
  return { companyId: p.companyId, now: at, at, created: unixSeconds(p.now), userId: p.userId ?? null, apiKeyId: p.apiKeyId ?? null, note: p.note ?? null };
}

/** Statement shapes by their key (statuses, set columns, follow-up, completion): a handful in a running server. */
const shapes = new Map<string, TransitionShape>();

export async function transitionComprobante(db: Db, p: TransitionParams): Promise<ComprobanteRow | undefined> {
  return (await transitionCounted(db, p)).row;
}

/**
 * {@link transitionComprobante}, also telling how many jobs the statement left for the worker
 * ({@link TransitionResult}): a caller that runs the follow-ups itself wakes the worker only when
 * some were written (the issue route, jobs/sri-jobs.ts settleIssued).
 */
export async function transitionCounted(db: Db, p: TransitionParams): Promise<TransitionResult> {
  const from = Array.isArray(p.from) ? p.from : [p.from];
  if (p.via && from.length !== 1) throw new Error('transitionComprobante: via needs exactly one from status');
  const set = p.set ?? {};
  // drizzle's set() leaves out undefined values; so does the shape.
  const setKeys = Object.keys(set).filter((k) => set[k as keyof typeof set] !== undefined && k !== 'status' && k !== 'updatedAt' && !(p.mensajes && k === 'mensajes'));
  const e = p.enqueue;
  const key = [from.join(','), p.to, setKeys.join(','), p.mensajes ? 'm' : '', e ? `${e.kind}:${e.onlyIfBuyerHasEmail ? 'e' : ''}:${e.id ? 'i' : ''}:${e.claimedUntil ? 'c' : ''}` : '', p.completes ? 'd' : '', p.via ? `via:${p.via.to}` : ''].join('|');
  let shape = shapes.get(key);
  if (!shape) {
    shape = buildTransition(db, p, from, setKeys);
    shapes.set(key, shape);
  }
  const values: Record<string, unknown> = {
    ...transitionStatementValues(p),
    comprobanteId: p.comprobanteId,
    eventMensajes: JSON.stringify(p.mensajes ?? []),
  };
  if (p.mensajes) values.mensajes = JSON.stringify(p.mensajes);
  for (const { key: k, column } of shape.setColumns) {
    const v = set[k as keyof typeof set];
    values[`set_${k}`] = v === null ? null : column.mapToDriverValue(v);
  }
  if (e) {
    values.runAt = e.runAt.toISOString();
    if (e.id) values.jobId = e.id;
    if (e.claimedUntil) values.claimedUntil = e.claimedUntil.toISOString();
  }
  if (p.via) {
    values.viaAt = p.via.now.toISOString();
    values.viaMensajes = JSON.stringify(p.via.mensajes);
  }
  if (p.completes) {
    values.doneCompanyId = p.completes.companyId;
    values.doneId = p.completes.id;
  }
  return runPrepared(db, shape, values);
}
