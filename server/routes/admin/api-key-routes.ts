/**
 * API keys of the caller's company (DESIGN.md §9): list, create (the key shown only in the 201),
 * revoke. Managed by whoever may update the company, from a signed-in session only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser, requirePermission, requireSession } from '../../plugins/auth.ts';
import { createApiKey } from '../../domain/api-keys/create-api-key.ts';
import { listApiKeys } from '../../domain/api-keys/list-api-keys.ts';
import { revokeApiKey } from '../../domain/api-keys/revoke-api-key.ts';
import { typed } from '../../http/typed.ts';
import { ROLES } from '../../../core/roles.ts';

const TAGS = ['Integraciones'];
const id = { type: 'string', format: 'uuid', description: 'Identificador de la clave' } as const;
const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'Nombre para reconocerla, p. ej. «Caja 1» o «Tienda en línea»' } as const;
const role = { type: 'string', enum: ROLES, description: 'Rol cuyos permisos tiene la clave' } as const;
/** The role as answered (the database column is text; the body's enum checks what comes in). */
const roleOut = { type: 'string', description: `Rol cuyos permisos tiene la clave (${ROLES.join(', ')})` } as const;
const prefix = { type: 'string', description: 'Primeros caracteres de la clave (emk_ y 8 más), para distinguirla' } as const;
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description }) as const;
const nullableDateTime = (description: string) => ({ type: ['string', 'null'], format: 'date-time', description }) as const;

const apiKeyOut = {
  type: 'object',
  required: ['_id', 'name', 'role', 'prefix', 'createdBy', 'createdAt', 'lastUsedAt', 'revokedAt'],
  additionalProperties: false,
  properties: {
    _id: id,
    name: { type: 'string', description: 'Nombre de la clave' },
    role: roleOut,
    prefix,
    createdBy: {
      type: ['object', 'null'],
      description: 'Usuario que la creó (null si ese usuario ya no existe)',
      additionalProperties: false,
      properties: { _id: { type: 'string', format: 'uuid' }, name: { type: 'string', description: 'Nombre y apellido' } },
    },
    createdAt: dateTime('Cuándo se creó'),
    lastUsedAt: nullableDateTime('Último uso (con precisión de un minuto); null si nunca se usó'),
    revokedAt: nullableDateTime('Cuándo se revocó; null si sigue activa'),
  },
} as const;

const createdOut = {
  type: 'object',
  required: ['_id', 'name', 'role', 'prefix', 'key'],
  additionalProperties: false,
  properties: {
    _id: id,
    name: { type: 'string', description: 'Nombre de la clave' },
    role: roleOut,
    prefix,
    key: { type: 'string', pattern: '^emk_', description: 'La clave completa. Solo se muestra en esta respuesta: guárdela en un lugar seguro' },
  },
} as const;

export async function apiKeyRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const guard = [requireSession, requirePermission('company', 'update')];

  app.get(
    '/api/admin/api-key',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Claves de API de la empresa',
        description: 'Todas las claves de la empresa, las más nuevas primero, incluidas las revocadas. Nunca devuelve la clave, solo su prefijo.',
        response: { 200: { type: 'array', items: apiKeyOut } },
      },
    },
    async (request) => listApiKeys(deps.db, { companyId: currentUser(request).companyId }),
  );

  app.post(
    '/api/admin/api-key',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Crear una clave de API',
        description:
          'Crea una clave con el rol indicado. La clave completa (emk_…) se devuelve solo en esta respuesta; se envía como `Authorization: Bearer emk_…` o `X-API-Key: emk_…`. Solo un SUPERADMIN crea claves SUPERADMIN.',
        body: { type: 'object', required: ['name', 'role'], additionalProperties: false, properties: { name, role } },
        response: { 201: createdOut },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await createApiKey(deps.db, { companyId: user.companyId, actor: user, name: request.body.name, role: request.body.role, now: deps.clock() });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/admin/api-key/:_id',
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Revocar una clave de API',
        description: 'La clave deja de funcionar desde la siguiente solicitud (401). Se conserva en la lista como revocada para la auditoría.',
        params: { type: 'object', required: ['_id'], properties: { _id: id } },
        response: { 204: { description: 'Revocada' } },
      },
    },
    async (request, reply) => {
      await revokeApiKey(deps.db, { companyId: currentUser(request).companyId, id: request.params._id, now: deps.clock() });
      return reply.status(204).send();
    },
  );
}
