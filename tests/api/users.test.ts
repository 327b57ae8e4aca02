import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastLinkToken, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { ruc: await newRuc() });
  other = await signUp(t, { ruc: await newRuc() });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('users API', () => {
  it('creates, lists with paging and search, reads, updates and deletes users of the company', async () => {
    const created: string[] = [];
    for (const [first, last, role] of [
      ['Carla', 'Zambrano', 'EMISOR'],
      ['Bruno', 'Yépez', 'CONTADOR'],
      ['Alicia', 'Xavier', 'ADMIN'],
    ]) {
      const res = await api('POST', '/api/user', owner.auth, { email: uniqueEmail(first.toLowerCase()), firstName: first, lastName: last, role, password: 'Clave1234!' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('passwordHash');
      created.push(res.json()._id);
    }
    const page = await api('GET', '/api/user?per_page=2&page=1&sort=lastName', owner.auth);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((u: { lastName: string }) => u.lastName)).toEqual(['Pérez', 'Xavier']);
    const page2 = await api('GET', '/api/user?per_page=2&page=2&sort=lastName', owner.auth);
    expect(page2.json().map((u: { lastName: string }) => u.lastName)).toEqual(['Yépez', 'Zambrano']);
    const desc = await api('GET', '/api/user?sort=-firstName&per_page=1', owner.auth);
    expect(desc.json()[0].firstName).toBe('Carla');
    const search = await api('GET', '/api/user?q=bruno', owner.auth);
    expect(search.json()).toHaveLength(1);

    const one = await api('GET', `/api/user/${created[0]}`, owner.auth);
    expect(one.json().role).toBe('EMISOR');
    const upd = await api('PUT', `/api/user/${created[0]}`, owner.auth, { ...one.json(), role: 'CONTADOR', firstName: 'Carla María' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ role: 'CONTADOR', firstName: 'Carla María' });
    expect((await api('DELETE', `/api/user/${created[0]}`, owner.auth)).statusCode).toBe(204);
    expect((await api('GET', `/api/user/${created[0]}`, owner.auth)).statusCode).toBe(404);
  });

  it('invites a user without a password by mail; the link sets the password', async () => {
    const email = uniqueEmail('invite');
    const res = await api('POST', '/api/user', owner.auth, { email, firstName: 'Iván', lastName: 'Invitado', role: 'EMISOR' });
    expect(res.statusCode).toBe(201);
    expect(res.json().active).toBe(false);
    const token = await lastLinkToken(t, 'reset-password');
    expect((await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token, password: 'Invitado123' } })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Invitado123' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().result.role).toBe('EMISOR');
  });

  it('keeps companies apart: another company\'s user is 404 and never listed', async () => {
    const list = await api('GET', '/api/user', other.auth);
    expect(list.json().map((u: { email: string }) => u.email)).toEqual([other.email]);
    expect((await api('GET', `/api/user/${owner.userId}`, other.auth)).statusCode).toBe(404);
    expect((await api('PUT', `/api/user/${owner.userId}`, other.auth, { email: 'x@y.ec', firstName: 'X', lastName: 'Y', role: 'ADMIN' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/user/${owner.userId}`, other.auth)).statusCode).toBe(404);
  });

  it('guards against lock-out and privilege escalation', async () => {
    expect((await api('DELETE', `/api/user/${owner.userId}`, owner.auth)).statusCode).toBe(409);
    // an ADMIN cannot make a SUPERADMIN; the refusal names the roles as the users screen does
    const adminEmail = uniqueEmail('admin');
    await api('POST', '/api/user', owner.auth, { email: adminEmail, firstName: 'A', lastName: 'Dmin', role: 'ADMIN', password: 'Clave1234!' });
    const adminLogin = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: adminEmail, password: 'Clave1234!' } });
    const promote = await api('POST', '/api/user', { authorization: `Bearer ${adminLogin.json().token}` }, { email: uniqueEmail(), firstName: 'S', lastName: 'A', role: 'SUPERADMIN', password: 'Clave1234!' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Solo un Superadministrador puede asignar el rol Superadministrador');
    const self = await api('PUT', `/api/user/${owner.userId}`, owner.auth, { email: owner.email, firstName: 'Ana', lastName: 'Pérez', role: 'EMISOR' });
    expect(self.statusCode).toBe(400);
    const email = uniqueEmail('emisor');
    await api('POST', '/api/user', owner.auth, { email, firstName: 'E', lastName: 'Misor', role: 'EMISOR', password: 'Clave1234!' });
    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
    const emisor = { authorization: `Bearer ${login.json().token}` };
    expect((await api('GET', '/api/user', emisor)).statusCode).toBe(403);
    expect((await api('POST', '/api/user', emisor, { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'SUPERADMIN', password: 'Clave1234!' })).statusCode).toBe(403);
    const renamed = await api('PUT', `/api/user/${login.json().result._id}`, emisor, { email, firstName: 'Eva', lastName: 'Misor', role: 'EMISOR' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().firstName).toBe('Eva');
  });

  it('validates bodies and ids', async () => {
    const bad = await api('POST', '/api/user', owner.auth, { email: 'no-es-correo', firstName: '', role: 'REY' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName', 'role']));
    expect((await api('GET', '/api/user/no-es-uuid', owner.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/user?per_page=500', owner.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/user?sort=passwordHash', owner.auth)).statusCode).toBe(400);
    const dup = await api('POST', '/api/user', owner.auth, { email: owner.email, firstName: 'A', lastName: 'B', role: 'ADMIN', password: 'Clave1234!' });
    expect(dup.statusCode).toBe(409);
  });

  it('changes the own password with the current one and revokes older sessions', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const elsewhere = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: u.email, password: u.password } });
    const otherDevice = { authorization: `Bearer ${elsewhere.json().token}` };
    expect((await api('GET', '/api/user/profile-info', otherDevice)).statusCode).toBe(200);
    const wrong = await api('PUT', '/api/user/password', u.auth, { currentPassword: 'no', password: 'NuevaClave1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('currentPassword');
    const ok = await api('PUT', '/api/user/password', u.auth, { currentPassword: u.password, password: 'NuevaClave1' });
    expect(ok.statusCode).toBe(200);
    expect((await api('GET', '/api/user/profile-info', u.auth)).statusCode).toBe(401);
    expect((await api('GET', '/api/user/profile-info', otherDevice)).statusCode).toBe(401);
    expect((await api('GET', '/api/user/profile-info', { authorization: `Bearer ${ok.json().token}` })).statusCode).toBe(200);
  });
});

describe('strict bodies', () => {
  it('refuses wrong types instead of coercing them, and stores nothing', async () => {
    const email = uniqueEmail('tipos');
    const res = await api('POST', '/api/user', owner.auth, { email, firstName: 123, lastName: true, role: 'EMISOR', password: 'Clave1234!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Nombres: debe ser un texto' },
        { path: 'lastName', message: 'Apellidos: debe ser un texto' },
      ]),
    );
    expect(res.json().message).toBe('Nombres: debe ser un texto (y 1 problema más)');
    expect((await api('GET', `/api/user?q=${encodeURIComponent(email)}`, owner.auth)).json()).toEqual([]);

    const active = await api('POST', '/api/user', owner.auth, { email, firstName: 'A', lastName: 'B', role: 'EMISOR', password: 'Clave1234!', active: 'true' });
    expect(active.json().details).toEqual([{ path: 'active', message: 'Activo: debe ser sí o no' }]);
    const pw = await api('PUT', '/api/user/password', owner.auth, { currentPassword: owner.password, password: 12345678 });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().details).toEqual([{ path: 'password', message: 'Contraseña: debe ser un texto' }]);
  });

  it('refuses unknown fields with a 400 naming them (additionalProperties: false is enforced)', async () => {
    const res = await api('POST', '/api/user', owner.auth, { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'EMISOR', password: 'Clave1234!', companyId: other.companyId });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'companyId', message: 'companyId: no es un campo admitido' }]);
    const missing = await api('POST', '/api/user', owner.auth, { firstName: 'A', lastName: 'B', role: 'EMISOR' });
    expect(missing.json().details).toEqual([{ path: 'email', message: 'Correo electrónico: obligatorio' }]);
  });

  it('still coerces query strings and params, which are text by nature', async () => {
    const res = await api('GET', '/api/user?page=1&per_page=1&sort=email', owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(1);
    expect((await api('GET', '/api/user?per_page=dos', owner.auth)).json().details[0]).toEqual({ path: 'per_page', message: 'Resultados por página: debe ser un número entero' });
  });
});

describe('races on the unique e-mail', () => {
  it('gives one 201 and 409s, never a 500, when the same e-mail is created concurrently', async () => {
    const email = uniqueEmail('carrera');
    const codes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api('POST', '/api/user', owner.auth, { email, firstName: `R${i}`, lastName: 'Carrera', role: 'EMISOR', password: 'Clave1234!' }).then((r) => r.statusCode)),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
  });
});
