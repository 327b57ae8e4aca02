/**
 * Issue 17: users scoped to emission points. A cashier limited to 001-002 sees, drafts and issues
 * only there; another point's invoice is 404 for them, as another company's is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let cashier: { id: string; auth: Record<string, string> };
/** Owner's invoices: one draft and one issued on 001-001, one draft on 001-002. */
let onOtherPoint: { draft: string; issued: string };
let onOwnPoint: string;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const draft = (ptoEmi: string) => ({
  establishment: data.establishment._id,
  ptoEmi,
  customer: data.customer._id,
  detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
  pagos: [{ formaPago: '01', total: 12.5 }],
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, owner.auth);
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'clave-p12' });
  const up = await api('POST', '/api/admin/company/certificate', owner.auth, { p12: p12.toString('base64'), password: 'clave-p12' });
  expect(up.statusCode, up.body).toBe(200);

  const email = uniqueEmail('cajero');
  const created = await api('POST', '/api/user', owner.auth, { email, firstName: 'Carlos', lastName: 'Cajero', role: 'EMISOR', password: 'Clave1234!', emissionPoints: [{ estab: '001', ptoEmi: '002' }] });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().emissionPoints).toEqual([{ estab: '001', ptoEmi: '002' }]);
  const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
  cashier = { id: login.json().result._id, auth: { authorization: `Bearer ${login.json().token}` } };

  const issued = await post(t, owner.auth, '/api/invoice', draft('001'));
  const issue = await api('POST', `/api/invoice/${issued._id}/issue`, owner.auth);
  expect(issue.statusCode, issue.body).toBe(200);
  onOtherPoint = { draft: (await post(t, owner.auth, '/api/invoice', draft('001')))._id, issued: issued._id };
  onOwnPoint = (await post(t, owner.auth, '/api/invoice', draft('002')))._id;
});
afterAll(async () => t?.close());

describe('a cashier limited to 001-002', () => {
  it('lists only the invoices of their point, with the total to match; the owner sees all', async () => {
    const mine = await api('GET', '/api/invoice', cashier.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((i: { _id: string }) => i._id)).toEqual([onOwnPoint]);
    expect(mine.headers['x-total-count']).toBe('1');
    expect((await api('GET', '/api/invoice?q=001-001-1', cashier.auth)).json()).toEqual([]);
    expect((await api('GET', '/api/invoice', owner.auth)).headers['x-total-count']).toBe('3');
  });

  it('gets 404 for every route of another point\'s invoice, as for another company\'s', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', `/api/invoice/${onOtherPoint.issued}`],
      ['GET', `/api/invoice/${onOtherPoint.issued}/xml`],
      ['GET', `/api/invoice/${onOtherPoint.issued}/pdf`],
      ['GET', `/api/invoice/${onOtherPoint.issued}/events`],
      ['POST', `/api/invoice/${onOtherPoint.issued}/email`, {}],
      ['POST', `/api/invoice/${onOtherPoint.issued}/authorize`],
      ['POST', `/api/invoice/${onOtherPoint.draft}/issue`],
      ['PUT', `/api/invoice/${onOtherPoint.draft}`, draft('002')],
      ['DELETE', `/api/invoice/${onOtherPoint.draft}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await api(method, url, cashier.auth, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('La factura no existe');
    }
    // Untouched: the draft is still a draft, still there.
    expect((await api('GET', `/api/invoice/${onOtherPoint.draft}`, owner.auth)).json().status).toBe('BORRADOR');
  });

  it('refuses a draft on another point (403 naming ptoEmi) and drafts and issues on their own', async () => {
    const refused = await api('POST', '/api/invoice', cashier.auth, draft('001'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Su usuario solo puede emitir desde 001-002; no desde 001-001');
    expect(refused.json().details).toEqual([{ path: 'ptoEmi', message: 'fuera de sus puntos de emisión (001-002)' }]);
    const moved = await api('PUT', `/api/invoice/${onOwnPoint}`, cashier.auth, draft('001'));
    expect(moved.statusCode).toBe(403);

    const own = await post(t, cashier.auth, '/api/invoice', draft('002'));
    const issued = await api('POST', `/api/invoice/${own._id}/issue`, cashier.auth);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ estab: '001', ptoEmi: '002', secuencial: '000000001' });
    expect((await api('GET', `/api/invoice/${own._id}/xml`, cashier.auth)).statusCode).toBe(200);
  });

  it('sees only their point on the dashboard', async () => {
    const mine = (await api('GET', '/api/dashboard', cashier.auth)).json();
    const all = (await api('GET', '/api/dashboard', owner.auth)).json();
    const count = (byStatus: Record<string, number>) => Object.values(byStatus).reduce((a, b) => a + b, 0);
    expect(count(all.byStatus)).toBeGreaterThan(count(mine.byStatus));
    expect(mine.byStatus.BORRADOR ?? 0).toBe(1);
  });

  it('cannot widen their own scope; an admin sets it, only to points the company has', async () => {
    const me = (await api('GET', '/api/user/profile-info', cashier.auth)).json();
    const widen = await api('PUT', `/api/user/${cashier.id}`, cashier.auth, { email: me.email, firstName: 'Carlos', lastName: 'Cajero', role: 'EMISOR', emissionPoints: [] });
    expect(widen.statusCode).toBe(400);
    expect(widen.json().details).toEqual([{ path: 'emissionPoints', message: 'no puede cambiar sus propios puntos de emisión' }]);
    // Renaming oneself without sending the field keeps the scope.
    const renamed = await api('PUT', `/api/user/${cashier.id}`, cashier.auth, { email: me.email, firstName: 'Carlos A.', lastName: 'Cajero', role: 'EMISOR' });
    expect(renamed.json().emissionPoints).toEqual([{ estab: '001', ptoEmi: '002' }]);

    const unknown = await api('PUT', `/api/user/${cashier.id}`, owner.auth, { email: me.email, firstName: 'Carlos', lastName: 'Cajero', role: 'EMISOR', emissionPoints: [{ estab: '001', ptoEmi: '009' }, { estab: '007' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.map((d: { path: string }) => d.path)).toEqual(['emissionPoints.0.ptoEmi', 'emissionPoints.1.estab']);
    const malformed = await api('PUT', `/api/user/${cashier.id}`, owner.auth, { email: me.email, firstName: 'Carlos', lastName: 'Cajero', role: 'EMISOR', emissionPoints: [{ estab: '1' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('emissionPoints.0.estab');

    // The whole establishment: both points, effective on the next request (same session).
    const whole = await api('PUT', `/api/user/${cashier.id}`, owner.auth, { email: me.email, firstName: 'Carlos', lastName: 'Cajero', role: 'EMISOR', emissionPoints: [{ estab: '001' }, { estab: '001', ptoEmi: '002' }] });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().emissionPoints).toEqual([{ estab: '001' }]);
    expect((await api('GET', `/api/invoice/${onOtherPoint.issued}`, cashier.auth)).statusCode).toBe(200);
    expect(Number((await api('GET', '/api/invoice', cashier.auth)).headers['x-total-count'])).toBe(4);
  });
});
