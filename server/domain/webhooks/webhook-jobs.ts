/**
 * Webhook deliveries as job rows (kind 'webhook_delivery', payload `{endpointId, event}`), written
 * in the same statement or transaction as the change they announce (DESIGN.md §5, §9): one job per
 * endpoint of the company subscribed to the event's type; the event (and its id) is the same for
 * every endpoint and every retry.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, webhookEndpoints } from '../../db/schema/index-tables.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../core/webhook-events.ts';
import { eventForStatus, WEBHOOK_TEST_EVENT, type WebhookEvent } from './webhook-events.ts';

export const WEBHOOK_JOB_KIND = 'webhook_delivery';

/** What a webhook_delivery job carries. */
export interface WebhookJobPayload {
  endpointId: string;
  event: WebhookEvent;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEventType = (t: unknown): t is WebhookEvent['type'] => t === WEBHOOK_TEST_EVENT || WEBHOOK_EVENT_TYPES.some((known) => known === t);

/**
 * A webhook_delivery job's payload (jsonb), checked field by field: what {@link webhookJobsCte},
 * {@link enqueueWebhookEvent} and the certificate check write.
 * @throws Error naming what is wrong when it is not one (the worker retries the job, then marks it failed).
 */
export function webhookJobPayloadOf(payload: unknown): WebhookJobPayload {
  if (!isObject(payload) || typeof payload.endpointId !== 'string') throw new Error(`${WEBHOOK_JOB_KIND}: el payload no tiene endpointId`);
  const e = payload.event;
  if (!isObject(e) || typeof e.id !== 'string' || !isEventType(e.type) || typeof e.created !== 'number' || !isObject(e.data)) {
    throw new Error(`${WEBHOOK_JOB_KIND}: el evento del payload no es válido`);
  }
  return { endpointId: payload.endpointId, event: { id: e.id, type: e.type, created: e.created, data: e.data } };
}

/** A new event id: `evt_` and 32 hex digits. */
export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** Unix seconds of `at`. */
export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The comprobante summary every comprobante.* event carries as `data`, as SQL over the row alias
 * `r` (a comprobante row), shaped like the API's list row: money as numbers, secuencial as 9
 * digits, dates ISO 8601 in UTC. `r` is a constant of this module's callers, never input.
 */
function comprobanteSummarySql(r: string): SQL {
  const secuencial = `lpad(${r}.secuencial::text, 9, '0')`;
  return sql.raw(`jsonb_build_object(
    '_id', ${r}.id, 'codDoc', ${r}.cod_doc, 'estab', ${r}.estab, 'ptoEmi', ${r}.pto_emi, 'secuencial', ${secuencial},
    'numero', ${r}.estab || '-' || ${r}.pto_emi || '-' || ${secuencial},
    'claveAcceso', ${r}.clave_acceso, 'ambiente', ${r}.ambiente, 'status', ${r}.status, 'fechaEmision', ${r}.fecha_emision,
    'razonSocialComprador', ${r}.razon_social_comprador, 'identificacionComprador', ${r}.identificacion_comprador,
    'importeTotal', ${r}.importe_total, 'numeroAutorizacion', ${r}.numero_autorizacion,
    'fechaAutorizacion', to_char(${r}.fecha_autorizacion at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'mensajes', ${r}.mensajes)`);
}

/**
 * The CTE a comprobante transition adds so that its webhook jobs are written by the same
 * statement as the status change: for a move into AUTORIZADA (comprobante.authorized) or DEVUELTA /
 * NO_AUTORIZADA (comprobante.rejected), one job per subscribed endpoint, built from the CTE
 * `updated` (the rows the transition's UPDATE returned; none when the guard failed, then no job).
 * `at` (an ISO 8601 instant, or a placeholder for one: the statement is built once per shape and
 * prepared, transition-comprobante.ts) is the jobs' run_at and created_at; `created` (unix seconds,
 * or its placeholder) the event's `created`.
 * @returns the CTE, or none when the transition announces nothing (other statuses, or `to` already
 *   in `from`: a repeated transition is not a new event).
 * @example ctes.push(...webhookJobsCte(db, { from, to: 'AUTORIZADA', at: sql.placeholder('at'), created: sql.placeholder('created') }));
 */
export function webhookJobsCte(db: Db, p: { from: readonly string[]; to: string; at: string | Placeholder; created: number | Placeholder; updated?: string }): WithSubquery[] {
  const type = eventForStatus(p.to);
  if (!type || p.from.includes(p.to)) return [];
  const u = p.updated ?? 'upd';
  const at = p.at;
  const cte = db.$with('webhook_jobs', { n: sql<number>`1`.as('n') }).as(
    sql`insert into job (company_id, kind, comprobante_id, payload, run_at, created_at, updated_at)
        select ${sql.raw(u)}.company_id, ${WEBHOOK_JOB_KIND}::varchar, ${sql.raw(u)}.id,
          jsonb_build_object('endpointId', w.id, 'event', jsonb_build_object('id', e.id, 'type', ${type}::text, 'created', ${p.created}::bigint, 'data', ${comprobanteSummarySql(u)})),
          ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from ${sql.raw(u)}
        cross join (select 'evt_' || replace(gen_random_uuid()::text, '-', '') as id) e
        join webhook_endpoint w on w.company_id = ${sql.raw(u)}.company_id and ${type}::text = any(w.events)
        returning 1 as n`,
  );
  return [cte];
}

/**
 * Enqueue `type` with `data` for every endpoint of the company subscribed to it, on `tx` (pass the
 * transaction of the change the event announces). comprobante.received is enqueued this way by
 * the received-documents import; certificate.expiring by the daily certificate check.
 * @returns the event, or null when no endpoint is subscribed (nothing written).
 */
export async function enqueueWebhookEvent(
  tx: Db,
  p: { companyId: string; type: WebhookEventType; data: Record<string, unknown>; now: Date; comprobanteId?: string },
): Promise<WebhookEvent | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, p.companyId), sql`${p.type}::text = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return null;
  const event: WebhookEvent = { id: newEventId(), type: p.type, created: unixSeconds(p.now), data: p.data };
  await tx.insert(jobs).values(
    endpoints.map((e) => ({
      companyId: p.companyId,
      kind: WEBHOOK_JOB_KIND,
      comprobanteId: p.comprobanteId ?? null,
      payload: { endpointId: e.id, event },
      runAt: p.now,
      createdAt: p.now,
      updatedAt: p.now,
    })),
  );
  return event;
}
