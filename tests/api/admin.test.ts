import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t, { ruc: await newRuc() });
  const s = await signUp(t, { ruc: await newRuc() });
  await t.database.db.execute(sql`update app_user set is_staff = true where email = ${s.email}`);
  staff = s.auth;
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('health', () => {
  it('answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: t.database.kind, version: 'test' });
  });
});

describe('menu and roles', () => {
  it('gives a SUPERADMIN the invoicing menu but not the staff-only admin group', async () => {
    const res = await api('GET', '/api/admin/menu/', user.auth);
    expect(res.statusCode).toBe(200);
    const menu = res.json();
    expect(menu[0]).toMatchObject({ path: '/dashboard', type: 'link' });
    const invoicing = menu.find((m: { path: string }) => m.path === '/invoicing');
    expect(invoicing.children.map((c: { path: string }) => c.path)).toEqual(['invoice', 'customer', 'product', 'establishment', 'user']);
    expect(menu.find((m: { path: string }) => m.path === '/admin')).toBeUndefined();
    const staffMenu = (await api('GET', '/api/admin/menu/', staff)).json();
    expect(staffMenu.find((m: { path: string }) => m.path === '/admin').children[0].path).toBe('table');
  });

  it('filters the menu by role: a CONTADOR sees no user management', async () => {
    const email = `contador${Date.now()}@example.com`;
    await api('POST', '/api/user', user.auth, { email, firstName: 'C', lastName: 'Ontador', role: 'CONTADOR', password: 'Clave1234!' });
    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
    const menu = (await api('GET', '/api/admin/menu/', { authorization: `Bearer ${login.json().token}` })).json();
    const children = menu.find((m: { path: string }) => m.path === '/invoicing').children.map((c: { path: string }) => c.path);
    expect(children).toContain('user'); // read permission
    const emisorEmail = `emisor${Date.now()}@example.com`;
    await api('POST', '/api/user', user.auth, { email: emisorEmail, firstName: 'E', lastName: 'Misor', role: 'EMISOR', password: 'Clave1234!' });
    const emisorLogin = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: emisorEmail, password: 'Clave1234!' } });
    const emisorMenu = (await api('GET', '/api/admin/menu/', { authorization: `Bearer ${emisorLogin.json().token}` })).json();
    expect(emisorMenu.find((m: { path: string }) => m.path === '/invoicing').children.map((c: { path: string }) => c.path)).not.toContain('user');
  });

  it('lists the four roles', async () => {
    const roles = (await api('GET', '/api/admin/role/', user.auth)).json();
    expect(roles.map((r: { code: string }) => r.code)).toEqual(['SUPERADMIN', 'ADMIN', 'EMISOR', 'CONTADOR']);
  });
});

describe('tables and catalogs', () => {
  it('serves the seeded SRI tables with the IVA rates', async () => {
    const tables = await api('GET', '/api/admin/table?per_page=100', user.auth);
    expect(tables.statusCode).toBe(200);
    const names = tables.json().map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['tipo_identificacion', 'tipo_comprobante', 'impuesto', 'tarifa_iva', 'forma_pago', 'ambiente', 'tipo_emision']));
    const iva = (await api('GET', '/api/admin/table/tarifa_iva/catalog', user.auth)).json();
    const byCode = Object.fromEntries(iva.map((e: { code: string; data: { tarifa: number } }) => [e.code, e.data.tarifa]));
    expect(byCode).toMatchObject({ '0': 0, '2': 12, '3': 14, '4': 15, '5': 5, '8': 8, '10': 13 });
    const paged = await api('GET', '/api/admin/table/forma_pago/catalog?page=2&per_page=3&sort=code', user.auth);
    expect(paged.headers['x-total-count']).toBe('8');
    expect(paged.json().map((e: { code: string }) => e.code)).toEqual(['17', '18', '19']);
    const search = await api('GET', '/api/admin/table/forma_pago/catalog?q=tarjeta', user.auth);
    expect(search.json()).toHaveLength(3);
  });

  it('lets only staff create, update and delete tables and entries', async () => {
    const denied = await api('POST', '/api/admin/table', user.auth, { name: 'bancos', title: 'Bancos' });
    expect(denied.statusCode).toBe(403);
    expect((await api('POST', '/api/admin/table', staff, { name: 'bancos', title: 'Bancos' })).statusCode).toBe(201);
    expect((await api('POST', '/api/admin/table', staff, { name: 'bancos', title: 'Bancos' })).statusCode).toBe(409);
    expect((await api('PATCH', '/api/admin/table/bancos', staff, { title: 'Bancos del Ecuador' })).json().title).toBe('Bancos del Ecuador');
    expect((await api('POST', '/api/admin/table/bancos/catalog', user.auth, { code: '10', name: 'Banco Pichincha' })).statusCode).toBe(403);
    expect((await api('POST', '/api/admin/table/bancos/catalog', staff, { code: '10', name: 'Banco Pichincha' })).statusCode).toBe(201);
    expect((await api('GET', '/api/admin/table/bancos', user.auth)).json()).toMatchObject({ name: 'bancos', title: 'Bancos del Ecuador', system: false });
    expect((await api('GET', '/api/admin/table/bancos/catalog/10', user.auth)).json()).toMatchObject({ code: '10', name: 'Banco Pichincha', active: true });
    expect((await api('GET', '/api/admin/table/bancos/catalog/11', user.auth)).statusCode).toBe(404);
    const patched = await api('PATCH', '/api/admin/table/bancos/catalog/10', staff, { name: 'Banco Pichincha C.A.', active: false });
    expect(patched.json()).toMatchObject({ code: '10', name: 'Banco Pichincha C.A.', active: false });
    expect((await api('DELETE', '/api/admin/table/bancos/catalog/10', staff)).statusCode).toBe(204);
    expect((await api('DELETE', '/api/admin/table/bancos/catalog/10', staff)).statusCode).toBe(404);
    expect((await api('DELETE', '/api/admin/table/bancos', staff)).statusCode).toBe(204);
    expect((await api('DELETE', '/api/admin/table/tarifa_iva', staff)).statusCode).toBe(409);
    expect((await api('GET', '/api/admin/table/no_existe/catalog', user.auth)).statusCode).toBe(404);
    expect((await api('POST', '/api/admin/table', staff, { name: 'Mal Nombre!', title: 'x' })).statusCode).toBe(400);
  });
});

