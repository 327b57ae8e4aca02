/**
 * Input rules at the edge (issue 17), table-driven over every registered route (`app.apiRoutes`,
 * filled by an onRoute hook), so a route added later is covered without touching this file:
 * `sort=__proto__`, NUL and lone surrogates answer 400 naming the field; path parameters are
 * patterned; jsonb-bound JSON is bounded in depth and size; a 5xx carries its request id.
 */
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import type { ApiRoute } from '../../server/plugins/edge-rules.ts';
import { MAX_JSON_DEPTH } from '../../server/http/input-hygiene.ts';

let t: TestApp;
let auth: Record<string, string>;
let companyId: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    schemasDir: 'examples/deployment',
    extend: (deps) => {
      deps.logger = { level: 'error', stream: new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) }) };
    },
  });
  // A SUPERADMIN who is also platform staff reaches every route, staff-only ones included.
  const user = await signUp(t, { ruc: await newRuc() });
  await t.database.db.execute(sql`update app_user set is_staff = true where email = ${user.email}`);
  auth = user.auth;
  companyId = user.companyId;
});
afterAll(async () => t?.close());

/** A value each path parameter accepts, so only the part under test is wrong. */
function sampleParam(name: string): string {
  const samples: Record<string, string> = { name: 'forma_pago', code: '01', resource: 'vehiculo', country: 'EC', state: 'P', token: 'a'.repeat(43), company: companyId };
  return Object.hasOwn(samples, name) ? samples[name] : randomUUID();
}

