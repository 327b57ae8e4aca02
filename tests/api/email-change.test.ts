/**
 * Issue 17: no account takeover by e-mail change. One's own new e-mail needs the current password
 * and a link sent to the new address; the old address still signs in until then, gets a notice
 * after, and every older session ends. Nobody changes another user's e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastLinkToken, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** Added to the real clock: lets a test age the links. */
let offsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) => t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const confirm = (token: string, auth: Record<string, string> = {}) => t.app.inject({ method: 'PUT', url: `/auth/confirm-email/${token}`, headers: auth, payload: {} });
/** The body Mi Perfil sends: the full user with a new e-mail. */
const profileBody = (email: string, extra: Record<string, unknown> = {}) => ({ email, firstName: 'Ana', lastName: 'Pérez', role: 'SUPERADMIN', active: true, ...extra });

describe('changing one\'s own e-mail', () => {
  it('refuses a missing or wrong current password and sends nothing', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const mailsBefore = (await t.mails()).length;
    const none = await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(uniqueEmail('sinclave')));
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'currentPassword', message: 'no es correcta' }]);
    const wrong = await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(uniqueEmail('mala'), { currentPassword: 'no-es-la-clave' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La contraseña actual no es correcta');
    expect((await t.mails()).length).toBe(mailsBefore);
    expect((await api('GET', '/api/user/profile-info', u.auth)).json().email).toBe(u.email);
  });

  it('takes effect only through the link: old e-mail works until then; after it, new e-mail signs in, old sessions are 401, the old address is told', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const otherDevice = bearer((await login(u.email, u.password)).json().token);
    const newEmail = uniqueEmail('nuevo');

    const asked = await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(newEmail.toUpperCase(), { currentPassword: u.password, firstName: 'Ana María' }));
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: u.email, pendingEmail: newEmail, firstName: 'Ana María' });
    const linkMail = (await t.mails()).at(-1)!;
    expect(linkMail.to).toBe(newEmail);
    expect(linkMail.text).toContain('http://emite.test/#/auth/confirm-email/');

    // Nothing changed yet: the old address signs in, the new one does not, sessions live on.
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await login(newEmail, u.password)).statusCode).toBe(401);
    expect((await api('GET', '/api/user/profile-info', otherDevice)).json().email).toBe(u.email);

    // The link is opened in the browser that asked: it keeps a (fresh) session there.
    const token = await lastLinkToken(t, 'confirm-email');
    const done = await confirm(token, u.auth);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: newEmail, result: { email: newEmail, _id: u.userId } });
    expect((await api('GET', '/api/user/profile-info', bearer(done.json().token))).json().email).toBe(newEmail);

    expect((await api('GET', '/api/user/profile-info', u.auth)).statusCode).toBe(401);
    expect((await api('GET', '/api/user/profile-info', otherDevice)).statusCode).toBe(401);
    expect((await login(newEmail, u.password)).statusCode).toBe(200);
    expect((await login(u.email, u.password)).statusCode).toBe(401);

    const notice = (await t.mails()).at(-1)!;
    expect(notice.to).toBe(u.email);
    expect(notice.subject).toBe('El correo de su cuenta de Emite cambió');
    expect(notice.text).toContain(newEmail);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/no es válido o ya fue usado/);
  });

  it('gives no session to a link opened without one (or with someone else\'s)', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const stranger = await signUp(t, { ruc: await newRuc() });
    const newEmail = uniqueEmail('sinsesion');
    expect((await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(newEmail, { currentPassword: u.password }))).statusCode).toBe(200);
    const done = await confirm(await lastLinkToken(t, 'confirm-email'), stranger.auth);
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeUndefined();
    expect(done.json().result).toBeUndefined();
    expect((await api('GET', '/api/user/profile-info', stranger.auth)).statusCode).toBe(200);
  });

  it('honours only the latest link, and not after 24 hours', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(uniqueEmail('primero'), { currentPassword: u.password }));
    const first = await lastLinkToken(t, 'confirm-email');
    const second = uniqueEmail('segundo');
    await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(second, { currentPassword: u.password }));
    const latest = await lastLinkToken(t, 'confirm-email');
    expect((await confirm(first)).statusCode).toBe(400);
    try {
      offsetMs = 25 * 3600 * 1000;
      const late = await confirm(latest);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expiró/);
    } finally {
      offsetMs = 0;
    }
    expect((await login(second, u.password)).statusCode).toBe(401);
  });

  it('refuses an address another user of the company has, at the request and at the link (one wins a race)', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const colleagues: Array<{ id: string; email: string; auth: Record<string, string> }> = [];
    for (const name of ['Uno', 'Dos']) {
      const email = uniqueEmail(name.toLowerCase());
      expect((await api('POST', '/api/user', u.auth, { email, firstName: name, lastName: 'Colega', role: 'EMISOR', password: 'Clave1234!' })).statusCode).toBe(201);
      const l = (await login(email, 'Clave1234!')).json();
      colleagues.push({ id: l.result._id as string, email, auth: bearer(l.token) });
    }
    const taken = await api('PUT', `/api/user/${u.userId}`, u.auth, profileBody(colleagues[0].email, { currentPassword: u.password }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ path: 'email', message: 'correo ya registrado' }]);
    // Both colleagues ask for the same free address; both links are used at once.
    const target = uniqueEmail('disputado');
    const tokens: string[] = [];
    for (const c of colleagues) {
      const res = await api('PUT', `/api/user/${c.id}`, c.auth, { email: target, firstName: 'X', lastName: 'Colega', role: 'EMISOR', currentPassword: 'Clave1234!' });
      expect(res.statusCode, res.body).toBe(200);
      tokens.push(await lastLinkToken(t, 'confirm-email'));
    }
    const codes = (await Promise.all(tokens.map((tk) => confirm(tk)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });
});

describe('another user\'s e-mail', () => {
  it('cannot be changed by an admin (403 on email); their sessions and address stay', async () => {
    const owner = await signUp(t, { ruc: await newRuc() });
    const email = uniqueEmail('empleado');
    const created = await api('POST', '/api/user', owner.auth, { email, firstName: 'Emilio', lastName: 'Empleado', role: 'EMISOR', password: 'Clave1234!' });
    const session = bearer((await login(email, 'Clave1234!')).json().token);
    const mailsBefore = (await t.mails()).length;
    for (const extra of [{}, { currentPassword: owner.password }]) {
      const res = await api('PUT', `/api/user/${created.json()._id}`, owner.auth, { email: uniqueEmail('atacante'), firstName: 'Emilio', lastName: 'Empleado', role: 'EMISOR', ...extra });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/No puede cambiar el correo de otro usuario.*desactívela e invite/);
      expect(res.json().details).toEqual([{ path: 'email', message: 'solo el propio usuario puede cambiar su correo' }]);
    }
    expect((await t.mails()).length).toBe(mailsBefore);
    expect((await api('GET', '/api/user/profile-info', session)).json().email).toBe(email);
    // Other fields still change, and deactivating ends the sessions (the documented way out).
    const off = await api('PUT', `/api/user/${created.json()._id}`, owner.auth, { email, firstName: 'Emilio', lastName: 'Empleado', role: 'EMISOR', active: false });
    expect(off.statusCode).toBe(200);
    expect((await api('GET', '/api/user/profile-info', session)).statusCode).toBe(401);
  });
});