describe('company', () => {
  it('reads and updates the caller\'s company and its SRI settings', async () => {
    const got = await api('GET', '/api/admin/company', user.auth);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ _id: user.companyId, ambiente: '1', facturaVersion: '1.1.0', certificate: null });
    const put = await api('PUT', '/api/admin/company', user.auth, {
      ...got.json(),
      razonSocial: 'Nueva Razón S.A.',
      obligadoContabilidad: true,
      contribuyenteRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE',
      ruc: '9999999999999',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ razonSocial: 'Nueva Razón S.A.', obligadoContabilidad: true, contribuyenteRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE', ruc: got.json().ruc });
    const bad = await api('PUT', '/api/admin/company', user.auth, { ...got.json(), ambiente: '3', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['ambiente', 'email']));
  });
});

describe('locations', () => {
  it('lists countries, Ecuador\'s 24 provinces and their cities', async () => {
    const countries = (await api('GET', '/api/admin/country', user.auth)).json();
    expect(countries.find((c: { _id: string }) => c._id === 'EC').name).toBe('Ecuador');
    const states = (await api('GET', '/api/admin/country/EC/state', user.auth)).json();
    expect(states).toHaveLength(24);
    expect(states.map((s: { name: string }) => s.name)).toContain('Pichincha');
    const cities = (await api('GET', '/api/admin/country/EC/state/G/city', user.auth)).json();
    expect(cities.map((c: { name: string }) => c.name)).toContain('Guayaquil');
    expect((await api('GET', '/api/admin/country/ZZ/state', user.auth)).statusCode).toBe(404);
  });
});

describe('schemas', () => {
  it('serves the effective schemas with an ETag', async () => {
    const all = await api('GET', '/api/admin/schema/', user.auth);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['product', 'customer', 'establishment', 'invoice']));
    const etag = all.headers.etag as string;
    expect((await api('GET', '/api/admin/schema/', { ...user.auth, 'if-none-match': etag })).statusCode).toBe(304);
    const product = (await api('GET', '/api/admin/schema/product', user.auth)).json();
    expect(product.schema.properties.codigoPrincipal.title).toBe('Código principal');
  });
});

describe('CORS for a front end on another host', () => {
  const origin = 'https://app.emite.example';

  it('sends no CORS headers by default (same origin only)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/admin/table', headers: { origin, 'access-control-request-method': 'GET' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets CORS_ORIGIN origins call the API with a bearer token and read x-total-count', async () => {
    const cross = await createTestApp({ extend: (deps) => void (deps.config.corsOrigins = [origin]) });
    try {
      const u = await signUp(cross, { ruc: await newRuc() });
      const preflight = await cross.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/table',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');

      const list = await cross.app.inject({ method: 'GET', url: '/api/admin/table', headers: { ...u.auth, origin } });
      expect(list.statusCode).toBe(200);
      expect(list.headers['access-control-allow-origin']).toBe(origin);
      expect(String(list.headers['access-control-expose-headers'])).toContain('x-total-count');
      expect(list.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(list.headers['access-control-allow-credentials']).toBeUndefined();

      // An error answer is readable too, so the SPA can show its message.
      const denied = await cross.app.inject({ method: 'GET', url: '/api/admin/table', headers: { origin } });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['access-control-allow-origin']).toBe(origin);

      const other = await cross.app.inject({ method: 'GET', url: '/api/admin/table', headers: { ...u.auth, origin: 'https://otro.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cross.close();
    }
  });
});
