/**
 * A company's webhook endpoints (DESIGN.md §9): list, create (the secret is generated when not
 * given, and returned only then), update, delete; and the delivery log of one endpoint.
 * Every query is scoped by `companyId` from the authenticated request.
 * @throws AppError NOT_FOUND (not this company's endpoint), VALIDATION (URL not http(s), or on a
 *   loopback/private address without WEBHOOK_ALLOW_PRIVATE). A host that does not resolve right now is
 *   saved, with a `warning` in the answer; its deliveries fail into the log until it resolves.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { checkWebhookTarget } from './check-webhook-target.ts';
import { newWebhookSecret } from './sign-webhook.ts';
import type { WebhookEventType } from '../../../core/webhook-events.ts';
import { urlKeepingCredentials } from './webhook-url.ts';
import { toDeliveryView, toEndpointView, type WebhookDeliveryView, type WebhookEndpointView } from './webhook-views.ts';

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventType[];
  secret?: string;
}

const NOT_FOUND = 'El webhook';

/**
 * Refuses a target that is not http(s) or resolves to a loopback or private address. A host that
 * does not resolve right now is accepted (check-webhook-target.ts): the answer's `warning` says so,
 * and each delivery checks it again and logs its failure.
 * @throws AppError VALIDATION at path `url`.
 */
async function assertTarget(url: string, allowPrivate: boolean): Promise<{ warning?: string }> {
  const { problem, unresolved } = await checkWebhookTarget(url, { allowPrivate });
  if (problem && unresolved) return { warning: `${problem} ahora: el webhook se guardó; cada envío lo intentará de nuevo y su resultado aparecerá en el registro de envíos` };
  if (problem) throw new AppError('VALIDATION', problem, { details: [{ path: 'url', message: problem }] });
  return {};
}

export async function listWebhookEndpoints(db: Db, p: { companyId: string }): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, p.companyId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toEndpointView);
}

export async function getWebhookEndpoint(db: Db, p: { companyId: string; endpointId: string }): Promise<WebhookEndpointView> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)));
  if (!row) throw notFound(NOT_FOUND);
  return toEndpointView(row);
}

/** @returns the endpoint with its `secret` and its URL as given, the only time the API shows them. */
export async function createWebhookEndpoint(
  db: Db,
  box: SecretBox,
  p: { companyId: string; userId: string; input: WebhookEndpointInput; allowPrivate: boolean; now: Date },
): Promise<WebhookEndpointView & { secret: string; warning?: string }> {
  const { warning } = await assertTarget(p.input.url, p.allowPrivate);
  const secret = p.input.secret ?? newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ companyId: p.companyId, url: p.input.url, events: [...new Set(p.input.events)], secretEncrypted: box.seal(Buffer.from(secret, 'utf8')), createdBy: p.userId, createdAt: p.now, updatedAt: p.now })
    .returning();
  return { ...toEndpointView(row), url: row.url, secret, ...(warning ? { warning } : {}) };
}

/**
 * Replaces url and events; the secret only when one is given. A URL whose credentials are the mask
 * the API shows keeps the stored ones (webhook-url.ts).
 */
export async function updateWebhookEndpoint(
  db: Db,
  box: SecretBox,
  p: { companyId: string; endpointId: string; input: WebhookEndpointInput; allowPrivate: boolean; now: Date },
): Promise<WebhookEndpointView & { warning?: string }> {
  const [stored] = await db
    .select({ url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)));
  if (!stored) throw notFound(NOT_FOUND);
  const url = urlKeepingCredentials(p.input.url, stored.url);
  const { warning } = await assertTarget(url, p.allowPrivate);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ url, events: [...new Set(p.input.events)], updatedAt: p.now, ...(p.input.secret ? { secretEncrypted: box.seal(Buffer.from(p.input.secret, 'utf8')) } : {}) })
    .where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return { ...toEndpointView(row), ...(warning ? { warning } : {}) };
}

/** Deletes the endpoint and its log; its pending deliveries find no endpoint and end. */
export async function deleteWebhookEndpoint(db: Db, p: { companyId: string; endpointId: string }): Promise<void> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw notFound(NOT_FOUND);
}

/** The endpoint's delivery attempts, newest first, at most `limit` (default 100). */
export async function listWebhookDeliveries(db: Db, p: { companyId: string; endpointId: string; limit?: number }): Promise<WebhookDeliveryView[]> {
  await getWebhookEndpoint(db, p);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, p.companyId), eq(webhookDeliveries.endpointId, p.endpointId)))
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.attempt))
    .limit(p.limit ?? 100);
  return rows.map(toDeliveryView);
}
