/** `/api/record/{resource}`: schema-only resources, no code per resource (DESIGN.md §3). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { listQuerySchema, type ListQuery } from '../../http/list-query.ts';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from '../../domain/records/record-resources.ts';

const resourceParam = { resource: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' } } as const;
const params = { type: 'object', required: ['resource'], properties: resourceParam } as const;
const idParams = { type: 'object', required: ['resource', '_id'], properties: { ...resourceParam, _id: { type: 'string', format: 'uuid' } } } as const;
const record = { type: 'object', additionalProperties: true } as const;

export async function recordRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const scope = (request: FastifyRequest) => {
    const { resource, _id } = request.params as { resource: string; _id?: string };
    return { companyId: currentUser(request).companyId, resource, id: _id ?? '' };
  };
  app.get('/api/record/:resource', { preHandler: requirePermission('record', 'read'), schema: { params, querystring: listQuerySchema, response: { 200: { type: 'array', items: record } } } }, async (request, reply) => {
    const { items, total } = await listRecords(deps.db, deps.schemas, { ...scope(request), query: request.query as ListQuery });
    reply.header('x-total-count', String(total));
    return items;
  });
  app.get('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'read'), schema: { params: idParams, response: { 200: record } } }, async (request) =>
    getRecord(deps.db, deps.schemas, scope(request)),
  );
  app.post('/api/record/:resource', { preHandler: requirePermission('record', 'create'), schema: { params, response: { 201: record } } }, async (request, reply) =>
    reply.status(201).send(await createRecord(deps.db, deps.schemas, { ...scope(request), body: request.body, now: deps.clock() })),
  );
  app.put('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'update'), schema: { params: idParams, response: { 200: record } } }, async (request) =>
    updateRecord(deps.db, deps.schemas, { ...scope(request), body: request.body, now: deps.clock() }),
  );
  app.delete('/api/record/:resource/:_id', { preHandler: requirePermission('record', 'delete'), schema: { params: idParams } }, async (request, reply) => {
    await deleteRecord(deps.db, deps.schemas, scope(request));
    return reply.status(204).send();
  });
}
