/**
 * `/api/<resource>` for every schema-driven master-data resource: list, get, POST, PUT, DELETE.
 * Bodies are validated against the effective JSON Schema (the one the form uses), so the route
 * declares params, query and responses, and leaves the body to the schema registry.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { listQuerySchema, type ListQuery } from '../../http/list-query.ts';
import { RESOURCES } from '../../domain/resources/definitions.ts';
import { createResource, deleteResource, getResource, listResource, updateResource } from '../../domain/resources/crud.ts';
import type { ResourceContext } from '../../domain/resources/resource-definition.ts';

export const idParam = { type: 'object', required: ['_id'], properties: { _id: { type: 'string', format: 'uuid' } } } as const;
const record = { type: 'object', additionalProperties: true } as const;

export async function resourceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const ctxOf = (request: Parameters<typeof currentUser>[0]): ResourceContext => ({
    db: deps.db,
    companyId: currentUser(request).companyId,
    consumidorFinalCap: deps.config.consumidorFinalCap,
  });
  for (const def of RESOURCES) {
    const base = `/api/${def.name}`;
    app.get(base, { preHandler: requirePermission(def.name, 'read'), schema: { querystring: listQuerySchema, response: { 200: { type: 'array', items: record } } } }, async (request, reply) => {
      const { items, total } = await listResource(def, ctxOf(request), request.query as ListQuery);
      reply.header('x-total-count', String(total));
      return items;
    });
    app.get(`${base}/:_id`, { preHandler: requirePermission(def.name, 'read'), schema: { params: idParam, response: { 200: record } } }, async (request) =>
      getResource(def, ctxOf(request), (request.params as { _id: string })._id),
    );
    app.post(base, { preHandler: requirePermission(def.name, 'create'), schema: { response: { 201: record } } }, async (request, reply) =>
      reply.status(201).send(await createResource(def, ctxOf(request), deps.schemas, request.body)),
    );
    app.put(`${base}/:_id`, { preHandler: requirePermission(def.name, 'update'), schema: { params: idParam, response: { 200: record } } }, async (request) =>
      updateResource(def, ctxOf(request), deps.schemas, (request.params as { _id: string })._id, request.body),
    );
    app.delete(`${base}/:_id`, { preHandler: requirePermission(def.name, 'delete'), schema: { params: idParam } }, async (request, reply) => {
      await deleteResource(def, ctxOf(request), deps.schemas, (request.params as { _id: string })._id);
      return reply.status(204).send();
    });
  }
}
