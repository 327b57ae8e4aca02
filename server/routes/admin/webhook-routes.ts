/**
 * Webhooks of the caller's company (DESIGN.md §9): endpoints, their delivery log and the test
 * event. Whoever may manage the company (`company: update`) manages its webhooks.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import type { WebhookDeliveryOptions } from '../../domain/webhooks/deliver-webhook.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from '../../domain/webhooks/manage-webhooks.ts';
import { sendTestWebhook } from '../../domain/webhooks/send-test-webhook.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '../../../core/webhook-events.ts';
import { typed } from '../../http/typed.ts';

/** The delivery options of this app: its secret box and WEBHOOK_ALLOW_PRIVATE. */
export function webhookOptions(deps: Pick<AppDeps, 'secretBox' | 'config'>): WebhookDeliveryOptions {
  return { secretBox: deps.secretBox, allowPrivate: deps.config.webhookAllowPrivate ?? false };
}

const TAGS = ['Webhooks'];
const idParam = { type: 'object', required: ['_id'], properties: { _id: { type: 'string', format: 'uuid', description: 'Id del webhook' } } } as const;
const eventsDescription = `Eventos que recibe: ${WEBHOOK_EVENT_TYPES.map((t) => `${t} (${WEBHOOK_EVENT_LABELS[t].toLowerCase()})`).join('; ')}`;

const endpointOut = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    url: { type: 'string', description: 'URL que recibe los eventos (POST JSON)' },
    events: { type: 'array', items: { type: 'string' }, description: eventsDescription },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    warning: { type: 'string', description: 'Solo al crear o editar: el nombre de la URL no se pudo resolver ahora; el webhook se guardó y cada envío lo intentará de nuevo' },
  },
} as const;
const createdOut = {
  ...endpointOut,
  properties: { ...endpointOut.properties, secret: { type: 'string', description: 'Secreto de firma (HMAC-SHA256 de X-Emite-Signature); solo se muestra al crear el webhook' } },
} as const;
const endpointBody = {
  type: 'object',
  required: ['url', 'events'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 8, maxLength: 2000, pattern: '^https?://', description: 'URL pública http(s) que recibe los eventos' },
    events: { type: 'array', minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true, items: { type: 'string', enum: WEBHOOK_EVENT_TYPES }, description: eventsDescription },
    secret: { type: 'string', minLength: 16, maxLength: 200, pattern: '^\\S+$', description: 'Secreto de firma propio; si falta, Emite genera uno (al crear) o conserva el actual (al editar)' },
  },
} as const;
const deliveryOut = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    eventId: { type: 'string', description: 'Id del evento (el mismo en cada reintento)' },
    type: { type: 'string', description: 'Tipo del evento' },
    attempt: { type: 'integer', description: 'Número de intento (1 = el primero)' },
    status: { type: 'string', enum: ['succeeded', 'failed'], description: 'succeeded: el receptor respondió 2xx; failed: otro código, sin respuesta o destino rechazado' },
    httpStatus: { type: ['integer', 'null'], description: 'Código HTTP de la respuesta' },
    responseTimeMs: { type: 'integer', description: 'Tiempo de respuesta en milisegundos' },
    error: { type: ['string', 'null'], description: 'Motivo del fallo' },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time', description: 'Próximo intento; null si no habrá otro' },
    at: { type: 'string', format: 'date-time', description: 'Momento del intento' },
  },
} as const;

export async function webhookRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const guard = requirePermission('company', 'update');
  const companyId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).companyId;

  app.get(
    '/api/admin/webhook',
    { preHandler: guard, schema: { tags: TAGS, summary: 'Listar webhooks', description: 'Los webhooks de la empresa, sin sus secretos.', response: { 200: { type: 'array', items: endpointOut } } } },
    async (request) => listWebhookEndpoints(deps.db, { companyId: companyId(request) }),
  );
  app.post(
    '/api/admin/webhook',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Crear un webhook',
        description:
          'Registra una URL que recibirá los eventos elegidos como POST JSON `{id, type, created, data}` firmado con la cabecera `X-Emite-Signature: t=<segundos unix>,v1=<hex HMAC-SHA256(secreto, "<t>.<cuerpo>")>`. ' +
          'El secreto se muestra solo en esta respuesta. Se rechazan URL en direcciones locales o privadas salvo con WEBHOOK_ALLOW_PRIVATE=1.',
        body: endpointBody,
        response: { 201: createdOut },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await createWebhookEndpoint(deps.db, deps.secretBox, { companyId: user.companyId, userId: user.id, input: request.body, allowPrivate: webhookOptions(deps).allowPrivate, now: deps.clock() });
      return reply.code(201).send(created);
    },
  );
  app.put(
    '/api/admin/webhook/:_id',
    { preHandler: guard, schema: { tags: TAGS, summary: 'Editar un webhook', description: 'Reemplaza la URL y los eventos; el secreto solo si se envía uno.', params: idParam, body: endpointBody, response: { 200: endpointOut } } },
    async (request) =>
      updateWebhookEndpoint(deps.db, deps.secretBox, {
        companyId: companyId(request),
        endpointId: request.params._id,
        input: request.body,
        allowPrivate: webhookOptions(deps).allowPrivate,
        now: deps.clock(),
      }),
  );
  app.delete(
    '/api/admin/webhook/:_id',
    {
      preHandler: guard,
      schema: { tags: TAGS, summary: 'Eliminar un webhook', description: 'Elimina el webhook y su registro de entregas; las entregas pendientes ya no se envían.', params: idParam, response: { 204: { description: 'Eliminado' } } },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(deps.db, { companyId: companyId(request), endpointId: request.params._id });
      return reply.code(204).send();
    },
  );
  app.get(
    '/api/admin/webhook/:_id/deliveries',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Registro de entregas',
        description: 'Los intentos de entrega del webhook, del más reciente al más antiguo (hasta 100): estado, código HTTP, tiempo de respuesta, número de intento y próximo intento. Un fallo se reintenta con espera creciente durante 24 h (el primer reintento a los 30 s).',
        params: idParam,
        response: { 200: { type: 'array', items: deliveryOut } },
      },
    },
    async (request) => listWebhookDeliveries(deps.db, { companyId: companyId(request), endpointId: request.params._id }),
  );
  app.post(
    '/api/admin/webhook/:_id/test',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Enviar evento de prueba',
        description: 'Envía ahora un evento `webhook.test` firmado a la URL del webhook y devuelve el resultado del intento (no se reintenta).',
        params: idParam,
        response: { 200: deliveryOut },
      },
    },
    async (request) => sendTestWebhook(deps.db, webhookOptions(deps), { companyId: companyId(request), endpointId: request.params._id, now: deps.clock() }),
  );
}
