/**
 * One change of an issued comprobante's anulación (DESIGN.md §10, core/annulment.ts) in ONE
 * statement (data-modifying CTEs, atomic like a transaction): the new `annulment` (and, when the SRI
 * says ANULADO, status AUTORIZADA -> ANULADA), its audit row in comprobante_event (from/to status and
 * a Spanish note) and, for ANULADA, one `comprobante.annulled` webhook job per subscribed endpoint.
 * The update is guarded by the status (AUTORIZADA) and the request's current state, so two checks or
 * a check and a withdrawal cannot both apply; the audit row and the jobs exist only when it happened.
 * The daily sales sums follow the status change by trigger (migration 0012) in the same statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { comprobantes } from '../../../db/schema/invoicing.ts';
import { OPEN_ANNULMENT_STATES, type Annulment, type AnnulmentState } from '../../../../core/annulment.ts';
import { unixSeconds, webhookJobsCte } from '../../webhooks/webhook-jobs.ts';
import { comprobanteScope } from '../../../db/repositories/comprobantes.ts';

type ComprobanteRow = typeof comprobantes.$inferSelect;

export interface AnnulmentChange {
  companyId: string;
  comprobanteId: string;
  /** The request's state the change starts from; 'none' = no open request (a new one may be made). */
  from: AnnulmentState | 'none';
  /** The new annulment (null: the request is withdrawn). */
  annulment: Annulment | null;
  /** Set status ANULADA (the SRI answered ANULADO). */
  annul?: boolean;
  /** comprobante_event.note (Spanish). */
  note: string;
  userId?: string | null;
  apiKeyId?: string | null;
  now: Date;
  /** Write no audit row (a check that only records checkedAt). */
  silent?: boolean;
}

const openStates = sql.raw(OPEN_ANNULMENT_STATES.map((s) => `'${s}'`).join(', '));

/**
 * @returns the updated row, or undefined when the guard failed (the status or the request's state
 *   had changed meanwhile): then nothing was written.
 */
export async function changeAnnulment(db: Db, c: AnnulmentChange): Promise<ComprobanteRow | undefined> {
  const stateGuard: SQL =
    c.from === 'none'
      ? sql`(${comprobantes.annulment} is null or ${comprobantes.annulment}->>'state' not in (${openStates}))`
      : sql`${comprobantes.annulment}->>'state' = ${c.from}`;
  const at = c.now.toISOString();
  const upd = db.$with('upd').as(
    db
      .update(comprobantes)
      .set({ annulment: c.annulment, updatedAt: c.now, ...(c.annul ? { status: 'ANULADA' } : {}) })
      .where(comprobanteScope({ companyId: c.companyId, id: c.comprobanteId, status: 'AUTORIZADA' }, stateGuard))
      .returning(),
  );
  const written = { n: sql<number>`1`.as('n') };
  const ctes = [upd];
  if (!c.silent) {
    ctes.push(
      db.$with('ev', written).as(
        sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
            select company_id, id, ${at}::timestamptz, ${c.userId ?? null}::uuid, ${c.apiKeyId ?? null}::uuid, 'AUTORIZADA'::varchar, status, '[]'::jsonb, ${c.note}::text
            from upd returning 1 as n`,
      ) as unknown as typeof upd,
    );
  }
  if (c.annul) ctes.push(...(webhookJobsCte(db, { from: ['AUTORIZADA'], to: 'ANULADA', at, created: unixSeconds(c.now) }) as unknown as Array<typeof upd>));
  const rows = await db.with(...ctes).select().from(upd);
  return rows[0] as ComprobanteRow | undefined;
}
