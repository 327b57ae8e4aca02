/**
 * API keys (DESIGN.md §9): created by whoever may manage the company, shown once, stored hashed,
 * accepted as `Authorization: Bearer emk_…` or `X-API-Key` with their role's permissions,
 * revoked at once, rate limited per key, and named in the invoice's audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys, comprobantes } from '../../server/db/schema/index-tables.ts';
import { createTestApp, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

const RATE_LIMIT = 25;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let now = new Date();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, extend: (deps) => void (deps.config.apiKeyRateLimit = RATE_LIMIT) });
  owner = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, owner.auth);
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'clave-p12' });
  const up = await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: owner.auth, payload: { p12: p12.toString('base64'), password: 'clave-p12' } });
  expect(up.statusCode, up.body).toBe(200);
});
afterAll(async () => t?.close());

async function createKey(headers: Record<string, string>, body: { name: string; role: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/api-key', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string; role: string; prefix: string; key: string };
}
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const invoiceBody = () => ({
  establishment: data.establishment._id,
  ptoEmi: '001',
  customer: data.customer._id,
  detalles: [{ product: data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
  pagos: [{ formaPago: '01', total: 25 }],
});

describe('creating and listing keys', () => {
  it('shows the key once, then lists it by prefix with its creator and never the key or its hash', async () => {
    const created = await createKey(owner.auth, { name: 'Caja 1', role: 'EMISOR' });
    expect(Object.keys(created).sort()).toEqual(['_id', 'key', 'name', 'prefix', 'role']);
    expect(created.key).toMatch(/^emk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));

    const list = await call(owner.auth, 'GET', '/api/admin/api-key');
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((k: { _id: string }) => k._id === created._id);
    expect(listed).toEqual({
      _id: created._id,
      name: 'Caja 1',
      role: 'EMISOR',
      prefix: created.prefix,
      createdBy: { _id: owner.userId, name: 'Ana Pérez' },
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(list.body).not.toContain(created.key);
    const [stored] = await t.database.db.select({ keyHash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.id, created._id));
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(list.body).not.toContain(stored.keyHash);
  });

  it('is for roles that manage the company, from a session: not an EMISOR, not a key, no SUPERADMIN key by an ADMIN', async () => {
    const password = 'Clave1234!';
    const mkUser = async (role: string) => {
      const email = uniqueEmail(role.toLowerCase());
      await post(t, owner.auth, '/api/user', { email, firstName: 'U', lastName: role, role, active: true, password });
      const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${owner.companyId}/login`, payload: { email, password } });
      return { authorization: `Bearer ${login.json().token}` };
    };
    const emisor = await mkUser('EMISOR');
    expect((await call(emisor, 'GET', '/api/admin/api-key')).statusCode).toBe(403);
    expect((await call(emisor, 'POST', '/api/admin/api-key', { name: 'x', role: 'EMISOR' })).statusCode).toBe(403);

    const admin = await mkUser('ADMIN');
    const superKey = await call(admin, 'POST', '/api/admin/api-key', { name: 'x', role: 'SUPERADMIN' });
    expect(superKey.statusCode).toBe(403);
    expect(superKey.json().message).toBe('Solo un Superadministrador puede asignar el rol Superadministrador');
    await createKey(admin, { name: 'ERP', role: 'ADMIN' });

    const superadminKey = await createKey(owner.auth, { name: 'Todo', role: 'SUPERADMIN' });
    const byKey = await call(bearer(superadminKey.key), 'POST', '/api/admin/api-key', { name: 'otra', role: 'EMISOR' });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toMatch(/iniciar sesión/);
    expect((await call(bearer(superadminKey.key), 'DELETE', `/api/admin/api-key/${superadminKey._id}`)).statusCode).toBe(403);
    // No profile or password behind a key.
    expect((await call(bearer(superadminKey.key), 'GET', '/api/user/profile-info')).statusCode).toBe(403);
    expect((await call(bearer(superadminKey.key), 'PUT', '/api/user/password', { password: 'NuevaClave123' })).statusCode).toBe(403);
  });

  it('refuses a body without name or with an unknown role (400, Spanish)', async () => {
    const res = await call(owner.auth, 'POST', '/api/admin/api-key', { name: ' ', role: 'DUEÑO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['name', 'role']);
  });
});

describe('using a key', () => {
  it('an EMISOR key issues an invoice, named in its audit rows, and cannot manage users (403)', async () => {
    const key = await createKey(owner.auth, { name: 'POS', role: 'EMISOR' });
    const auth = bearer(key.key);
    const customer = await call(auth, 'POST', '/api/customer', { tipoIdentificacion: '06', identificacion: 'PA123456', razonSocial: 'Cliente por API' });
    expect(customer.statusCode, customer.body).toBe(201);
    const draft = await call(auth, 'POST', '/api/invoice', invoiceBody());
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await call(auth, 'POST', `/api/invoice/${draft.json()._id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().status).toBe('AUTORIZADA');

    const events = (await call(owner.auth, 'GET', `/api/invoice/${draft.json()._id}/events`)).json() as Array<{ to: string; userId: string | null; apiKeyId: string | null }>;
    const firmada = events.find((e) => e.to === 'FIRMADA');
    expect(firmada).toMatchObject({ userId: null, apiKeyId: key._id });
    const [row] = await t.database.db.select({ createdBy: comprobantes.createdBy }).from(comprobantes).where(eq(comprobantes.id, draft.json()._id));
    expect(row.createdBy).toBeNull();

    expect((await call(auth, 'GET', '/api/user')).statusCode).toBe(403);
    const addUser = await call(auth, 'POST', '/api/user', { email: uniqueEmail(), firstName: 'X', lastName: 'Y', role: 'ADMIN', password: 'Clave1234!' });
    expect(addUser.statusCode).toBe(403);
    expect(addUser.json().message).toMatch(/EMISOR/);
    expect((await call(auth, 'DELETE', `/api/user/${owner.userId}`)).statusCode).toBe(403);
    expect((await call(auth, 'PUT', `/api/user/${owner.userId}`, { email: owner.email, firstName: 'Hack', lastName: 'Eado', role: 'SUPERADMIN' })).statusCode).toBe(403);
  });

  it("is accepted as X-API-Key too, and a session user's actions keep naming the user", async () => {
    const key = await createKey(owner.auth, { name: 'ERP', role: 'CONTADOR' });
    const draft = await post(t, owner.auth, '/api/invoice', invoiceBody());
    const res = await call({ 'x-api-key': key.key }, 'GET', '/api/invoice');
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    // CONTADOR reads, does not write.
    expect((await call({ 'x-api-key': key.key }, 'POST', '/api/invoice', invoiceBody())).statusCode).toBe(403);

    await call(owner.auth, 'POST', `/api/invoice/${draft._id}/issue`);
    const events = (await call(owner.auth, 'GET', `/api/invoice/${draft._id}/events`)).json() as Array<{ to: string; userId: string | null; apiKeyId: string | null }>;
    expect(events.find((e) => e.to === 'FIRMADA')).toMatchObject({ userId: owner.userId, apiKeyId: null });
  });

  it('a revoked key is 401 on the very next request, through either header; unknown keys too', async () => {
    const key = await createKey(owner.auth, { name: 'Temporal', role: 'EMISOR' });
    expect((await call(bearer(key.key), 'GET', '/api/product')).statusCode).toBe(200);
    expect((await call({ 'x-api-key': key.key }, 'GET', '/api/product')).statusCode).toBe(200);

    const revoke = await call(owner.auth, 'DELETE', `/api/admin/api-key/${key._id}`);
    expect(revoke.statusCode).toBe(204);
    for (const headers of [bearer(key.key), { 'x-api-key': key.key }]) {
      const res = await call(headers, 'GET', '/api/product');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/revocada/);
    }
    const listed = (await call(owner.auth, 'GET', '/api/admin/api-key')).json().find((k: { _id: string }) => k._id === key._id);
    expect(listed.revokedAt).toEqual(expect.any(String));
    // Revoking again is harmless; an unknown id is 404.
    expect((await call(owner.auth, 'DELETE', `/api/admin/api-key/${key._id}`)).statusCode).toBe(204);
    expect((await call(owner.auth, 'DELETE', '/api/admin/api-key/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const forged = `emk_${'A'.repeat(43)}`;
    expect((await call(bearer(forged), 'GET', '/api/product')).statusCode).toBe(401);
    expect((await call({ 'x-api-key': 'emk_short' }, 'GET', '/api/product')).statusCode).toBe(401);
  });

  it("sees only its own company: another company's key gets 404 for this one's invoice", async () => {
    const other = await signUp(t, { ruc: await newRuc() });
    const otherKey = await createKey(other.auth, { name: 'Otra', role: 'ADMIN' });
    const draft = await post(t, owner.auth, '/api/invoice', invoiceBody());
    expect((await call(bearer(otherKey.key), 'GET', `/api/invoice/${draft._id}`)).statusCode).toBe(404);
    expect((await call(bearer(otherKey.key), 'DELETE', `/api/admin/api-key/${otherKey._id}`)).statusCode).toBe(403);
    const fromOwner = await call(owner.auth, 'DELETE', `/api/admin/api-key/${otherKey._id}`);
    expect(fromOwner.statusCode).toBe(404);
  });

  it('records its last use, at most once a minute', async () => {
    const key = await createKey(owner.auth, { name: 'Uso', role: 'EMISOR' });
    const lastUsed = async () => (await call(owner.auth, 'GET', '/api/admin/api-key')).json().find((k: { _id: string }) => k._id === key._id).lastUsedAt;
    const start = now;
    try {
      await call(bearer(key.key), 'GET', '/api/product');
      expect(await lastUsed()).toBe(start.toISOString());
      now = new Date(start.getTime() + 30_000);
      await call(bearer(key.key), 'GET', '/api/product');
      expect(await lastUsed()).toBe(start.toISOString());
      now = new Date(start.getTime() + 61_000);
      await call(bearer(key.key), 'GET', '/api/product');
      expect(await lastUsed()).toBe(now.toISOString());
    } finally {
      now = new Date();
    }
  });

  it('is rate limited per key (429 in Spanish), while another key keeps working', async () => {
    const busy = await createKey(owner.auth, { name: 'Ocupada', role: 'CONTADOR' });
    const calm = await createKey(owner.auth, { name: 'Tranquila', role: 'CONTADOR' });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1) statuses.push((await call(bearer(busy.key), 'GET', '/api/product')).statusCode);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const limited = await call({ 'x-api-key': busy.key }, 'GET', '/api/product');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Demasiadas solicitudes/);
    expect((await call(bearer(calm.key), 'GET', '/api/product')).statusCode).toBe(200);
    // Sessions are not limited by the keys' budget.
    expect((await call(owner.auth, 'GET', '/api/product')).statusCode).toBe(200);
  });
});
