import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, lastLinkToken, newRuc, signUp, TEST_JWT_SECRET, uniqueEmail, type TestApp } from '../helpers/test-app.ts';

let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now) });
});
afterAll(async () => t?.close());

const register = (company: Record<string, unknown>, user: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/auth/register', payload: { company, user } });
const companyOf = (ruc: string, email: string) => ({ ruc, razonSocial: `Empresa ${ruc}`, email, dirMatriz: 'Quito' });
const userOf = (email: string, password = 'Clave1234!') => ({ firstName: 'Luis', lastName: 'Andrade', email, password });

describe('register and activate', () => {
  it('registers an inactive company, mails a link, activates once, then signs in', async () => {
    const email = uniqueEmail();
    const res = await register(companyOf('1790016919001', email), userOf(email));
    expect(res.statusCode).toBe(201);
    expect(res.json().company.ruc).toBe('1790016919001');

    const early = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/no está activada/);

    const mails = await t.mails();
    const mail = mails.find((m) => m.to.includes(email))!;
    expect(mail.subject).toMatch(/Active su cuenta/);
    expect(mail.text).toContain('http://emite.test/#/auth/activate/');

    const token = await lastLinkToken(t, 'activate');
    const ok = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: {} });
    expect(ok.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: {} });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/no es válido o ya fue usado/);

    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: email.toUpperCase(), password: 'Clave1234!' } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.token).toBeTypeOf('string');
    expect(body.result).toMatchObject({ email, firstName: 'Luis', lastName: 'Andrade', role: 'SUPERADMIN', company: { ruc: '1790016919001' } });
    expect(body.result.permissions.invoice).toContain('issue');
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });

  it('refuses a second company with the same RUC', async () => {
    const email = uniqueEmail();
    const res = await register(companyOf('1790016919001', email), userOf(email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  it('checks cédula-based RUCs strictly and questions a sociedad check digit until the user confirms it', async () => {
    const bad = await register(companyOf('1714307104001', uniqueEmail()), userOf(uniqueEmail()));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('company.ruc');

    const province = await register(companyOf('9990016919001', uniqueEmail()), userOf(uniqueEmail()));
    expect(province.statusCode).toBe(400);

    const zeroEstab = await register(companyOf('1792060346000', uniqueEmail()), userOf(uniqueEmail()));
    expect(zeroEstab.statusCode).toBe(400);

    // A sociedad RUC whose módulo 11 fails is questioned (422, a specific code, Spanish) and nothing is created…
    const email = uniqueEmail();
    const questioned = await register(companyOf('1790016918001', email), userOf(email));
    expect(questioned.statusCode).toBe(422);
    expect(questioned.json()).toMatchObject({ code: 'RUC_CHECK_DIGIT', details: [{ path: 'company.ruc' }] });
    expect(questioned.json().message).toMatch(/dígito verificador del RUC de sociedad.*confírmelo; si no, corríjalo/);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } })).statusCode).toBe(401);
    // …until the body confirms it: then it registers, keeping the warning.
    const confirmed = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { company: companyOf('1790016918001', email), user: userOf(email), rucConfirmado: true } });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().warnings).toEqual([expect.stringMatching(/dígito verificador/)]);
    // A persona natural's RUC is its cédula: a failing módulo 10 stays an error, confirmed or not.
    const natural = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { company: companyOf('1714307104001', uniqueEmail()), user: userOf(uniqueEmail()), rucConfirmado: true } });
    expect(natural.statusCode).toBe(400);
  });

  it('an unactivated company corrects its questioned RUC from the activation link; an active one cannot', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { company: companyOf('1790016917001', email), user: userOf(email), rucConfirmado: true } });
    expect(res.statusCode, res.body).toBe(201);
    const token = await lastLinkToken(t, 'activate');
    const pending = await t.app.inject({ method: 'GET', url: `/auth/activate-account/${token}` });
    expect(pending.json()).toEqual({ razonSocial: 'Empresa 1790016917001', ruc: '1790016917001', rucWarning: expect.stringMatching(/dígito verificador/) });
    // The correction meets the registration's rules; a refused one leaves the link unused.
    const taken = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: { ruc: '1790016919001' } });
    expect(taken.statusCode).toBe(409);
    const unconfirmed = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: { ruc: '1790016916001' } });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toMatchObject({ code: 'RUC_CHECK_DIGIT', details: [{ path: 'ruc' }] });
    const right = await newRuc();
    const ok = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: { ruc: right } });
    expect(ok.statusCode, ok.body).toBe(200);
    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
    expect(login.json().result.company.ruc).toBe(right);
    // The wrong RUC is free again; the used link corrects nothing more.
    expect((await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: { ruc: '1790016917001', rucConfirmado: true } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/auth/activate-account/${token}` })).statusCode).toBe(400);
    const again = uniqueEmail();
    expect((await t.app.inject({ method: 'POST', url: '/auth/register', payload: { company: companyOf('1790016917001', again), user: userOf(again), rucConfirmado: true } })).statusCode).toBe(201);
  });

  it('expires activation links after 48 hours', async () => {
    const email = uniqueEmail();
    expect((await register(companyOf(await newRuc(), email), userOf(email))).statusCode).toBe(201);
    const token = await lastLinkToken(t, 'activate');
    now += 49 * 3600 * 1000;
    try {
      const res = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/expiró/);
    } finally {
      now = Date.now();
    }
    const resend = await t.app.inject({ method: 'POST', url: '/auth/resend-activation', payload: { email } });
    expect(resend.statusCode).toBe(200);
    const fresh = await lastLinkToken(t, 'activate');
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${fresh}`, payload: {} })).statusCode).toBe(200);
  });

  it('answers bad input with Spanish details and never a stack trace', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { company: { ruc: '1790016919001' } } });
    expect(missing.statusCode).toBe(400);
    const body = missing.json();
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['user', 'company.razonSocial']));
    expect(body.details).toContainEqual({ path: 'company.razonSocial', message: 'Empresa, razón social: obligatorio' });
    expect(body.message).toBe(`${body.details[0].message} (y ${body.details.length - 1} problemas más)`);
    expect(body.message).not.toMatch(/propiedad requerida|company\.|user\./);

    const types = await register({ ...companyOf('1790016919001', 'x@y.ec'), ruc: 1790016919001 }, { ...userOf('x@y.ec'), password: 12 });
    expect(types.statusCode).toBe(400);
    expect(types.json().details).toEqual(
      expect.arrayContaining([
        { path: 'company.ruc', message: 'Empresa, RUC: debe ser un texto' },
        { path: 'user.password', message: 'Su usuario (administrador), contraseña: debe ser un texto' },
      ]),
    );

    const extra = await register({ ...companyOf('1790016919001', 'x@y.ec'), isStaff: true }, userOf('x@y.ec'));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details).toContainEqual({ path: 'company.isStaff', message: 'Empresa, isStaff: no es un campo admitido' });

    const malformed = await t.app.inject({ method: 'PUT', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('El cuerpo de la solicitud no es JSON válido');

    const huge = await t.app.inject({ method: 'PUT', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(3_000_000) }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).not.toMatch(/at .*\.ts/);

    const shortPw = await register(companyOf('0190072002001', 'a@b.ec'), { ...userOf('a@b.ec'), password: 'corta' });
    expect(shortPw.statusCode).toBe(400);
    expect(shortPw.json().details[0].path).toBe('user.password');
  });
});