const fill = (route: ApiRoute, override: Record<string, string> = {}) => route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => override[name] ?? encodeURIComponent(sampleParam(name)));
const paramsOf = (route: ApiRoute) => [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
const routes = () => t.app.apiRoutes;
// CSV twins (`…/export`, list-export.ts) stream the list's rows; checked by the fuzz walk only (see issue 17 note).
const listRoutes = () => routes().filter((r) => r.method === 'GET' && !r.url.endsWith('/export') && !!(r.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties?.sort);
const writeRoutes = () => routes().filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
/** A field the route's body declares (first string one), else a name a schema-driven body would have. */
function bodyField(route: ApiRoute): string {
  const props = (route.schema?.body as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.keys(props).find((k) => props[k].type === 'string') ?? Object.keys(props)[0] ?? 'nombre';
}

const inject = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'GET', url, headers: { ...auth, ...headers }, ...(payload !== undefined ? { payload: payload as string } : {}) });

function expect400At(res: { statusCode: number; body: string }, path: string, where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as { message: string; details?: Array<{ path: string; message: string }> };
  expect(body.details?.map((d) => d.path), where).toContain(path);
  expect(body.message, where).toMatch(/inválid|no se admite|ordenar/i);
}

describe('routes are collected', () => {
  it('lists every API route, lists and writes among them', () => {
    expect(routes().length).toBeGreaterThan(50);
    expect(listRoutes().length).toBeGreaterThanOrEqual(8);
    expect(writeRoutes().length).toBeGreaterThanOrEqual(15);
  });
});

describe('every list refuses prototype names as sort fields and NUL in q', () => {
  it.each(['__proto__', '-__proto__', 'toString', 'constructor', 'hasOwnProperty'])('sort=%s -> 400 at sort', async (sort) => {
    for (const route of listRoutes()) expect400At(await inject('GET', `${fill(route)}?sort=${encodeURIComponent(sort)}`), 'sort', `${route.url}?sort=${sort}`);
  });
  it('page=1e309 (Infinity once coerced) -> 400 at page', async () => {
    for (const route of listRoutes()) expect400At(await inject('GET', `${fill(route)}?page=1e309`), 'page', route.url);
  });
  it('q with a NUL byte -> 400 at q', async () => {
    for (const route of listRoutes()) expect400At(await inject('GET', `${fill(route)}?q=ab%00c`), 'q', route.url);
  });
});

describe('every write route refuses NUL and lone surrogates in any text', () => {
  it.each([
    ['a NUL byte', 'Caja\u0000 1'],
    ['a lone high surrogate', 'Caja \ud800'],
    ['a lone low surrogate', '\udc00'],
  ])('%s in a body field -> 400 naming the field', async (_what, text) => {
    for (const route of writeRoutes()) {
      const field = bodyField(route);
      expect400At(await inject(route.method, fill(route), { [field]: text }), field, `${route.method} ${route.url}`);
    }
  });
  it('nested inside jsonb-bound lists, with the full path', async () => {
    const res = await inject('POST', '/api/establishment', { estab: '001', nombre: 'Matriz', dirEstablecimiento: 'Quito', puntosEmision: [{ ptoEmi: '001', descripcion: 'Caja \ud800' }] });
    expect400At(res, 'puntosEmision.0.descripcion', 'establishment');
  });
  it('in a field name', async () => {
    const res = await inject('POST', '/api/admin/table/forma_pago/catalog', { code: 'ZZ', name: 'x', data: { 'a\u0000b': 1 } });
    expect400At(res, 'data.a\uFFFDb', 'catalog data key');
  });
  it('and the same text without them is saved', async () => {
    const res = await inject('POST', '/api/establishment', { estab: '002', nombre: 'Sucursal ☕ 😀', dirEstablecimiento: 'Quito', puntosEmision: [{ ptoEmi: '001', descripcion: 'Caja 😀' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().puntosEmision[0].descripcion).toBe('Caja 😀');
  });
});

describe('path parameters', () => {
  it('a NUL in any path parameter -> 400 naming the parameter', async () => {
    for (const route of routes()) {
      for (const name of paramsOf(route)) expect400At(await inject(route.method, fill(route, { [name]: 'ab%00c' })), name, `${route.method} ${route.url} :${name}`);
    }
  });
  it('ids must be UUIDs and catalog codes cannot hold blanks', async () => {
    const byId = await inject('GET', '/api/invoice/not-a-uuid');
    expect400At(byId, '_id', 'invoice id');
    expect(byId.json().details[0].message).toBe('Id: debe ser un identificador (UUID) válido');
    expect400At(await inject('GET', '/api/admin/table/forma_pago/catalog/a%20b'), 'code', 'catalog code');
    expect((await inject('GET', '/api/admin/table/forma_pago/catalog/01')).statusCode).toBe(200);
  });
});

describe('JSON bound for jsonb', () => {
  const nested = (levels: number): Record<string, unknown> => {
    let node: Record<string, unknown> = { v: 1 };
    for (let i = 1; i < levels; i += 1) node = { a: node };
    return node;
  };
  it(`refuses a catalog entry nested 2,000 levels deep, keeps one nested ${MAX_JSON_DEPTH - 1}`, async () => {
    const deep = await inject('POST', '/api/admin/table/forma_pago/catalog', { code: 'ZZ1', name: 'Profundo', data: nested(2000) });
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json().details[0]).toEqual({ path: `data${'.a'.repeat(MAX_JSON_DEPTH)}`, message: `anida más de ${MAX_JSON_DEPTH} niveles de objetos o listas` });
    const ok = await inject('POST', '/api/admin/table/forma_pago/catalog', { code: 'ZZ2', name: 'Poco profundo', data: nested(MAX_JSON_DEPTH - 1) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
  it('refuses a jsonb field over 256 KB', async () => {
    const res = await inject('POST', '/api/admin/table/forma_pago/catalog', { code: 'ZZ3', name: 'Grande', data: { notes: 'x'.repeat(300 * 1024) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details[0]).toEqual({ path: 'data', message: 'mide más de 256 KB, el máximo por campo' });
  });
});

describe('a 5xx carries its request id', () => {
  it('in the JSON body and in the error log line', async () => {
    const original = t.deps.roleCache.permissionsOf;
    t.deps.roleCache.permissionsOf = async () => {
      throw new Error('role store down');
    };
    try {
      // The session is cached per node: a change to the user drops it, so this request loads it again.
      await t.database.db.execute(sql`update app_user set last_name = last_name || '.' where company_id = ${companyId}`);
      await t.app.changeFeed.sync();
      const res = await inject('GET', '/api/user/profile-info');
      expect(res.statusCode).toBe(500);
      const body = res.json() as { requestId: string; message: string };
      expect(body.message).toBe('Error interno del servidor');
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      const line = logLines.find((l) => l.includes(body.requestId));
      expect(line, logLines.join('\n')).toContain('role store down');
    } finally {
      t.deps.roleCache.permissionsOf = original;
    }
  });
});

describe('fuzz: every route with malformed params, queries and bodies', () => {
  const deep = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
  const badParams = ['%00', '..', 'x'.repeat(300), '__proto__', 'constructor', '%F0%9F%98%80', '%ED%A0%80', '%27%3B%20drop%20table%20x%3B--', '-1', '%'];
  const badQueries = ['sort=__proto__', 'sort=constructor', 'q=%00', 'q=%ED%A0%80', 'page=0', 'page=abc', 'per_page=100000', 'page=1e309', `q=${'x'.repeat(300)}`, '__proto__[x]=1', 'constructor=1', 'format=nope', 'q=a&q=b', 'download=maybe'];
  const badBodies = (route: ApiRoute): Array<[string, string]> => {
    const props = Object.keys((route.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? { nombre: 1 });
    const each = (value: unknown) => JSON.stringify(Object.fromEntries(props.map((p) => [p, value])));
    const eachRaw = (json: string) => `{${props.map((p) => `${JSON.stringify(p)}:${json}`).join(',')}}`;
    return [
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '"texto"'],
      ['application/json', '12'],
      ['application/json', '{'],
      ['application/json', '{"__proto__":{"admin":true}}'],
      ['application/json', '{"constructor":{"prototype":{"admin":true}}}'],
      ['application/json', deep],
      ['application/json', each(12345)],
      ['application/json', each('x')],
      ['application/json', each({ a: [1, { b: null }] })],
      ['application/json', each([])],
      ['application/json', each('\u0000')],
      ['application/json', each('\ud800')],
      ['application/json', eachRaw('-1e309')],
      ['application/json', eachRaw('1e400')],
      ['text/plain', 'hola'],
    ];
  };

  function expectJsonError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, where: string) {
    expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(String(res.headers['content-type']), where).toMatch(/application\/json/);
      const body = JSON.parse(res.body) as { statusCode: number; message: unknown };
      expect(body.statusCode, where).toBe(res.statusCode);
      expect(typeof body.message, where).toBe('string');
    }
  }

  /** A request of the walk: what was sent and, as SUPERADMIN, what came back. */
  interface Sent {
    method: string;
    url: string;
    payload?: string;
    headers?: Record<string, string>;
    where: string;
    status: number;
  }
  /** The permission resource guarding a company-settings or user-management URL; self-service paths have none. */
  const guardedResource = (url: string): string | undefined => {
    const path = url.split('?')[0];
    if (/^\/api\/admin\/(webhook|api-key|company)(\/|$)/.test(path)) return 'company';
    if (/^\/api\/user(\/|$)/.test(path) && !/^\/api\/user\/(password|profile-info|mfa)(\/|$)/.test(path)) return 'user';
    return undefined;
  };
  /** Requests of the SUPERADMIN walk that got past validation (their answer was not 400). */
  const pastValidation: Sent[] = [];

  it('never answers 5xx and always a JSON error body', async () => {
    let requests = 0;
    const send = async (method: string, url: string, where: string, payload?: string, headers?: Record<string, string>) => {
      requests += 1;
      const res = await inject(method, url, payload, headers);
      expectJsonError(res, where);
      if (res.statusCode !== 400) pastValidation.push({ method, url, payload, headers, where, status: res.statusCode });
    };
    for (const route of routes()) {
      for (const name of paramsOf(route)) {
        for (const bad of badParams) await send(route.method, fill(route, { [name]: bad }), `${route.method} ${route.url} :${name}=${bad}`);
      }
      // Only GET routes read a query beyond the common ones; the others get the first few.
      for (const query of route.method === 'GET' ? badQueries : badQueries.slice(0, 3)) await send(route.method, `${fill(route)}?${query}`, `${route.method} ${route.url}?${query}`);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        for (const [contentType, payload] of badBodies(route)) await send(route.method, fill(route), `${route.method} ${route.url} body ${payload.slice(0, 60)}`, payload, { 'content-type': contentType });
      }
    }
    expect(requests).toBeGreaterThan(800);
  }, 300_000);

  /**
   * The same walk as the roles the permission matrix limits (server/db/seed/roles.ts). Validation
   * runs before the permission check and does not depend on the role, so each role replays the
   * requests that got past validation as SUPERADMIN: those reach the guards, the emission scope
   * and the handlers, which are what differ by role. The EMISOR may issue from one establishment
   * only (emission scope), so the scope guard is walked too.
   */
  it.each(['EMISOR', 'CONTADOR'])('as %s: never 5xx, always a JSON error body, and writes to users and company settings the role may only read are 403', async (role) => {
    expect(pastValidation.length, 'the SUPERADMIN walk runs first').toBeGreaterThan(100);
    const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    const estab = role === 'EMISOR' ? '091' : '092';
    const establishment = await inject('POST', '/api/establishment', { estab, nombre: `Local ${estab}`, dirEstablecimiento: 'Quito', puntosEmision: [{ ptoEmi: '001' }] });
    expect(establishment.statusCode, establishment.body).toBe(201);
    const created = await inject('POST', '/api/user', { email, firstName: 'Prueba', lastName: role, role, password: 'Clave1234!', ...(role === 'EMISOR' ? { emissionPoints: [{ estab }] } : {}) });
    expect(created.statusCode, created.body).toBe(201);
    const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${companyId}/login`, payload: { email, password: 'Clave1234!' } });
    expect(login.statusCode, login.body).toBe(200);
    const roleAuth = { authorization: `Bearer ${login.json().token}` };
    const permissions = login.json().result.permissions as Record<string, string[]>;
    let refused = 0;
    let guardedWrites = 0;
    for (const sent of pastValidation) {
      const res = await t.app.inject({ method: sent.method as 'GET', url: sent.url, headers: { ...roleAuth, ...(sent.headers ?? {}) }, ...(sent.payload !== undefined ? { payload: sent.payload } : {}) });
      expectJsonError(res, `${role} ${sent.where}`);
      if (res.statusCode === 403) refused += 1;
      // A write the SUPERADMIN could make on what the role may only read (or not see) is refused.
      const resource = guardedResource(sent.url);
      const write = sent.method !== 'GET';
      if (write && resource && sent.status < 300 && !(permissions[resource] ?? []).some((a) => a !== 'read')) {
        expect(res.statusCode, `${role} ${sent.where}`).toBe(403);
        guardedWrites += 1;
      }
      // Catalog tables are platform staff's: no company role changes them.
      if (write && /^\/api\/admin\/table/.test(sent.url) && sent.status < 300) expect(res.statusCode, `${role} ${sent.where}`).toBe(403);
    }
    expect(refused, `${role}: requests refused with 403`).toBeGreaterThan(20);
    expect(guardedWrites, `${role}: writes to users or company settings replayed`).toBeGreaterThan(0);
  }, 300_000);
});
