/**
 * The events a webhook endpoint can subscribe to (DESIGN.md §9) and the body every delivery
 * carries: `{id, type, created, data}`, `created` in unix seconds, `id` unique per event (the same
 * at every endpoint and on every retry, so a receiver can drop repeats).
 */
import type { WebhookEventType } from '../../../core/webhook-events.ts';

/** Sent by POST /api/admin/webhook/{_id}/test; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** Unix seconds. */
  created: number;
  data: Record<string, unknown>;
}

/**
 * The event a comprobante's move into `to` announces: AUTORIZADA -> comprobante.authorized;
 * DEVUELTA (SRI reception refused it) and NO_AUTORIZADA -> comprobante.rejected; ANULADA (the SRI's
 * consultation service answers ANULADO: domain/comprobantes/annulment) -> comprobante.annulled; else none.
 */
export function eventForStatus(to: string): WebhookEventType | null {
  if (to === 'AUTORIZADA') return 'comprobante.authorized';
  if (to === 'DEVUELTA' || to === 'NO_AUTORIZADA') return 'comprobante.rejected';
  if (to === 'ANULADA') return 'comprobante.annulled';
  return null;
}

/** The raw body of a delivery: the event's fields in their documented order. */
export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.created, data: event.data });
}
