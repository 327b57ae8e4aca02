/** Menu, roles, locations and the effective schemas: read-only reference data for the SPA. */
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import type { AppDeps } from '../../app.ts';
import { currentUser } from '../../plugins/auth.ts';
import { roles } from '../../db/schema/index-tables.ts';
import { menuFor, type MenuRowInput } from '../../domain/admin/build-menu.ts';
import { listCities, listCountries, listStates } from '../../domain/admin/locations.ts';
import { notFound } from '../../errors.ts';

const menuOut = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      path: { type: 'string' },
      title: { type: 'string' },
      type: { type: 'string' },
      icontype: { type: 'string' },
      collapse: { type: 'string' },
      children: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, title: { type: 'string' }, ab: { type: 'string' } } } },
    },
  },
} as const;
const placeOut = { type: 'array', items: { type: 'object', properties: { _id: { type: 'string' }, name: { type: 'string' }, phonecode: { type: 'string' }, flag: { type: 'string' } } } } as const;
const schemaOut = { type: 'object', properties: { name: { type: 'string' }, schema: { type: 'object', additionalProperties: true }, ui: { type: 'object', additionalProperties: true }, list: { type: 'object', additionalProperties: true } } } as const;

export async function referenceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const extraMenu = deps.schemas.menu as MenuRowInput[];
  app.get('/api/admin/menu/', { schema: { response: { 200: menuOut } } }, async (request) => menuFor(deps.db, currentUser(request), extraMenu));

  app.get('/api/admin/role/', async () => {
    const rows = await deps.db.select().from(roles).orderBy(asc(roles.position));
    return rows.map((r) => ({ _id: r.code, code: r.code, name: r.name, description: r.description ?? '', permissions: r.permissions }));
  });

  app.get('/api/admin/country', { schema: { response: { 200: placeOut } } }, async () => listCountries());
  app.get('/api/admin/country/:country/state', { schema: { params: { type: 'object', properties: { country: { type: 'string', pattern: '^[A-Za-z]{2}$' } } }, response: { 200: placeOut } } }, async (request) => {
    const states = await listStates((request.params as { country: string }).country);
    if (states.length === 0) throw notFound('El país');
    return states;
  });
  app.get(
    '/api/admin/country/:country/state/:state/city',
    { schema: { params: { type: 'object', properties: { country: { type: 'string', pattern: '^[A-Za-z]{2}$' }, state: { type: 'string', maxLength: 10 } } }, response: { 200: placeOut } } },
    async (request) => {
      const { country, state } = request.params as { country: string; state: string };
      return listCities(country, state); // 404 for an unknown country or state
    },
  );

  const view = (e: { name: string; schema: object; ui: object; list: object }) => ({ name: e.name, schema: e.schema, ui: e.ui, list: e.list });
  app.get('/api/admin/schema/', { schema: { response: { 200: { type: 'array', items: schemaOut } } } }, async (request, reply) => {
    reply.header('etag', deps.schemas.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === deps.schemas.etag) return reply.code(304 as 200).send();
    return deps.schemas.all().map(view);
  });
  app.get('/api/admin/schema/:name', { schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 64 } } }, response: { 200: schemaOut } } }, async (request, reply) => {
    const entry = deps.schemas.get((request.params as { name: string }).name);
    if (!entry) throw notFound('El esquema');
    reply.header('etag', deps.schemas.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === deps.schemas.etag) return reply.code(304 as 200).send();
    return view(entry);
  });
}
