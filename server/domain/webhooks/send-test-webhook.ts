/**
 * "Enviar evento de prueba" (POST /api/admin/webhook/{_id}/test): one delivery of a `webhook.test`
 * event to the endpoint, now, signed like every other, logged, and answered with its outcome so the
 * user sees at once whether the receiver works. Not retried: the user can press the button again.
 * @throws AppError NOT_FOUND (not this company's endpoint).
 */
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { attemptWebhookDelivery, type WebhookDeliveryOptions } from './deliver-webhook.ts';
import { WEBHOOK_TEST_EVENT } from './webhook-events.ts';
import { newEventId, unixSeconds } from './webhook-jobs.ts';
import type { WebhookDeliveryView } from './webhook-views.ts';

export async function sendTestWebhook(db: Db, options: WebhookDeliveryOptions, p: { companyId: string; endpointId: string; now: Date }): Promise<WebhookDeliveryView> {
  const event = { id: newEventId(), type: WEBHOOK_TEST_EVENT, created: unixSeconds(p.now), data: { message: 'Evento de prueba de Emite' } } as const;
  const logged = await attemptWebhookDelivery(db, options, { companyId: p.companyId, endpointId: p.endpointId, event, attempt: 1, now: p.now, retryAt: null });
  if (!logged) throw notFound('El webhook');
  return logged;
}