describe('login and tokens', () => {
  it('asks which company when the e-mail and password match accounts in two companies', async () => {
    const email = uniqueEmail('multi');
    const a = await signUp(t, { ruc: await newRuc(), email });
    await signUp(t, { ruc: await newRuc(), email });
    const res = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: a.password } });
    expect(res.statusCode).toBe(409);
    const companies = res.json().companies as Array<{ _id: string; razonSocial: string }>;
    expect(companies).toHaveLength(2);
    const scoped = await t.app.inject({ method: 'PUT', url: `/auth/company/${companies[1]._id}/login`, payload: { email, password: a.password } });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().result.company._id).toBe(companies[1]._id);
  });

  it('rejects wrong passwords, forged, expired and alg:none tokens', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const wrong = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: u.email, password: 'otra-clave' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Correo o contraseña incorrectos');

    const ok = await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: u.auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(u.email);

    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info' })).statusCode).toBe(401);
    const forged = await new SignJWT({ cid: u.companyId, tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.userId).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);

    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: u.userId, cid: u.companyId, tv: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);

    const expired = await new SignJWT({ cid: u.companyId, tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.userId).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const exp = await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: { authorization: `Bearer ${expired}` } });
    expect(exp.statusCode).toBe(401);
    expect(exp.json().message).toMatch(/expiró/);
  });
});

