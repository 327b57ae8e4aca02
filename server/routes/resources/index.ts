/**
 * `/api/<resource>` for every schema-driven master-data resource: list, get, POST, PUT, DELETE.
 * Bodies are validated against the effective JSON Schema (the one the form uses), so the route
 * declares params, query and responses, and leaves the body to the schema registry.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { listQuerySchema } from '../../domain/list-query.ts';
import { idParam, noContent, recordOut } from '../../http/route-schemas.ts';
import { RESOURCES } from '../../domain/resources/definitions.ts';
import { extraFilters } from '../../domain/screens/list-extra-filters.ts';
import { createResource, deleteResource, getResource, listResource, updateResource } from '../../domain/resources/crud.ts';
import type { ResourceContext } from '../../domain/resources/resource-definition.ts';
import { schemasOf } from '../company-schemas.ts';

/** Still imported from here by the invoice routes. */
export { idParam };

const bodyOf = (name: string) =>
  ({ type: 'object', additionalProperties: true, description: `Los campos de src/schemas/${name}/schema.json (el esquema efectivo); se validan contra él` }) as const;

/** Spanish words for the summaries, from the definition's label ("El cliente"): "un cliente", "clientes". */
function nounsOf(label: string): { one: string; many: string } {
  const [article, ...rest] = label.split(' ');
  const noun = rest.join(' ').toLowerCase();
  return { one: `${article === 'La' ? 'una' : 'un'} ${noun}`, many: /[aeiou]$/.test(noun) ? `${noun}s` : `${noun}es` };
}

export async function resourceRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const ctxOf = (request: Parameters<typeof currentUser>[0]): ResourceContext => ({
    db: deps.db,
    companyId: currentUser(request).companyId,
    consumidorFinalCap: deps.config.consumidorFinalCap,
  });
  for (const def of RESOURCES) {
    const base = `/api/${def.name}`;
    const { one, many } = nounsOf(def.label);
    app.get(base, { preHandler: requirePermission(def.name, 'read'), schema: { summary: `Listar ${many}`, querystring: listQuerySchema, response: { 200: { type: 'array', items: recordOut } } } }, async (request, reply) => {
      const { items, total } = await listResource(def, ctxOf(request), request.query, extraFilters((await schemasOf(fastify, request)).get(def.name), request.query));
      reply.header('x-total-count', String(total));
      return items;
    });
    app.get(`${base}/:_id`, { preHandler: requirePermission(def.name, 'read'), schema: { summary: `Obtener ${one}`, params: idParam, response: { 200: recordOut } } }, async (request) =>
      getResource(def, ctxOf(request), request.params._id),
    );
    app.post(base, { preHandler: requirePermission(def.name, 'create'), schema: { summary: `Crear ${one}`, body: bodyOf(def.name), response: { 201: recordOut } } }, async (request, reply) =>
      reply.status(201).send(await createResource(def, ctxOf(request), await schemasOf(fastify, request), request.body)),
    );
    app.put(`${base}/:_id`, { preHandler: requirePermission(def.name, 'update'), schema: { summary: `Modificar ${one}`, params: idParam, body: bodyOf(def.name), response: { 200: recordOut } } }, async (request) =>
      updateResource(def, ctxOf(request), await schemasOf(fastify, request), request.params._id, request.body),
    );
    app.delete(`${base}/:_id`, { preHandler: requirePermission(def.name, 'delete'), schema: { summary: `Eliminar ${one}`, params: idParam, response: { 204: noContent } } }, async (request, reply) => {
      await deleteResource(def, ctxOf(request), await schemasOf(fastify, request), request.params._id);
      return reply.status(204).send();
    });
  }
}
