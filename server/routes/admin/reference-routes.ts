/** Menu, roles, locations and the effective schemas: read-only reference data for the SPA. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listRoles } from '../../domain/admin/list-roles.ts';
import { typed } from '../../http/typed.ts';
import type { SchemaFiles } from '../../schemas/merge.ts';
import { menuFor, type MenuRowInput } from '../../domain/admin/build-menu.ts';
import { listCities, listCountries, listStates } from '../../domain/admin/locations.ts';
import { notFound } from '../../errors.ts';
import { schemasOf } from '../company-schemas.ts';
import { sendVersionedJson } from '../../http/cached-json.ts';

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
const rolesOut = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      _id: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      permissions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
  },
} as const;
const countryParam = { country: { type: 'string', pattern: '^[A-Za-z]{2}$' } } as const;
const notModified = { description: 'Sin cambios desde la versión de If-None-Match (ETag)' } as const;
const schemaOut = { type: 'object', properties: { name: { type: 'string' }, schema: { type: 'object', additionalProperties: true }, ui: { type: 'object', additionalProperties: true }, list: { type: 'object', additionalProperties: true } } } as const;

export async function referenceRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const extraMenu = deps.schemas.menu as MenuRowInput[];
  app.get('/api/admin/menu/', { schema: { summary: 'Menú de la aplicación para el usuario de la sesión', response: { 200: menuOut } } }, async (request) => {
    // The deployment's entries, then the record screens the company created (Configuración > Pantallas).
    const { menuRows } = await schemasOf(fastify, request);
    return menuFor(deps.db, currentUser(request), menuRows.length ? [...extraMenu, ...menuRows] : extraMenu);
  });

  app.get('/api/admin/role/', { schema: { summary: 'Listar los roles y sus permisos', response: { 200: rolesOut } } }, async () => listRoles(deps.db));

  app.get('/api/admin/country', { schema: { summary: 'Listar los países', response: { 200: placeOut } } }, async () => listCountries());
  app.get('/api/admin/country/:country/state', { schema: { summary: 'Listar las provincias o estados de un país', params: { type: 'object', required: ['country'], properties: countryParam }, response: { 200: placeOut } } }, async (request) => {
    const states = await listStates(request.params.country);
    if (states.length === 0) throw notFound('El país');
    return states;
  });
  app.get(
    '/api/admin/country/:country/state/:state/city',
    { schema: { summary: 'Listar las ciudades de una provincia', params: { type: 'object', required: ['country', 'state'], properties: { ...countryParam, state: { type: 'string', maxLength: 10 } } }, response: { 200: placeOut } } },
    async (request) => {
      const { country, state } = request.params;
      return listCities(country, state); // 404 for an unknown country or state
    },
  );

  const view = (e: SchemaFiles & { name: string }) => ({ name: e.name, schema: e.schema as Record<string, unknown>, ui: e.ui as Record<string, unknown>, list: e.list as Record<string, unknown> });
  // The caller's company's schemas: built-in <- deployment <- the company's layer (DESIGN.md §13).
  app.get('/api/admin/schema/', { schema: { summary: 'Listar los esquemas efectivos de la empresa (formularios y listas)', response: { 200: { type: 'array', items: schemaOut }, 304: notModified } } }, async (request, reply) => {
    const schemas = await schemasOf(fastify, request);
    reply.header('etag', schemas.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === schemas.etag) return reply.code(304).send();
    // Serialised and compressed once per content: a company that changed no screen shares the deployment's.
    return sendVersionedJson(request, reply, schemas.versions.size ? schemas : schemas.base, () => schemas.all().map(view));
  });
  app.get('/api/admin/schema/:name', { schema: { summary: 'Obtener un esquema efectivo de la empresa', params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } }, response: { 200: schemaOut, 304: notModified } } }, async (request, reply) => {
    const schemas = await schemasOf(fastify, request);
    const entry = schemas.get(request.params.name);
    if (!entry) throw notFound('El esquema');
    reply.header('etag', schemas.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === schemas.etag) return reply.code(304).send();
    return view(entry);
  });
}
