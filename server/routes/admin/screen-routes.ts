/**
 * `/api/admin/screens` (DESIGN.md §13): a company's own layer over its screens, edited by its
 * ADMIN or SUPERADMIN (permission `screens`): the list of screens, each screen's layer (the
 * patch.json vocabulary) to read and replace, a preview of what a layer would make of the screen,
 * the saved versions and their restore. The version in force travels as the ETag (`"3"`); a PUT
 * with `If-Match` is refused (409) when another version is in force.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { typed } from '../../http/typed.ts';
import { listQuerySchema, pageWindow, sortInMemory } from '../../domain/list-query.ts';
import { auditActor, currentUser, requirePermission } from '../../plugins/auth.ts';
import { listScreens } from '../../domain/screens/list-screens.ts';
import { getScreenLayer } from '../../domain/screens/get-screen-layer.ts';
import { saveScreenLayer } from '../../domain/screens/save-screen-layer.ts';
import { previewScreenLayer } from '../../domain/screens/preview-screen-layer.ts';
import { listScreenVersions } from '../../domain/screens/list-screen-versions.ts';
import { restoreScreenVersion } from '../../domain/screens/restore-screen-version.ts';

const TAGS = ['Pantallas'];
const resource = { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$', description: 'Nombre del esquema: invoice, product, customer… o una pantalla propia' } as const;
const params = { type: 'object', required: ['resource'], additionalProperties: false, properties: { resource } } as const;
const versionParams = { type: 'object', required: ['resource', 'n'], additionalProperties: false, properties: { resource, n: { type: 'string', pattern: '^[1-9][0-9]{0,6}$', description: 'Número de la versión' } } } as const;
const names = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 64 } } as const;
const looseObject = { type: 'object', additionalProperties: true } as const;

/** The company's layer: patch.json's vocabulary (README "Personalizar una instalación"), plus title and menu for a screen of its own. */
const layerSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Los cambios de la empresa sobre la pantalla, con el vocabulario de patch.json',
  properties: {
    addProperties: { type: 'object', additionalProperties: looseObject, description: 'Campos nuevos {nombre: JSON Schema}: texto, número, dinero, fecha, sí/no, lista de opciones o referencia' },
    required: { ...names, description: 'Campos obligatorios (se suman a los del esquema)' },
    titles: { type: 'object', additionalProperties: { type: 'string' }, description: 'Títulos nuevos {campo: "título"}' },
    hide: { ...names, description: 'Campos ocultos del formulario (nunca los que exige el SRI o Emite)' },
    order: { ...names, description: 'Orden del formulario; "*" son los demás' },
    columns: { type: 'array', maxItems: 50, items: looseObject, description: 'Columnas de la lista {field, title?, format?, align?, sortable?}' },
    filters: { type: 'array', maxItems: 50, items: looseObject, description: 'Filtros de la lista {field, title, type}' },
    title: { type: 'string', description: 'Solo en una pantalla propia: su título' },
    menu: { type: 'object', additionalProperties: false, required: ['title', 'group'], properties: { title: { type: 'string' }, group: { type: 'string' } }, description: 'Solo en una pantalla propia: su entrada de menú' },
  },
} as const;

const detail = { type: 'object', additionalProperties: false, properties: { path: { type: 'string' }, message: { type: 'string' } } } as const;
const person = { type: ['object', 'null'], additionalProperties: false, properties: { _id: { type: 'string' }, name: { type: 'string' } } } as const;
const summaryOut = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      _id: { type: 'string', description: 'El nombre de la pantalla (como resource)' },
      resource: { type: 'string' },
      title: { type: 'string' },
      kind: { type: 'string', enum: ['comprobante', 'master', 'record'], description: 'comprobante (sus campos propios van a infoAdicional), datos maestros, o pantalla propia' },
      kindLabel: { type: 'string', description: 'El tipo en palabras: Comprobante, Datos, Pantalla propia' },
      version: { type: 'integer', description: 'Versión en vigor; 0 si la empresa no la cambió' },
      updatedAt: { type: ['string', 'null'], format: 'date-time' },
      updatedBy: person,
      updatedByName: { type: ['string', 'null'] },
      customFields: { type: 'integer' },
      problems: { type: 'array', items: detail, description: 'Cambios guardados que ya no se aplican (p. ej. un campo incluido cambió de nombre en una actualización)' },
      problemCount: { type: 'integer' },
    },
  },
} as const;
const versionsOut = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    properties: {
      version: { type: 'integer' },
      layer: looseObject,
      createdAt: { type: 'string', format: 'date-time' },
      createdBy: person,
      restoredFrom: { type: ['integer', 'null'], description: 'La versión que esta restauró' },
    },
  },
} as const;
const previewOut = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['comprobante', 'master', 'record'] },
    schema: looseObject,
    ui: looseObject,
    list: looseObject,
    protected: { type: 'array', items: { type: 'string' }, description: 'Campos que no se pueden ocultar (los exige el SRI o Emite)' },
    refTargets: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { name: { type: 'string' }, title: { type: 'string' } } }, description: 'Pantallas a las que puede referirse un campo propio' },
  },
} as const;
const ifMatch = { type: 'object', properties: { 'if-match': { type: 'string', pattern: '^(W/)?"\\d+"$', description: 'La versión que se editó ("3"): si otra está en vigor, 409' } } } as const;