describe('password recovery', () => {
  it('answers the same for unknown addresses and mails nothing', async () => {
    const before = (await t.mails()).length;
    const res = await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: 'nadie@example.com' } });
    expect(res.statusCode).toBe(200);
    expect((await t.mails()).length).toBe(before);
  });

  it('resets once with a mailed link, revokes old sessions, and refuses a replay or an expired link', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const known = await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: u.email } });
    expect(known.statusCode).toBe(200);
    const token = await lastLinkToken(t, 'reset-password');
    const reset = await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token, password: 'NuevaClave99' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token, password: 'OtraClave99' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: u.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: u.email, password: 'NuevaClave99' } })).statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: `/auth/company/${u.companyId}/forgot-password`, payload: { email: u.email } });
    const late = await lastLinkToken(t, 'reset-password');
    now += 2 * 3600 * 1000;
    try {
      const res = await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token: late, password: 'NuevaClave00' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/expiró/);
    } finally {
      now = Date.now();
    }
  });
});

describe('rate limit', () => {
  it('limits auth calls per minute with a Spanish 429', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push((await limited.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: 'x@y.ec', password: 'whatever1' } })).statusCode);
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[4]).toBe(429);
      const last = await limited.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: 'x@y.ec', password: 'whatever1' } });
      expect(last.json().message).toMatch(/Demasiadas solicitudes/);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limit behind proxies', () => {
  const login = (app: TestApp['app'], xff: string) =>
    app.inject({ method: 'PUT', url: '/auth/login', headers: { 'x-forwarded-for': xff }, payload: { email: 'x@y.ec', password: 'whatever1' } });

  it('keys on the socket address by default: a forged X-Forwarded-For does not escape the limit', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await login(limited.app, `203.0.113.${i + 1}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('uses X-Forwarded-For only when the sending proxy is trusted (TRUST_PROXY)', async () => {
    const behindProxy = await createTestApp({ authRateLimit: 2, extend: (deps) => void (deps.config.trustProxy = ['127.0.0.1']) });
    try {
      const a = [await login(behindProxy.app, '203.0.113.7'), await login(behindProxy.app, '203.0.113.7'), await login(behindProxy.app, '203.0.113.7')];
      expect(a.map((r) => r.statusCode)).toEqual([401, 401, 429]);
      expect((await login(behindProxy.app, '203.0.113.8')).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('no account enumeration by timing', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('answers forgot-password before a slow mailer finishes, and the mail still goes out', async () => {
    let delayMs = 0;
    const slow = await createTestApp({
      extend: (deps) => {
        const real = deps.mailer;
        deps.mailer = { mode: real.mode, outboxDir: real.outboxDir, send: async (m) => (await sleep(delayMs), real.send(m)) };
      },
    });
    try {
      const u = await signUp(slow, { ruc: await newRuc() });
      const before = (await slow.mails()).length;
      delayMs = 2000;
      for (const [url, email] of [
        ['/auth/forgot-password', u.email],
        ['/auth/forgot-password', 'nadie-aqui@example.com'],
        [`/auth/company/${u.companyId}/forgot-password`, u.email],
        ['/auth/resend-activation', u.email],
      ]) {
        const started = performance.now();
        const res = await slow.app.inject({ method: 'POST', url, payload: { email } });
        expect(res.statusCode).toBe(200);
        expect(performance.now() - started, url).toBeLessThan(1000);
      }
      const mails = await slow.mails(); // waits for the background sends
      expect(mails.slice(before).map((m) => m.to)).toEqual([u.email, u.email]);
      expect(mails.at(-1)!.text).toContain('#/auth/reset-password/');
    } finally {
      await slow.close();
    }
  });

  it('logs a reset mail that could not be sent', async () => {
    const lines: string[] = [];
    const failing = await createTestApp({
      extend: (deps) => {
        deps.logger = { level: 'error', stream: { write: (line: string) => void lines.push(line) } };
        const real = deps.mailer;
        deps.mailer = { mode: real.mode, outboxDir: real.outboxDir, send: async (m) => (m.subject.match(/contraseña/i) ? Promise.reject(new Error('SMTP caído')) : real.send(m)) };
      },
    });
    try {
      const u = await signUp(failing, { ruc: await newRuc() });
      const res = await failing.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: u.email } });
      expect(res.statusCode).toBe(200);
      await failing.app.background.idle();
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; to?: string; err?: { message: string } });
      expect(logged).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/mail not sent/), to: u.email, err: expect.objectContaining({ message: 'SMTP caído' }) }));
    } finally {
      await failing.close();
    }
  });

  it('spends a password hash on an unknown e-mail as on a known one', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const timeLogin = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'no-es-la-clave' } });
      expect(res.statusCode).toBe(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    await timeLogin('nadie@example.com'); // the dummy hash is made on first use
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await timeLogin(u.email));
      unknown.push(await timeLogin(`nadie${i}@example.com`));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe('token check on encoded paths', () => {
  // The router decodes percent-escapes before matching, so the token check must follow the matched
  // route, not the raw URL: none of these may reach an /api handler without a token.
  const disguised = [
    '/%61pi/admin/table',
    '/%61pi/admin/role/',
    '/%61pi/admin/schema/product',
    '/%61pi/admin/table/forma_pago/catalog',
    '/%61pi/admin/country/EC/state',
    '/%61%70%69/admin/menu/',
    '/a%70i/user/profile-info',
    '/api/%61dmin/table',
    '/%41pi/admin/table',
    '/%2561pi/admin/table',
    '/api%2Fadmin/table',
    '/api%2fadmin%2ftable',
    '%2Fapi/admin/table',
    '/API/admin/table',
    '/Api/admin/role/',
    '//api/admin/table',
    '/api//admin/table',
    '/./api/admin/table',
    '/api/admin/../admin/table',
    '/api/health/../admin/table',
    '/api/health%2F..%2Fadmin/table',
    '/api/admin/table;x=1',
    '/api/admin/table?x=/api/health',
  ];

  it.each(disguised)('GET %s without a token never answers 2xx', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect([401, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/tarifa_iva|SUPERADMIN|Pichincha|codigoPrincipal/);
  });

  it('still asks for a token on the plain paths and lets the health check through', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/table' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health?x=1' })).statusCode).toBe(200);
  });

  it('serves the decoded path normally with a token (the check is on the route, not the spelling)', async () => {
    const u = await signUp(t, { ruc: await newRuc() });
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/admin/role/', headers: u.auth });
    expect(res.statusCode).toBe(200);
  });
});

describe('races on registration', () => {
  it('gives one 201 and 409s, never a 500, when one RUC is registered concurrently', async () => {
    const ruc = await newRuc();
    const codes = await Promise.all(
      Array.from({ length: 6 }, () => {
        const email = uniqueEmail('dup');
        return register(companyOf(ruc, email), userOf(email)).then((r) => r.statusCode);
      }),
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
  });
});

describe('tokens used for the wrong purpose or by a user who lost access', () => {
  it('refuses a reset token as an activation token and an activation token as a reset token', async () => {
    const email = uniqueEmail('tipo');
    expect((await register(companyOf(await newRuc(), email), userOf(email))).statusCode).toBe(201);
    const activation = await lastLinkToken(t, 'activate');
    expect((await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
    const reset = await lastLinkToken(t, 'reset-password');

    const asActivation = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${reset}`, payload: {} });
    expect(asActivation.statusCode).toBe(400);
    expect(asActivation.json().message).toMatch(/activación no es válido/);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } })).statusCode).toBe(403);

    const asReset = await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token: activation, password: 'Otra1234!' } });
    expect(asReset.statusCode).toBe(400);

    // Each still works for its own purpose: the wrong use consumed nothing.
    expect((await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${activation}`, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/reset-password', payload: { token: reset, password: 'Otra1234!' } })).statusCode).toBe(200);
  });

  it('refuses the token of a user who was deactivated or deleted', async () => {
    const owner = await signUp(t, { ruc: await newRuc() });
    const session = async (name: string) => {
      const email = uniqueEmail(name);
      const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: owner.auth, payload: { email, firstName: name, lastName: 'X', role: 'EMISOR', password: 'Clave1234!' } });
      const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
      const auth = { authorization: `Bearer ${login.json().token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: auth })).statusCode).toBe(200);
      return { id: res.json()._id as string, email, auth };
    };
    const off = await session('apagado');
    const put = await t.app.inject({ method: 'PUT', url: `/api/user/${off.id}`, headers: owner.auth, payload: { email: off.email, firstName: 'apagado', lastName: 'X', role: 'EMISOR', active: false } });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: off.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: off.email, password: 'Clave1234!' } })).statusCode).toBe(403);

    const gone = await session('borrado');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${gone.id}`, headers: owner.auth })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/menu/', headers: gone.auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/no es válida o expiró/);
  });
});
