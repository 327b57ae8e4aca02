/**
 * The same transition for many comprobantes of one company in ONE statement (issue 30: a lote's
 * reception and its autorizaciones), what {@link transitionComprobante} does for one: the rows
 * still in `from` move to `to` with their own values (mensajes; for AUTORIZADA the número, the
 * fecha and the authorised document), one audit row each, the follow-up job (the mail) per row
 * when there is someone to mail, and the webhook jobs per row and endpoint
 * (webhooks/webhook-jobs.ts). The values travel as one jsonb parameter read by
 * `jsonb_to_recordset`, joined with `update … from`: 50 comprobantes cost one round trip instead of 50.
 * A row no longer in `from` is left as it is (nothing written for it), as the single guard does.
 * @returns the ids of the rows that moved.
 * @throws the driver's error unchanged (nothing written then: one statement).
 */
import { and, eq, inArray, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ComprobanteStatus } from '../../../../core/comprobante-status.ts';
import { comprobantes, type SriMensajeRow } from '../../../db/schema/invoicing.ts';
import type { JobKind } from '../../../db/repositories/jobs.ts';
import { unixSeconds, webhookJobsCte } from '../../webhooks/webhook-jobs.ts';
import { BUYER_HAS_EMAIL } from '../transition-comprobante.ts';

/** One comprobante's values: its SRI mensajes and, for AUTORIZADA, the authorisation. */
export interface ManyRow {
  id: string;
  mensajes: SriMensajeRow[];
  numeroAutorizacion?: string | null;
  fechaAutorizacion?: Date;
  authorizationXml?: string;
  /** FIRMADA (issue-comprobante.ts deferFirmada): the secuencial, the key, the ambiente, the signed XML, when. */
  signature?: { secuencial: number; claveAcceso: string; ambiente: string; signedXml: string; issuedAt: Date };
}

export interface TransitionManyParams {
  companyId: string;
  from: ComprobanteStatus[];
  to: ComprobanteStatus;
  rows: ManyRow[];
  /** Write numero_autorizacion, fecha_autorizacion and authorization_xml from the rows. */
  authorization?: boolean;
  /** Write secuencial, clave_acceso, ambiente, signed_xml and issued_at from the rows' `signature`. */
  signature?: boolean;
  /** Who made the change, for the audit rows (a worker's transitions: nobody). */
  userId?: string | null;
  apiKeyId?: string | null;
  note?: string;
  now: Date;
  /** A job per moved row (pending, due at `runAt`); onlyIfBuyerHasEmail as in transitionComprobante. */
  enqueue?: { kind: JobKind; runAt: Date; onlyIfBuyerHasEmail?: boolean };
}

export async function transitionMany(db: Db, p: TransitionManyParams): Promise<string[]> {
  if (!p.rows.length) return [];
  const at = p.now.toISOString();
  const values = JSON.stringify(
    p.rows.map((r) => ({
      id: r.id,
      mensajes: r.mensajes,
      ...(p.authorization ? { numero_autorizacion: r.numeroAutorizacion ?? null, fecha_autorizacion: (r.fechaAutorizacion ?? p.now).toISOString(), authorization_xml: r.authorizationXml ?? null } : {}),
      ...(p.signature && r.signature
        ? { secuencial: r.signature.secuencial, clave_acceso: r.signature.claveAcceso, ambiente: r.signature.ambiente, signed_xml: r.signature.signedXml, issued_at: r.signature.issuedAt.toISOString() }
        : {}),
    })),
  );
  const authorised = p.authorization
    ? { numeroAutorizacion: sql`v.numero_autorizacion`, fechaAutorizacion: sql`v.fecha_autorizacion`, authorizationXml: sql`v.authorization_xml` }
    : {};
  const signature = p.signature
    ? { secuencial: sql`v.secuencial`, claveAcceso: sql`v.clave_acceso`, ambiente: sql`v.ambiente`, signedXml: sql`v.signed_xml`, issuedAt: sql`v.issued_at` }
    : {};
  const upd = db.$with('upd').as(
    db
      .update(comprobantes)
      .set({ status: p.to, updatedAt: p.now, mensajes: sql`v.mensajes`, ...authorised, ...signature })
      .from(sql`jsonb_to_recordset(${values}::jsonb) as v(id uuid, mensajes jsonb, numero_autorizacion varchar, fecha_autorizacion timestamptz, authorization_xml text, secuencial integer, clave_acceso varchar, ambiente varchar, signed_xml text, issued_at timestamptz)`)
      .where(and(eq(comprobantes.companyId, p.companyId), eq(comprobantes.id, sql`v.id`), inArray(comprobantes.status, p.from)))
      .returning(),
  );
  const written = { n: sql<number>`1`.as('n') };
  const ctes: WithSubquery[] = [
    upd,
    db.$with('ev', written).as(
      sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select company_id, id, ${at}::timestamptz, ${p.userId ?? null}::uuid, ${p.apiKeyId ?? null}::uuid, ${p.from.length === 1 ? p.from[0] : null}::varchar, ${p.to}::varchar, mensajes, ${p.note ?? null}::text
          from upd returning 1 as n`,
    ),
  ];
  if (p.enqueue) {
    const buyerHasEmail: SQL = p.enqueue.onlyIfBuyerHasEmail ? BUYER_HAS_EMAIL : sql``;
    ctes.push(
      db.$with('jb', written).as(
        sql`insert into job (company_id, id, kind, comprobante_id, status, attempts, locked_until, run_at, created_at, updated_at)
            select upd.company_id, gen_random_uuid(), ${p.enqueue.kind}::varchar, upd.id, 'pending', 0, null::timestamptz, ${p.enqueue.runAt.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            from upd ${buyerHasEmail} returning 1 as n`,
      ),
    );
  }
  ctes.push(...webhookJobsCte(db, { from: p.from, to: p.to, at, created: unixSeconds(p.now) }));
  const moved = await db.with(...ctes).select({ id: sql<string>`upd.id` }).from(upd);
  return moved.map((r) => r.id);
}
