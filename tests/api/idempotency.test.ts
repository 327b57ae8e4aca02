/**
 * `Idempotency-Key` on POST (DESIGN.md §9): the first response is stored 24 h per company and key
 * and replayed; a concurrent retry waits for it; another request under the same key is 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { idempotencyKeys } from '../../server/db/schema/index-tables.ts';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData, issuingCompany } from '../helpers/fixtures.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let now = new Date();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const invoiceBody = (total = 25) => ({
  establishment: data.establishment._id,
  ptoEmi: '001',
  customer: data.customer._id,
  detalles: [{ product: data.book._id, cantidad: total / 12.5, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
  pagos: [{ formaPago: '01', total }],
});
const keyed = (key: string, method: 'POST', url: string, payload?: object, auth = a.auth) =>
  t.app.inject({ method, url, headers: { ...auth, 'idempotency-key': key }, ...(payload ? { payload } : {}) });
const invoiceCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/invoice?perPage=1', headers: a.auth })).headers['x-total-count']);

describe('Idempotency-Key', () => {
  it('issued twice concurrently: one secuencial, the same response twice', async () => {
    const draft = await post(t, a.auth, '/api/invoice', invoiceBody());
    const [first, second] = await Promise.all([
      keyed('pos-7-venta-1001', 'POST', `/api/invoice/${draft._id}/issue`),
      keyed('pos-7-venta-1001', 'POST', `/api/invoice/${draft._id}/issue`),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject({ status: 'AUTORIZADA', secuencial: expect.stringMatching(/^\d{9}$/) });
    // Exactly one of them ran; the other is the stored answer.
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const events = (await t.app.inject({ method: 'GET', url: `/api/invoice/${draft._id}/events`, headers: a.auth })).json() as Array<{ to: string }>;
    expect(events.filter((e) => e.to === 'FIRMADA')).toHaveLength(1);

    // A later retry replays it too, even though issuing again would now be refused (409).
    const later = await keyed('pos-7-venta-1001', 'POST', `/api/invoice/${draft._id}/issue`);
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe(first.body);
    expect((await t.app.inject({ method: 'POST', url: `/api/invoice/${draft._id}/issue`, headers: a.auth })).statusCode).toBe(409);
  });

  it('a create retried concurrently creates one invoice; without the header each POST creates', async () => {
    const before = await invoiceCount();
    const [x, y] = await Promise.all([keyed('crear-1', 'POST', '/api/invoice', invoiceBody()), keyed('crear-1', 'POST', '/api/invoice', invoiceBody())]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(y.json()._id).toBe(x.json()._id);
    expect(await invoiceCount()).toBe(before + 1);
    await post(t, a.auth, '/api/invoice', invoiceBody());
    await post(t, a.auth, '/api/invoice', invoiceBody());
    expect(await invoiceCount()).toBe(before + 3);
  });

  it('the same key with another body, or another path, is 422 with a Spanish message', async () => {
    expect((await keyed('pedido-42', 'POST', '/api/invoice', invoiceBody(25))).statusCode).toBe(201);
    const other = await keyed('pedido-42', 'POST', '/api/invoice', invoiceBody(50));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ statusCode: 422, message: expect.stringMatching(/Idempotency-Key ya se usó con otra solicitud/) });
    const otherPath = await keyed('pedido-42', 'POST', '/api/customer', { tipoIdentificacion: '06', identificacion: 'X1', razonSocial: 'X' });
    expect(otherPath.statusCode).toBe(422);
  });

  it('stores only successes: after a refused request (4xx) a retry under the same key runs again', async () => {
    const bad = { ...invoiceBody(), pagos: [{ formaPago: '01', total: 999 }] };
    const draft = await keyed('borrador-malo', 'POST', '/api/invoice', bad);
    expect(draft.statusCode, draft.body).toBe(201);
    const issue1 = await keyed('emitir-malo', 'POST', `/api/invoice/${draft.json()._id}/issue`);
    expect(issue1.statusCode).toBe(400);
    const fixed = await t.app.inject({ method: 'PUT', url: `/api/invoice/${draft.json()._id}`, headers: a.auth, payload: invoiceBody() });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const issue2 = await keyed('emitir-malo', 'POST', `/api/invoice/${draft.json()._id}/issue`);
    expect(issue2.statusCode, issue2.body).toBe(200);
    expect(issue2.headers['idempotent-replayed']).toBeUndefined();

    // A corrected body may reuse the key of a refused one.
    const invalid = await keyed('cliente-1', 'POST', '/api/customer', { razonSocial: 'Sin identificación' });
    expect(invalid.statusCode).toBe(400);
    const corrected = await keyed('cliente-1', 'POST', '/api/customer', { tipoIdentificacion: '06', identificacion: 'PA-1', razonSocial: 'Con identificación' });
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('is scoped to the company: the same key in another company runs there', async () => {
    const other = await signUp(t, { ruc: await newRuc() });
    const body = { tipoIdentificacion: '06', identificacion: 'PA-77', razonSocial: 'Cliente compartido' };
    const mine = await keyed('compartida', 'POST', '/api/customer', body);
    const theirs = await keyed('compartida', 'POST', '/api/customer', body, other.auth);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json()._id).not.toBe(mine.json()._id);
  });

  it('refuses a malformed key (400)', async () => {
    const res = await keyed('x'.repeat(256), 'POST', '/api/invoice', invoiceBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
  });

  it('replays for 24 h only (app clock); then the key runs again and expired keys are deleted', async () => {
    // An API key: unlike a session token, it does not expire within the day.
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/api-key', headers: a.auth, payload: { name: 'POS', role: 'EMISOR' } });
    const pos = { authorization: `Bearer ${created.json().key}` };
    const start = now;
    try {
      const first = await keyed('diaria', 'POST', '/api/invoice', invoiceBody(), pos);
      await keyed('otra-del-dia', 'POST', '/api/invoice', invoiceBody(), pos);
      now = new Date(start.getTime() + 24 * 3600_000 - 1000);
      const replay = await keyed('diaria', 'POST', '/api/invoice', invoiceBody(), pos);
      expect(replay.statusCode, replay.body).toBe(201);
      expect(replay.json()._id).toBe(first.json()._id);

      now = new Date(start.getTime() + 24 * 3600_000 + 1000);
      const fresh = await keyed('diaria', 'POST', '/api/invoice', invoiceBody(50), pos);
      expect(fresh.statusCode).toBe(201);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
      expect(fresh.json()._id).not.toBe(first.json()._id);
      // Cleanup runs at most every 10 minutes per company, on its next keyed POST.
      now = new Date(start.getTime() + 24 * 3600_000 + 11 * 60_000);
      await keyed('limpieza', 'POST', '/api/invoice', invoiceBody(), pos);
      const keys = await t.database.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.companyId, a.companyId), inArray(idempotencyKeys.key, ['diaria', 'otra-del-dia'])));
      expect(keys).toEqual([{ key: 'diaria' }]);
    } finally {
      now = new Date();
    }
  });
});
