/**
 * The TOTP second factor (DESIGN.md §15): enrolment with a QR URL and ten recovery codes stored
 * hashed; a login in two steps with a short-lived ticket; a wrong code 401; a recovery code works
 * once; ten wrong codes lock it (429) for 15 minutes; the company setting that requires it of ADMIN
 * and SUPERADMIN (enrolment inside the login); an admin's reset with its audit row; API keys as
 * before. The app's clock is the test's, so codes are computed for the moment the server checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { recoveryCodes } from '../../server/db/schema/index-tables.ts';
import { totpCode } from '../../server/domain/account-security/totp.ts';

let t: TestApp;
let now = new Date('2026-03-10T15:00:00Z');
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const code = (secret: string) => totpCode({ secret, now });

async function login(email: string, password: string, companyId?: string) {
  const res = await call('PUT', companyId ? `/auth/company/${companyId}/login` : '/auth/login', {}, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token?: string; mfaRequired?: boolean; mfaSetupRequired?: boolean; ticket?: string; result?: { mfaEnabled: boolean } };
}

/** Setup and enable for a signed-in user; the secret and recovery codes. */
async function enrol(auth: Headers) {
  const setup = await call('POST', '/api/user/mfa/setup', auth);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await call('POST', '/api/user/mfa/enable', auth, { code: code(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function addUser(owner: Headers, role: string) {
  const email = uniqueEmail(role.toLowerCase());
  const res = await call('POST', '/api/user', owner, { email, firstName: 'Otra', lastName: 'Persona', role, password: 'Clave1234!' });
  expect(res.statusCode, res.body).toBe(201);
  const session = await login(email, 'Clave1234!');
  return { _id: res.json()._id as string, email, auth: bearer(session.token!) };
}

describe('enrolment', () => {
  it('setup gives a secret and its otpauth URL; a code turns it on with ten recovery codes, stored hashed', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const setup = await call('POST', '/api/user/mfa/setup', a.auth);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(`Emite:${a.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ issuer: 'Emite', secret, algorithm: 'SHA1', digits: '6', period: '30' });

    // Not on until a code confirms it; a wrong code is a 400 on this signed-in route (a 401 would end the session).
    expect((await call('GET', '/api/user/profile-info', a.auth)).json().mfaEnabled).toBe(false);
    const wrong = await call('POST', '/api/user/mfa/enable', a.auth, { code: '000000' === code(secret) ? '111111' : '000000' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'code', message: 'código incorrecto' }]);

    const enabled = await call('POST', '/api/user/mfa/enable', a.auth, { code: code(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call('GET', '/api/user/profile-info', a.auth)).json().mfaEnabled).toBe(true);
    expect((await call('GET', `/api/user/${a.userId}`, a.auth)).json().mfaEnabled).toBe(true);

    const stored = await t.database.db.select().from(recoveryCodes).where(and(eq(recoveryCodes.companyId, a.companyId), eq(recoveryCodes.userId, a.userId)));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((c) => row.codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    // A second setup while on is refused; the events list it.
    expect((await call('POST', '/api/user/mfa/setup', a.auth)).statusCode).toBe(409);
    const events = (await call('GET', `/api/user/${a.userId}/security-events`, a.auth)).json();
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['mfa_enabled']);
  });

  it('an API key can neither enrol nor reset', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const key = await call('POST', '/api/admin/api-key', a.auth, { name: 'ERP', role: 'SUPERADMIN' });
    expect(key.statusCode, key.body).toBe(201);
    expect((await call('POST', '/api/user/mfa/setup', bearer(key.json().key))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/user/${a.userId}/mfa`, bearer(key.json().key))).statusCode).toBe(403);
  });
});

describe('login in two steps', () => {
  it('the password gives a ticket, not a session; the code gives the session; a wrong or replayed code is 401', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const { secret } = await enrol(a.auth);
    later(30);

    const first = await login(a.email, a.password);
    expect(first).toEqual({ mfaRequired: true, ticket: expect.any(String) });
    // The ticket is no session.
    expect((await call('GET', '/api/user/profile-info', bearer(first.ticket!))).statusCode).toBe(401);
    // Nor is a session a ticket.
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: a.token, code: code(secret) })).statusCode).toBe(401);

    const wrongCode = code(secret) === '123456' ? '654321' : '123456';
    const wrong = await call('PUT', '/auth/login/mfa', {}, { ticket: first.ticket, code: wrongCode });
    expect(wrong.statusCode, wrong.body).toBe(401);
    expect(wrong.json().message).toMatch(/código/i);

    const used = code(secret);
    const second = await call('PUT', '/auth/login/mfa', {}, { ticket: first.ticket, code: used });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result).toMatchObject({ email: a.email, mfaEnabled: true });
    expect((await call('GET', '/api/user/profile-info', bearer(second.json().token))).statusCode).toBe(200);

    // The same code again (another login within its 30 s) is refused: no replays.
    const again = await login(a.email, a.password);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: again.ticket, code: used })).statusCode).toBe(401);
    later(30);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: again.ticket, code: code(secret) })).statusCode).toBe(200);

    // The company-scoped login takes the same two steps; a ticket expires after 5 minutes.
    const scoped = await login(a.email, a.password, a.companyId);
    expect(scoped.mfaRequired).toBe(true);
    later(301);
    const expired = await call('PUT', '/auth/login/mfa', {}, { ticket: scoped.ticket, code: code(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/venció|inicie sesión/);
  });

  it('a recovery code works once', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const { recoveryCodes: codes } = await enrol(a.auth);
    const first = await login(a.email, a.password);
    const ok = await call('PUT', '/auth/login/mfa', {}, { ticket: first.ticket, code: codes[3].toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await login(a.email, a.password);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: again.ticket, code: codes[3] })).statusCode).toBe(401);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: again.ticket, code: codes[4] })).statusCode).toBe(200);
    const events = (await call('GET', `/api/user/${a.userId}/security-events`, a.auth)).json();
    expect(events.filter((e: { kind: string }) => e.kind === 'recovery_code_used')).toHaveLength(2);
  });

  it('ten wrong codes lock the second factor (429) for 15 minutes, even for the right code', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const { secret } = await enrol(a.auth);
    later(30);
    const { ticket } = await login(a.email, a.password);
    const wrongCode = () => (code(secret) === '999999' ? '888888' : '999999');
    for (let i = 1; i <= 9; i += 1) expect((await call('PUT', '/auth/login/mfa', {}, { ticket, code: wrongCode() })).statusCode, `wrong code ${i}`).toBe(401);
    const tenth = await call('PUT', '/auth/login/mfa', {}, { ticket, code: wrongCode() });
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toMatch(/15 min/);
    // Locked: a new ticket and the right code are refused too.
    const fresh = await login(a.email, a.password);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: fresh.ticket, code: code(secret) })).statusCode).toBe(429);
    later(15 * 60);
    const after = await login(a.email, a.password);
    expect((await call('PUT', '/auth/login/mfa', {}, { ticket: after.ticket, code: code(secret) })).statusCode).toBe(200);
    const kinds = (await call('GET', `/api/user/${a.userId}/security-events`, a.auth)).json().map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('mfa_locked');
  });

  it('turning it off takes a code; then the password alone signs in again', async () => {
    const a = await signUp(t, { ruc: await newRuc() });
    const { secret } = await enrol(a.auth);
    later(30);
    expect((await call('DELETE', '/api/user/mfa', a.auth, { code: '12345x' })).statusCode).toBe(400);
    const off = await call('DELETE', '/api/user/mfa', a.auth, { code: code(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(a.email, a.password)).token).toEqual(expect.any(String));
  });
});