export async function screenRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(fastify);
  const screens = fastify.companySchemas;
  const read = requirePermission('screens', 'read');
  const update = requirePermission('screens', 'update');
  const etag = (version: number) => `"${version}"`;

  app.get('/api/admin/screens', { preHandler: read, schema: { tags: TAGS, summary: 'Listar las pantallas que la empresa puede personalizar', querystring: listQuerySchema, response: { 200: summaryOut } } }, async (request, reply) => {
    // A short list (about 15 screens): filtered by q and paged here, in the list's order.
    const listed = await listScreens(deps.db, screens, { companyId: currentUser(request).companyId, q: request.query.q });
    const all = sortInMemory(listed, request.query.sort, ['title', 'resource', 'kind', 'version', 'updatedAt', 'customFields', 'problemCount']);
    const { limit, offset } = pageWindow(request.query);
    reply.header('x-total-count', String(all.length));
    return all.slice(offset, offset + limit);
  });
  app.get('/api/admin/screens/:resource', { preHandler: read, schema: { tags: TAGS, summary: 'Obtener los cambios de la empresa a una pantalla (como patch.json)', params, response: { 200: layerSchema } } }, async (request, reply) => {
    const found = await getScreenLayer(deps.db, screens, { companyId: currentUser(request).companyId, resource: request.params.resource });
    reply.header('etag', etag(found.version));
    return found.layer;
  });
  app.put('/api/admin/screens/:resource', { preHandler: update, schema: { tags: TAGS, summary: 'Guardar los cambios de la empresa a una pantalla (nueva versión)', params, headers: ifMatch, body: layerSchema, response: { 200: layerSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const match = request.headers['if-match'];
    const saved = await saveScreenLayer(deps.db, screens, {
      companyId: user.companyId,
      userId: auditActor(user).userId,
      resource: request.params.resource,
      layer: request.body,
      ifVersion: typeof match === 'string' ? Number(/\d+/.exec(match)![0]) : undefined,
      now: deps.clock(),
    });
    reply.header('etag', etag(saved.version));
    return saved.layer;
  });
  app.post(
    '/api/admin/screens/:resource/preview',
    { preHandler: read, schema: { tags: TAGS, summary: 'Ver cómo quedaría la pantalla con unos cambios, sin guardarlos', params, body: layerSchema, response: { 200: previewOut } } },
    async (request) => {
      const preview = await previewScreenLayer(screens, { companyId: currentUser(request).companyId, resource: request.params.resource, layer: request.body });
      return { ...preview, schema: preview.schema as Record<string, unknown>, ui: preview.ui as Record<string, unknown>, list: preview.list as Record<string, unknown> };
    },
  );
  app.get('/api/admin/screens/:resource/versions', { preHandler: read, schema: { tags: TAGS, summary: 'Listar las versiones guardadas de una pantalla', params, response: { 200: versionsOut } } }, async (request) => {
    const user = currentUser(request);
    const versions = await listScreenVersions(deps.db, { companyId: user.companyId, resource: request.params.resource });
    if (versions.length === 0) await getScreenLayer(deps.db, screens, { companyId: user.companyId, resource: request.params.resource }); // 404 for a screen that is not one
    return versions;
  });
  app.post(
    '/api/admin/screens/:resource/versions/:n/restore',
    { preHandler: update, schema: { tags: TAGS, summary: 'Restaurar una versión (se guarda como una versión nueva)', params: versionParams, response: { 200: layerSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      const saved = await restoreScreenVersion(deps.db, screens, { companyId: user.companyId, userId: auditActor(user).userId, resource: request.params.resource, version: Number(request.params.n), now: deps.clock() });
      reply.header('etag', etag(saved.version));
      return saved.layer;
    },
  );
}
