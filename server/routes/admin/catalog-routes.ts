/** Catalog tables and entries: read by everyone signed in, changed by platform staff only. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { listQuerySchema } from '../../domain/list-query.ts';
import { typed } from '../../http/typed.ts';
import { noContent } from '../../http/route-schemas.ts';
import {
  createEntry,
  createTable,
  deleteEntry,
  deleteTable,
  getEntry,
  getTable,
  listEntries,
  listTables,
  updateEntry,
  updateTable,
} from '../../domain/admin/manage-catalogs.ts';

const tableOut = { type: 'object', properties: { _id: { type: 'string' }, name: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, system: { type: 'boolean' } } } as const;
const entryOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    code: { type: 'string' },
    name: { type: 'string' },
    data: { type: 'object', additionalProperties: true },
    active: { type: 'boolean' },
    position: { type: 'integer' },
  },
} as const;
const nameParam = { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z][a-z0-9_]{1,63}$' } } } as const;
const codeParams = { type: 'object', required: ['name', 'code'], properties: { name: nameParam.properties.name, code: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const entryFields = {
  code: { type: 'string', minLength: 1, maxLength: 64, pattern: '^\\S+$' },
  name: { type: 'string', minLength: 1, maxLength: 300 },
  data: { type: 'object', additionalProperties: true },
  active: { type: 'boolean' },
  position: { type: 'integer', minimum: 0, maximum: 100000 },
} as const;

export async function catalogRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const db = deps.db;
  app.get('/api/admin/table', { schema: { summary: 'Listar las tablas de catálogos', querystring: listQuerySchema, response: { 200: { type: 'array', items: tableOut } } } }, async (request, reply) => {
    const { items, total } = await listTables(db, request.query);
    reply.header('x-total-count', String(total));
    return items;
  });
  app.post(
    '/api/admin/table',
    {
      preHandler: requireStaff,
      schema: { summary: 'Crear una tabla de catálogo (personal de plataforma)',
        body: {
          type: 'object',
          required: ['name', 'title'],
          properties: { name: nameParam.properties.name, title: { type: 'string', minLength: 1, maxLength: 200 }, description: { type: 'string', maxLength: 1000 } },
        },
        response: { 201: tableOut },
      },
    },
    async (request, reply) => reply.status(201).send(await createTable(db, request.body)),
  );
  app.get('/api/admin/table/:name', { schema: { summary: 'Obtener una tabla de catálogo', params: nameParam, response: { 200: tableOut } } }, async (request) => getTable(db, request.params.name));
  app.patch(
    '/api/admin/table/:name',
    {
      preHandler: requireStaff,
      schema: { summary: 'Modificar una tabla de catálogo (personal de plataforma)',
        params: nameParam,
        body: { type: 'object', properties: { title: { type: 'string', minLength: 1, maxLength: 200 }, description: { type: 'string', maxLength: 1000 } } },
        response: { 200: tableOut },
      },
    },
    async (request) => updateTable(db, request.params.name, request.body),
  );
  app.delete('/api/admin/table/:name', { preHandler: requireStaff, schema: { summary: 'Eliminar una tabla de catálogo (personal de plataforma)', params: nameParam, response: { 204: noContent } } }, async (request, reply) => {
    await deleteTable(db, request.params.name);
    return reply.status(204).send();
  });

  app.get(
    '/api/admin/table/:name/catalog',
    { schema: { summary: 'Listar las entradas de un catálogo', params: nameParam, querystring: listQuerySchema, response: { 200: { type: 'array', items: entryOut } } } },
    async (request, reply) => {
      const { items, total } = await listEntries(db, request.params.name, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
  app.post(
    '/api/admin/table/:name/catalog',
    {
      preHandler: requireStaff,
      schema: { summary: 'Crear una entrada de catálogo (personal de plataforma)', params: nameParam, body: { type: 'object', required: ['code', 'name'], properties: entryFields }, response: { 201: entryOut } },
    },
    async (request, reply) =>
      reply.status(201).send(await createEntry(db, request.params.name, request.body)),
  );
  app.get('/api/admin/table/:name/catalog/:code', { schema: { summary: 'Obtener una entrada de catálogo', params: codeParams, response: { 200: entryOut } } }, async (request) => {
    const { name, code } = request.params;
    return getEntry(db, name, code);
  });
  app.patch(
    '/api/admin/table/:name/catalog/:code',
    { preHandler: requireStaff, schema: { summary: 'Modificar una entrada de catálogo (personal de plataforma)', params: codeParams, body: { type: 'object', properties: entryFields }, response: { 200: entryOut } } },
    async (request) => {
      const { name, code } = request.params;
      return updateEntry(db, name, code, request.body);
    },
  );
  app.delete('/api/admin/table/:name/catalog/:code', { preHandler: requireStaff, schema: { summary: 'Eliminar una entrada de catálogo (personal de plataforma)', params: codeParams, response: { 204: noContent } } }, async (request, reply) => {
    const { name, code } = request.params;
    await deleteEntry(db, name, code);
    return reply.status(204).send();
  });
}