describe('the company requires it of ADMIN and SUPERADMIN', () => {
  it('needs the owner’s own second factor, ends other admins’ password-only sessions, and makes them enrol at login', async () => {
    const owner = await signUp(t, { ruc: await newRuc() });
    const admin = await addUser(owner.auth, 'ADMIN');
    const emisor = await addUser(owner.auth, 'EMISOR');
    const company = (await call('GET', '/api/admin/company', owner.auth)).json();
    const turnOn = () => call('PUT', '/api/admin/company', owner.auth, { ...company, certificate: undefined, hasLogo: undefined, status: undefined, _id: undefined, ruc: undefined, mfaRequired: true });

    const refused = await turnOn();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().details[0].path).toBe('mfaRequired');

    const { secret: ownerSecret } = await enrol(owner.auth);
    const on = await turnOn();
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().mfaRequired).toBe(true);
    // The owner keeps working; the ADMIN without a second factor is signed out; the EMISOR is not affected.
    expect((await call('GET', '/api/user/profile-info', owner.auth)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/profile-info', admin.auth)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/profile-info', emisor.auth)).statusCode).toBe(200);
    expect((await login(emisor.email, 'Clave1234!')).token).toEqual(expect.any(String));

    // The ADMIN enrols inside the login.
    const first = await login(admin.email, 'Clave1234!');
    expect(first).toEqual({ mfaRequired: true, mfaSetupRequired: true, ticket: expect.any(String) });
    const setup = await call('POST', '/auth/login/mfa/setup', {}, { ticket: first.ticket });
    expect(setup.statusCode, setup.body).toBe(200);
    const wrong = await call('PUT', '/auth/login/mfa', {}, { ticket: first.ticket, code: code(setup.json().secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const done = await call('PUT', '/auth/login/mfa', {}, { ticket: first.ticket, code: code(setup.json().secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), result: { role: 'ADMIN', mfaEnabled: true }, recoveryCodes: expect.any(Array) });
    expect(done.json().recoveryCodes).toHaveLength(10);
    later(30);
    expect((await login(admin.email, 'Clave1234!'))).toEqual({ mfaRequired: true, ticket: expect.any(String) });

    // While required, an admin cannot simply turn theirs off.
    const off = await call('DELETE', '/api/user/mfa', owner.auth, { code: code(ownerSecret) });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/exige/);

    // API keys work as before.
    const key = await call('POST', '/api/admin/api-key', owner.auth, { name: 'ERP', role: 'ADMIN' });
    expect(key.statusCode, key.body).toBe(201);
    expect((await call('GET', '/api/invoice', bearer(key.json().key))).statusCode).toBe(200);
  });
});

