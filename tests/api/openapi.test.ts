/**
 * The API reference (issue 15): GET /api/docs/openapi.json is a valid OpenAPI 3.1 document (checked
 * with @seriousme/openapi-schema-validator, offline), every /api and /auth route the app serves is in
 * it with a declared success answer, and it carries what an integrator needs: the auth schemes, the
 * error body, the list header and the examples of the main calls. /api/docs serves the reference UI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { COMPROBANTE_TYPES } from '../../server/domain/comprobantes/registry.ts';
import { loadSchemaRegistry } from '../../server/schemas/registry.ts';

type Media = { schema?: Record<string, unknown>; example?: unknown };
type Operation = { summary?: string; security?: unknown[]; tags?: string[]; requestBody?: { content?: Record<string, Media> }; responses: Record<string, { description?: string; content?: Record<string, Media>; headers?: Record<string, unknown> }> };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, Record<string, unknown>>; schemas?: Record<string, unknown> } };

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t?.close());

/** Every `METHOD /path` the router serves, read from `printRoutes` (one tree line per node). */
function servedRoutes(app: TestApp['app']): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

/** `/api/user/:_id` as OpenAPI writes it: `/api/user/{_id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The public API: /api and /auth, minus the reference's own pages (/api/docs…). */
const isPublicApi = (url: string) => (url.startsWith('/api/') || url.startsWith('/auth/')) && !url.startsWith('/api/docs');

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 with every reference resolvable', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('lists every route the app serves under /api and /auth', () => {
    const served = servedRoutes(t.app).filter((r) => isPublicApi(r.split(' ')[1]));
    expect(served.length).toBeGreaterThan(60);
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    const missing = served.filter((r) => {
      const [method, url] = r.split(' ');
      return !documented.has(`${method} ${openApiPath(url)}`);
    });
    expect(missing).toEqual([]);
  });

  it('gives every operation a declared success answer, a Spanish summary and the error body', () => {
    const problems: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(op.responses).filter(([code]) => /^[23]\d\d$/.test(code));
        // @fastify/swagger writes a bare `200: {description: 'Default Response'}` for a route that declares no response schema.
        if (success.length === 0 || success.some(([code, r]) => code !== '204' && !r.content)) problems.push(`${name}: sin esquema de respuesta`);
        if (!op.summary) problems.push(`${name}: sin summary`);
        if (!op.responses['4XX']?.content?.['application/json']) problems.push(`${name}: sin cuerpo de error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares the three credentials and asks for one of them on /api, none on /auth', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.sesion).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes.claveApi).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(String(schemes.claveApi.description)).toContain('emk_');
    expect(schemes.claveApiCabecera).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.paths['/api/customer'].get.security).toEqual([{ sesion: [] }, { claveApi: [] }, { claveApiCabecera: [] }]);
    expect(doc.paths['/auth/login'].put.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });

  it('describes the error body and the list total header', () => {
    const errorBody = JSON.stringify(doc.paths['/api/customer'].post.responses['4XX']);
    const schemas = JSON.stringify(doc.components.schemas ?? {});
    expect(errorBody + schemas).toContain('statusCode');
    expect(schemas).toContain('details');
    expect(doc.paths['/api/customer'].get.responses['200'].headers?.['x-total-count']).toBeTruthy();
    expect(doc.paths['/api/user'].get.responses['200'].headers?.['x-total-count']).toBeTruthy();
  });

  it('shows examples for register, login, create customer, create invoice and issue', () => {
    const requestExample = (path: string, method: string) => doc.paths[path][method].requestBody?.content?.['application/json']?.example;
    const responseExample = (path: string, method: string, code: string) => doc.paths[path][method].responses[code]?.content?.['application/json']?.example;
    expect(requestExample('/auth/register', 'post')).toMatchObject({ company: { ruc: expect.any(String) } });
    expect(requestExample('/auth/login', 'put')).toMatchObject({ email: expect.any(String) });
    expect(responseExample('/auth/login', 'put', '200')).toBeTruthy();
    expect(requestExample('/api/customer', 'post')).toMatchObject({ identificacion: expect.any(String) });
    expect(requestExample('/api/invoice', 'post')).toMatchObject({ detalles: expect.any(Array) });
    expect(responseExample('/api/invoice/{_id}/issue', 'post', '200')).toBeTruthy();
  });

  it('shows the real draft body of every comprobante type: its form fields and required ones (issue 29)', () => {
    const bodies = COMPROBANTE_TYPES.flatMap(({ meta }) =>
      [doc.paths[`/api/${meta.resource}`].post, doc.paths[`/api/${meta.resource}/{_id}`].put].map((op) => ({ resource: meta.resource, schema: op.requestBody?.content?.['application/json']?.schema })),
    );
    for (const { resource, schema } of bodies) {
      const form = loadSchemaRegistry().get(resource)!.schema as { required: string[]; properties: Record<string, unknown> };
      expect(Object.keys((schema?.properties ?? {}) as object), resource).toEqual(Object.keys(form.properties));
      expect(schema?.required, resource).toEqual(form.required);
    }
    expect(bodies).toHaveLength(12);
    expect((doc.paths['/api/invoice'].post.requestBody?.content?.['application/json']?.schema?.properties as Record<string, unknown>).detalles).toMatchObject({ type: 'array', minItems: 1 });
  });
});

describe('reference UI', () => {
  it('serves Swagger UI at /api/docs without a session, from local assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger-ui/i);
    expect(page.body).not.toMatch(/https?:\/\/(?:cdn|unpkg)/);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    // The page loads the document from /api/docs/json, also without a session.
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
  });

  it('keeps every other /api route behind a credential', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customer' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: expect.any(String), message: expect.any(String) });
  });
});
