/**
 * A company's webhook endpoints (DESIGN.md §9): list, create (the secret is generated when not
 * given, and returned only then), update, delete; and the delivery log of one endpoint.
 * Every query is scoped by `companyId` from the authenticated request.
 * @throws AppError NOT_FOUND (not this company's endpoint), VALIDATION (URL not http(s), or on a
 *   loopback/private address without WEBHOOK_ALLOW_PRIVATE).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { webhookTargetProblem } from './check-webhook-target.ts';
import { newWebhookSecret } from './sign-webhook.ts';
import type { WebhookEventType } from '../../../core/webhook-events.ts';
import { toDeliveryView, toEndpointView, type WebhookDeliveryView, type WebhookEndpointView } from './webhook-views.ts';

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventType[];
  secret?: string;
}

const NOT_FOUND = 'El webhook';

async function assertTarget(url: string, allowPrivate: boolean): Promise<void> {
  const problem = await webhookTargetProblem(url, { allowPrivate });
  if (problem) throw new AppError('VALIDATION', problem, { details: [{ path: 'url', message: problem }] });
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

/** @returns the endpoint with its `secret`, the only time the API shows it. */
export async function createWebhookEndpoint(
  db: Db,
  box: SecretBox,
  p: { companyId: string; userId: string; input: WebhookEndpointInput; allowPrivate: boolean; now: Date },
): Promise<WebhookEndpointView & { secret: string }> {
  await assertTarget(p.input.url, p.allowPrivate);
  const secret = p.input.secret ?? newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ companyId: p.companyId, url: p.input.url, events: [...new Set(p.input.events)], secretEncrypted: box.seal(Buffer.from(secret, 'utf8')), createdBy: p.userId, createdAt: p.now, updatedAt: p.now })
    .returning();
  return { ...toEndpointView(row), secret };
}

/** Replaces url and events; the secret only when one is given. */
export async function updateWebhookEndpoint(
  db: Db,
  box: SecretBox,
  p: { companyId: string; endpointId: string; input: WebhookEndpointInput; allowPrivate: boolean; now: Date },
): Promise<WebhookEndpointView> {
  await assertTarget(p.input.url, p.allowPrivate);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ url: p.input.url, events: [...new Set(p.input.events)], updatedAt: p.now, ...(p.input.secret ? { secretEncrypted: box.seal(Buffer.from(p.input.secret, 'utf8')) } : {}) })
    .where(and(eq(webhookEndpoints.companyId, p.companyId), eq(webhookEndpoints.id, p.endpointId)))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toEndpointView(row);
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