describe('an admin resets another user’s second factor', () => {
  it('turns it off, ends their sessions and leaves an audit row naming the admin; only within the rules', async () => {
    const owner = await signUp(t, { ruc: await newRuc() });
    const admin = await addUser(owner.auth, 'ADMIN');
    const emisor = await addUser(owner.auth, 'EMISOR');
    await enrol(owner.auth);
    await enrol(admin.auth);

    expect((await call('DELETE', `/api/user/${owner.userId}/mfa`, admin.auth)).statusCode).toBe(403); // ADMIN cannot touch a SUPERADMIN
    expect((await call('DELETE', `/api/user/${admin._id}/mfa`, emisor.auth)).statusCode).toBe(403); // no user permission
    expect((await call('DELETE', `/api/user/${owner.userId}/mfa`, owner.auth)).statusCode).toBe(409); // one's own: Mi Perfil
    expect((await call('DELETE', `/api/user/${emisor._id}/mfa`, owner.auth)).statusCode).toBe(409); // nothing to reset

    later(60);
    const reset = await call('DELETE', `/api/user/${admin._id}/mfa`, owner.auth);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ _id: admin._id, mfaEnabled: false });
    expect((await call('GET', '/api/user/profile-info', admin.auth)).statusCode).toBe(401);
    expect((await login(admin.email, 'Clave1234!')).token).toEqual(expect.any(String));
    const events = (await call('GET', `/api/user/${admin._id}/security-events`, owner.auth)).json();
    expect(events[0]).toMatchObject({ kind: 'mfa_reset', label: 'Segundo factor restablecido por un administrador', actor: { _id: owner.userId, email: owner.email } });
    // Another company's admin sees none of it.
    const stranger = await signUp(t, { ruc: await newRuc() });
    expect((await call('GET', `/api/user/${admin._id}/security-events`, stranger.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/${admin._id}/mfa`, stranger.auth)).statusCode).toBe(404);
  });
});
