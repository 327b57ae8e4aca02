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
import { preparedShape, runPrepared, type PreparedShape } from '../../../db/prepared-query.ts';
import { webhookJobsCte } from '../../webhooks/webhook-jobs.ts';
import { BUYER_HAS_EMAIL, transitionStatementValues } from '../transition-comprobante.ts';
import { XML_DECLARATION } from '../authorization-document.ts';

/** One comprobante's values: its SRI mensajes and, for AUTORIZADA, the authorisation. */
export interface ManyRow {
  id: string;
  mensajes: SriMensajeRow[];
  numeroAutorizacion?: string | null;
  fechaAutorizacion?: Date;
  /** The authorised document, whole. */
  authorizationXml?: string;
  /**
   * Or the authorised document around the row's own signed XML (authorizationDocumentParts): the
   * statement writes `head || signed_xml without its declaration || tail`, so the signed XML is not
   * read out of the database and sent back. The declaration is cut by PostgreSQL's regexp_replace
   * with XML_DECLARATION's pattern (its `\s` is ASCII whitespace there; a signed XML starts with an
   * ASCII declaration).
   */
  authorizationAround?: { head: string; tail: string };
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
  /**
   * A status each row passed through on its way from `from` (one status) to `to`, true outside but
   * not written (the SRI received the lote before it authorised it), as transitionComprobante's
   * `via`: two audit rows per row, from → via (these mensajes, at `now`, with `note`) then via → to
   * (the row's mensajes, at the transition's `now`, with the transition's note); the webhook jobs
   * are those of via → to.
   */
  via?: { to: ComprobanteStatus; mensajes: SriMensajeRow[]; now: Date; note?: string };
}

const ph = (name: string) => sql`${sql.placeholder(name)}`;

