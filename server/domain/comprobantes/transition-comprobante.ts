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
 * gen_random_uuid()); the columns named here are the migrations' (0000_init.sql).
 * @returns the updated row, or undefined when the invoice was no longer in `from` (then nothing
 *   was written, except the completion of `completes`).
 */
import { and, eq, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comprobantes, type SriMensajeRow } from '../../db/schema/invoicing.ts';
import type { JobKind } from '../../jobs/job-queue.ts';
import { webhookJobsCte } from '../webhooks/webhook-jobs.ts';

export type InvoiceStatus = 'BORRADOR' | 'FIRMADA' | 'RECIBIDA' | 'DEVUELTA' | 'EN_PROCESO' | 'AUTORIZADA' | 'NO_AUTORIZADA' | 'ANULADA';

export interface TransitionFollowUp {
  kind: JobKind;
  runAt: Date;
  /** Enqueue only when there is someone to mail: the customer has an e-mail, or the type listed recipients (type_detail.mailTo, a guía's destinatarios). */
  onlyIfBuyerHasEmail?: boolean;
  /** The job's id (a UUID the caller made), so that the caller can run it without reading it back. */
  id?: string;
  /**
   * Insert the job already claimed by the caller until this instant (status 'running', attempts 1,
   * locked_until), as job-queue.ts claimJobs would leave it: no other worker takes it while the
   * caller runs it, and after a crash it is claimable again once the lease passes. Needs `id`.
   */
  claimedUntil?: Date;
}

export async function transitionInvoice(
  db: Db,
  p: {
    companyId: string;
    comprobanteId: string;
    from: InvoiceStatus | InvoiceStatus[];
    to: InvoiceStatus;
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
  },
) {
  const from = Array.isArray(p.from) ? p.from : [p.from];
  const at = p.now.toISOString();
  const upd = db.$with('upd').as(
    db
      .update(comprobantes)
      .set({ ...p.set, status: p.to, updatedAt: p.now, ...(p.mensajes ? { mensajes: p.mensajes } : {}) })
      .where(and(eq(comprobantes.companyId, p.companyId), eq(comprobantes.id, p.comprobanteId), inArray(comprobantes.status, from)))
      .returning(),
  );
  const written = { n: sql<number>`1`.as('n') };
  const ctes: WithSubquery[] = [
    upd,
    db.$with('ev', written).as(
      sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select company_id, id, ${at}::timestamptz, ${p.userId ?? null}::uuid, ${p.apiKeyId ?? null}::uuid, ${from.length === 1 ? from[0] : null}::varchar, ${p.to}::varchar, ${JSON.stringify(p.mensajes ?? [])}::jsonb, ${p.note ?? null}::text
          from upd returning 1 as n`,
    ),
  ];
  if (p.enqueue) {
    const buyerHasEmail: SQL = p.enqueue.onlyIfBuyerHasEmail
      ? sql`left join customer c on c.company_id = upd.company_id and c.id = upd.customer_id
            where (c.email is not null and c.email <> '') or jsonb_array_length(coalesce(upd.type_detail->'mailTo', '[]'::jsonb)) > 0`
      : sql``;
    const { id, claimedUntil } = p.enqueue;
    const idSql = id ? sql`${id}::uuid` : sql`gen_random_uuid()`;
    const claimSql = claimedUntil ? sql`'running', 1, ${claimedUntil.toISOString()}::timestamptz` : sql`'pending', 0, null::timestamptz`;
    ctes.push(
      db.$with('jb', written).as(
        sql`insert into job (company_id, id, kind, comprobante_id, status, attempts, locked_until, run_at, created_at, updated_at)
            select upd.company_id, ${idSql}, ${p.enqueue.kind}::varchar, upd.id, ${claimSql}, ${p.enqueue.runAt.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            from upd ${buyerHasEmail} returning 1 as n`,
      ),
    );
  }
  ctes.push(...webhookJobsCte(db, { from, to: p.to, now: p.now }));
  if (p.completes) {
    ctes.push(
      db.$with('done', written).as(
        sql`update job set status = 'done', locked_until = null, updated_at = ${at}::timestamptz
            where company_id = ${p.completes.companyId}::uuid and id = ${p.completes.id}::uuid returning 1 as n`,
      ),
    );
  }
  const [row] = await db.with(...ctes).select().from(upd);
  return row;
}
