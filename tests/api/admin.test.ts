import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { runSeeds } from '../../server/db/seed/run-seeds.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemoCompany, DEMO } from '../../server/db/seed/demo.ts';
import { catalogEntries, catalogTables, menuItems, roles, users } from '../../server/db/schema/index-tables.ts';
import type { Db } from '../../server/db/client.ts';

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
    expect(invoicing.children.map((c: { path: string }) => c.path)).toEqual(['invoice', 'credit-note', 'debit-note', 'customer', 'product', 'establishment', 'user', 'carrier', 'waybill']);
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

  it('sends them compressed to a browser that accepts br or gzip, the same JSON once decoded', async () => {
    const plain = await api('GET', '/api/admin/schema/', user.auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await api('GET', '/api/admin/schema/', { ...user.auth, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await api('GET', '/api/admin/schema/', { ...user.auth, 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await api('GET', '/api/admin/schema/', { ...user.auth, 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
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

describe('bad input on tables, catalogs and locations', () => {
  const details = (res: { json(): { details?: Array<{ path: string; message: string }> } }) => res.json().details ?? [];

  it('answers 400 with Spanish details for missing fields and wrong types, never coercing', async () => {
    const noTitle = await api('POST', '/api/admin/table', staff, { name: 'sin_titulo' });
    expect(noTitle.statusCode).toBe(400);
    expect(details(noTitle)).toEqual([{ path: 'title', message: 'Título: obligatorio' }]);
    const types = await api('POST', '/api/admin/table', staff, { name: 'tipos', title: 5, description: ['x'] });
    expect(details(types)).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Título: debe ser un texto' },
        { path: 'description', message: 'Descripción: debe ser un texto' },
      ]),
    );
    expect((await api('GET', '/api/admin/table/tipos', user.auth)).statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/table/forma_pago', staff, { title: 7 })).statusCode).toBe(400);
    expect((await api('PATCH', '/api/admin/table/forma_pago', staff, { title: '' })).json().details).toEqual([{ path: 'title', message: 'Título: obligatorio' }]);

    const entry = (payload: object) => api('POST', '/api/admin/table/forma_pago/catalog', staff, payload);
    expect(details(await entry({ name: 'Sin código' }))).toEqual([{ path: 'code', message: 'Código: obligatorio' }]);
    expect(details(await entry({ code: '99', name: 'X', position: '3' }))).toEqual([{ path: 'position', message: 'Posición: debe ser un número entero' }]);
    expect(details(await entry({ code: '99', name: 'X', position: 1.5 }))).toEqual([{ path: 'position', message: 'Posición: debe ser un número entero' }]);
    expect(details(await entry({ code: '99', name: 'X', active: 'sí' }))).toEqual([{ path: 'active', message: 'Activo: debe ser sí o no' }]);
    expect(details(await entry({ code: '99', name: 'X', data: [1] }))).toEqual([{ path: 'data', message: 'Datos: debe ser un grupo de datos' }]);
    expect((await entry({ code: 'con espacio', name: 'X' })).statusCode).toBe(400);
    expect((await entry({ code: 99, name: 'X' })).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/table/forma_pago/catalog/99', user.auth)).statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/table/forma_pago/catalog/01', staff, { active: 0 })).statusCode).toBe(400);
  });

  it('answers 404 for unknown tables and codes, 400 for malformed names', async () => {
    expect((await api('PATCH', '/api/admin/table/no_existe', staff, { title: 'X' })).statusCode).toBe(404);
    expect((await api('DELETE', '/api/admin/table/no_existe', staff)).statusCode).toBe(404);
    expect((await api('POST', '/api/admin/table/no_existe/catalog', staff, { code: '1', name: 'X' })).statusCode).toBe(404);
    expect((await api('PATCH', '/api/admin/table/forma_pago/catalog/ZZZ', staff, { name: 'X' })).statusCode).toBe(404);
    expect((await api('DELETE', '/api/admin/table/no_existe/catalog/1', staff)).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/table/NoValida', user.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/table?per_page=0', user.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/table?page=primera', user.auth)).statusCode).toBe(400);
  });

  it('answers oversized and malformed bodies with 413 and 400', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/table/forma_pago/catalog',
      headers: { ...staff, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: '98', name: 'X', data: { blob: 'x'.repeat(3 * 1024 * 1024) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('El cuerpo de la solicitud es demasiado grande');
    const long = await api('POST', '/api/admin/table', staff, { name: 'largo', title: 'x'.repeat(201) });
    expect(details(long)).toEqual([{ path: 'title', message: 'Título: máximo 200 caracteres' }]);
    const malformed = await t.app.inject({ method: 'PATCH', url: '/api/admin/table/forma_pago', headers: { ...staff, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('El cuerpo de la solicitud no es JSON válido');
  });

  it('answers 404 with a Spanish message for an unknown country or state, 400 for a malformed code', async () => {
    const state = await api('GET', '/api/admin/country/EC/state/ZZ/city', user.auth);
    expect(state.statusCode).toBe(404);
    expect(state.json().message).toBe('La provincia o estado "ZZ" de EC no existe');
    expect((await api('GET', '/api/admin/country/ZZ/state/P/city', user.auth)).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/country/ECU/state', user.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/country/ec/state/p/city', user.auth)).json().map((c: { name: string }) => c.name)).toContain('Quito');
  });
});

describe('catalog positions and races', () => {
  it('puts a new entry after the last one unless a position is given', async () => {
    expect((await api('POST', '/api/admin/table', staff, { name: 'orden', title: 'Orden' })).statusCode).toBe(201);
    const first = await api('POST', '/api/admin/table/orden/catalog', staff, { code: 'a', name: 'A' });
    expect(first.json().position).toBe(0);
    expect((await api('POST', '/api/admin/table/orden/catalog', staff, { code: 'b', name: 'B' })).json().position).toBe(1);
    expect((await api('POST', '/api/admin/table/orden/catalog', staff, { code: 'c', name: 'C', position: 40 })).json().position).toBe(40);
    expect((await api('POST', '/api/admin/table/orden/catalog', staff, { code: 'd', name: 'D' })).json().position).toBe(41);
    const list = (await api('GET', '/api/admin/table/orden/catalog', user.auth)).json();
    expect(list.map((e: { code: string }) => e.code)).toEqual(['a', 'b', 'c', 'd']);
    const seeded = await api('POST', '/api/admin/table/forma_pago/catalog', staff, { code: '90', name: 'Otra forma' });
    expect(seeded.json().position).toBe(8); // after the 8 seeded ones (0..7)
  });

  it('gives one 201 and 409s, never a 500, for concurrent creates of one table or code', async () => {
    const tables = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/admin/table', staff, { name: 'carrera', title: 'Carrera' }).then((r) => r.statusCode)));
    expect(tables.sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const codes = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/admin/table/carrera/catalog', staff, { code: 'x', name: 'X' }).then((r) => r.statusCode)));
    expect(codes.sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('seeds', () => {
  it('changes nothing when run again (idempotent), keeping staff edits to seeded catalogs', async () => {
    await api('PATCH', '/api/admin/table/forma_pago/catalog/01', staff, { name: 'Efectivo (editado)' });
    const db = t.database.db;
    const snapshot = async () => ({
      tables: await db.select().from(catalogTables).orderBy(asc(catalogTables.name)),
      entries: await db.select().from(catalogEntries).orderBy(asc(catalogEntries.tableName), asc(catalogEntries.code)),
      roles: await db.select().from(roles).orderBy(asc(roles.code)),
      menu: await db.select().from(menuItems).orderBy(asc(menuItems.id)),
    });
    const before = await snapshot();
    await runSeeds(t.database.db);
    await runSeeds(t.database.db);
    expect(await snapshot()).toEqual(before);
    expect((await api('GET', '/api/admin/table/forma_pago/catalog/01', user.auth)).json().name).toBe('Efectivo (editado)');
  });
});

describe('npm run staff', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const staffCli = (dataDir: string, ...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/staff.ts', ...args], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
  };

  it('grants staff on a PGlite DATA_DIR, and refuses while the database is open', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-staff-'));
    try {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await runSeeds(database.db);
      await seedDemoCompany(database.db);
      const isStaff = async (db: Db) => (await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.email, DEMO.user.email)))[0]?.isStaff;
      expect(await isStaff(database.db)).toBe(false);

      const busy = staffCli(dataDir, DEMO.user.email);
      expect(busy.status).toBe(3);
      expect(busy.stderr).toMatch(/está abierta por otro proceso/);
      await database.close();

      const granted = staffCli(dataDir, DEMO.user.email.toUpperCase());
      expect(granted.status, granted.stderr).toBe(0);
      expect(granted.stdout).toMatch(/Se concedió el rol de personal de plataforma a 1 cuenta/);
      const unknown = staffCli(dataDir, 'nadie@example.com');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/No hay ninguna cuenta/);
      expect(staffCli(dataDir, 'no-es-correo').status).toBe(2);

      const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      expect(await isStaff(reopened.db)).toBe(true);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // four CLI runs (tsx) of a few seconds each, slower on a loaded machine
});