/** The statement of one shape (statuses, columns written, follow-up job), built once with placeholders (prepared-query.ts). */
function buildMany(db: Db, p: TransitionManyParams): PreparedShape<string[]> {
  const authorised = p.authorization
    ? {
        numeroAutorizacion: sql`v.numero_autorizacion`,
        fechaAutorizacion: sql`v.fecha_autorizacion`,
        authorizationXml: sql`coalesce(v.authorization_xml, v.authorization_head || regexp_replace("comprobante"."signed_xml", ${sql.raw(`'${XML_DECLARATION.source}'`)}, '') || v.authorization_tail)`,
      }
    : {};
  const signature = p.signature
    ? { secuencial: sql`v.secuencial`, claveAcceso: sql`v.clave_acceso`, ambiente: sql`v.ambiente`, signedXml: sql`v.signed_xml`, issuedAt: sql`v.issued_at` }
    : {};
  const upd = db.$with('upd').as(
    db
      .update(comprobantes)
      .set({ status: p.to, updatedAt: ph('now'), mensajes: sql`v.mensajes`, ...authorised, ...signature })
      .from(
        sql`jsonb_to_recordset(${sql.placeholder('values')}::jsonb) as v(id uuid, mensajes jsonb, numero_autorizacion varchar, fecha_autorizacion timestamptz, authorization_xml text, authorization_head text, authorization_tail text, secuencial integer, clave_acceso varchar, ambiente varchar, signed_xml text, issued_at timestamptz)`,
      )
      .where(and(eq(comprobantes.companyId, sql.placeholder('companyId')), eq(comprobantes.id, sql`v.id`), inArray(comprobantes.status, p.from)))
      .returning(),
  );
  const written = { n: sql<number>`1`.as('n') };
  const at = sql.placeholder('at');
  // With `via`: two audit rows per row, in order (ids follow the ORDER BY: a list sorts by at, then id).
  const events = p.via
    ? sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select upd.company_id, upd.id, e.at, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('apiKeyId')}::uuid, e.from_status, e.to_status, coalesce(e.mensajes, upd.mensajes), e.note
          from upd cross join (values (1, ${sql.placeholder('viaAt')}::timestamptz, ${p.from[0]}::varchar, ${p.via.to}::varchar, ${sql.placeholder('viaMensajes')}::jsonb, ${sql.placeholder('viaNote')}::text),
                                      (2, ${at}::timestamptz, ${p.via.to}::varchar, ${p.to}::varchar, null::jsonb, ${sql.placeholder('note')}::text)) as e(ord, at, from_status, to_status, mensajes, note)
          order by upd.id, e.ord returning 1 as n`
    : sql`insert into comprobante_event (company_id, comprobante_id, at, user_id, api_key_id, from_status, to_status, mensajes, note)
          select company_id, id, ${at}::timestamptz, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('apiKeyId')}::uuid, ${p.from.length === 1 ? p.from[0] : null}::varchar, ${p.to}::varchar, mensajes, ${sql.placeholder('note')}::text
          from upd returning 1 as n`;
  const ctes: WithSubquery[] = [upd, db.$with('ev', written).as(events)];
  if (p.enqueue) {
    const buyerHasEmail: SQL = p.enqueue.onlyIfBuyerHasEmail ? BUYER_HAS_EMAIL : sql``;
    ctes.push(
      db.$with('jb', written).as(
        sql`insert into job (company_id, id, kind, comprobante_id, status, attempts, locked_until, run_at, created_at, updated_at)
            select upd.company_id, gen_random_uuid(), ${p.enqueue.kind}::varchar, upd.id, 'pending', 0, null::timestamptz, ${sql.placeholder('runAt')}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            from upd ${buyerHasEmail} returning 1 as n`,
      ),
    );
  }
  ctes.push(...webhookJobsCte(db, { from: p.via ? [p.via.to] : p.from, to: p.to, at, created: sql.placeholder('created') }));
  return preparedShape(db.with(...ctes).select({ id: sql<string>`upd.id` }).from(upd).toSQL(), (rows) => rows.map((r) => r[0] as string));
}

/** Statement shapes by their key (statuses, columns, follow-up): a handful in a running server. */
const shapes = new Map<string, PreparedShape<string[]>>();

export async function transitionMany(db: Db, p: TransitionManyParams): Promise<string[]> {
  if (!p.rows.length) return [];
  if (p.via && p.from.length !== 1) throw new Error('transitionMany: via needs exactly one from status');
  const key = [p.from.join(','), p.to, p.authorization ? 'a' : '', p.signature ? 's' : '', p.enqueue ? `${p.enqueue.kind}:${p.enqueue.onlyIfBuyerHasEmail ? 'e' : ''}` : '', p.via ? `via:${p.via.to}` : ''].join('|');
  let shape = shapes.get(key);
  if (!shape) shapes.set(key, (shape = buildMany(db, p)));
  const values = JSON.stringify(
    p.rows.map((r) => ({
      id: r.id,
      mensajes: r.mensajes,
      ...(p.authorization
        ? {
            numero_autorizacion: r.numeroAutorizacion ?? null,
            fecha_autorizacion: (r.fechaAutorizacion ?? p.now).toISOString(),
            authorization_xml: r.authorizationXml ?? null,
            authorization_head: r.authorizationAround?.head ?? null,
            authorization_tail: r.authorizationAround?.tail ?? null,
          }
        : {}),
      ...(p.signature && r.signature
        ? { secuencial: r.signature.secuencial, clave_acceso: r.signature.claveAcceso, ambiente: r.signature.ambiente, signed_xml: r.signature.signedXml, issued_at: r.signature.issuedAt.toISOString() }
        : {}),
    })),
  );
  const via = p.via ? { viaAt: p.via.now.toISOString(), viaMensajes: JSON.stringify(p.via.mensajes), viaNote: p.via.note ?? null } : {};
  return runPrepared(db, shape, { ...transitionStatementValues(p), ...via, values, runAt: p.enqueue ? p.enqueue.runAt.toISOString() : null });
}
