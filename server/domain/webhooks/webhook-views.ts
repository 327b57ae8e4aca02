/** The JSON shapes of webhook endpoints and delivery attempts (GET /api/admin/webhook…). */
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index-tables.ts';
import { maskUrlCredentials } from './webhook-url.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint without its secret and with the URL's credentials masked (both shown only when created). */
export function toEndpointView(row: EndpointRow) {
  return { _id: row.id, url: maskUrlCredentials(row.url), events: row.events, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
export type WebhookEndpointView = ReturnType<typeof toEndpointView>;

export function toDeliveryView(row: DeliveryRow) {
  return {
    _id: row.id,
    eventId: row.eventId,
    type: row.eventType,
    attempt: row.attempt,
    status: row.status as 'succeeded' | 'failed',
    httpStatus: row.httpStatus,
    responseTimeMs: row.responseTimeMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    at: row.at.toISOString(),
  };
}
export type WebhookDeliveryView = ReturnType<typeof toDeliveryView>;
