/**
 * `/api/record/{resource}`: schema-only resources, no code per resource (DESIGN.md §3). A record
 * schema whose `x-api` is a plain `/api/<name>` (no placeholders; carrier: `/api/carrier`, DESIGN.md
 * §4) is served at that path too, with the same handlers.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import type { AuthUser } from '../../auth/permissions.ts';
import { noContent, recordOut } from '../../http/route-schemas.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { listQuerySchema } from '../../domain/list-query.ts';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from '../../domain/records/record-resources.ts';
import { schemasOf } from '../company-schemas.ts';

const resourceParam = { resource: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' } } as const;
const params = { type: 'object', required: ['resource'], properties: resourceParam } as const;
const idParams = { type: 'object', required: ['resource', '_id'], properties: { ...resourceParam, _id: { type: 'string', format: 'uuid' } } } as const;
const recordBody = { type: 'object', additionalProperties: true, description: 'Los campos del esquema del recurso (src/schemas/<recurso>/schema.json); se validan contra él' } as const;

export async function recordRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  for (const entry of deps.schemas.all()) {
    const s = entry.schema as { 'x-storage'?: string; 'x-api'?: string };
    if (s['x-storage'] === 'record' && s['x-api'] && /^\/api\/[a-z][a-z0-9_-]*$/.test(s['x-api']) && s['x-api'] !== '/api/record') {
      aliasRoutes(fastify, deps, entry.name, s['x-api']);
    }
  }
  const scope = (user: AuthUser, params: { resource: string; _id?: string }) => ({ companyId: user.companyId, resource: params.resource, id: params._id ?? '' });
  app.get('/api/record/:resource', { preHandler: requirePermission('record', 'read'), schema: { summary: 'Listar los registros de un recurso definido solo por esquema', params, querystring: listQuerySchema, response: { 200: { type: 'array', items: recordOut } } } }, async (request, reply) => {
    const { items, total } = await listRecords(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request), request.params), query: request.query });
    reply.header('x-total-count', String(total));
    return items;
  });
  app.get('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'read'), schema: { summary: 'Obtener un registro', params: idParams, response: { 200: recordOut } } }, async (request) =>
    getRecord(deps.db, await schemasOf(fastify, request), scope(currentUser(request), request.params)),
  );
  app.post('/api/record/:resource', { preHandler: requirePermission('record', 'create'), schema: { summary: 'Crear un registro', params, body: recordBody, response: { 201: recordOut } } }, async (request, reply) =>
    reply.status(201).send(await createRecord(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request), request.params), body: request.body, now: deps.clock() })),
  );
  app.put('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'update'), schema: { summary: 'Modificar un registro', params: idParams, body: recordBody, response: { 200: recordOut } } }, async (request) =>
    updateRecord(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request), request.params), body: request.body, now: deps.clock() }),
  );
  app.delete('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'delete'), schema: { summary: 'Eliminar un registro', params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteRecord(deps.db, await schemasOf(fastify, request), scope(currentUser(request), request.params));
    return reply.status(204).send();
  });
}

const aliasParams = { type: 'object', required: ['_id'], properties: { _id: { type: 'string', format: 'uuid' } } } as const;

/** The record routes of one schema-only resource at its own `x-api` prefix (`/api/carrier`). */
function aliasRoutes(fastify: FastifyInstance, deps: AppDeps, resource: string, base: string): void {
  const app = typed(fastify);
  const scope = (user: AuthUser, id = '') => ({ companyId: user.companyId, resource, id });
  app.get(base, { preHandler: requirePermission('record', 'read'), schema: { summary: `Listar los registros de ${resource}`, querystring: listQuerySchema, response: { 200: { type: 'array', items: recordOut } } } }, async (request, reply) => {
    const { items, total } = await listRecords(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request)), query: request.query });
    reply.header('x-total-count', String(total));
    return items;
  });
  app.get(`${base}/:_id`, { preHandler: requirePermission('record', 'read'), schema: { summary: `Obtener un registro de ${resource}`, params: aliasParams, response: { 200: recordOut } } }, async (request) =>
    getRecord(deps.db, await schemasOf(fastify, request), scope(currentUser(request), request.params._id)),
  );
  app.post(base, { preHandler: requirePermission('record', 'create'), schema: { summary: `Crear un registro de ${resource}`, body: recordBody, response: { 201: recordOut } } }, async (request, reply) =>
    reply.status(201).send(await createRecord(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request)), body: request.body, now: deps.clock() })),
  );
  app.put(`${base}/:_id`, { preHandler: requirePermission('record', 'update'), schema: { summary: `Modificar un registro de ${resource}`, params: aliasParams, body: recordBody, response: { 200: recordOut } } }, async (request) =>
    updateRecord(deps.db, await schemasOf(fastify, request), { ...scope(currentUser(request), request.params._id), body: request.body, now: deps.clock() }),
  );
  app.delete(`${base}/:_id`, { preHandler: requirePermission('record', 'delete'), schema: { summary: `Eliminar un registro de ${resource}`, params: aliasParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteRecord(deps.db, await schemasOf(fastify, request), scope(currentUser(request), request.params._id));
    return reply.status(204).send();
  });
}
