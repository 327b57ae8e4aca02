/**
 * Receivables (DESIGN.md §12) on PGlite and PostgreSQL: payments on an authorised factura against
 * its saldo (importeTotal − authorised notas de crédito − retenciones received − payments), the
 * exact sequence 115.00 → NC 23.00 → 50 → 42.01 refused → 42.00 PAGADA → delete → PARCIAL; ten
 * concurrent payments that cannot overdraw; VENCIDA by the clock and the list's paymentStatus
 * filter and due-date sort; another company's document; Idempotency-Key; the audit rows and the
 * payment.recorded webhook job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { jobs, paymentEvents } from '../../server/db/schema/index-tables.ts';
import { WEBHOOK_JOB_KIND } from '../../server/domain/webhooks/webhook-jobs.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { addDays } from '../../core/receivables.ts';

/** The app's clock: real time shifted by `shiftDays` (tests move "today" forward). */
let shiftDays = 0;
const clock = () => new Date(Date.now() + shiftDays * 86_400_000);

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let service: { _id: string };

beforeAll(async () => {
  t = await createTestApp({ clock, extend: (deps) => void (deps.config.webhookAllowPrivate = true) });
  a = await signUp(t, { ruc: await newRuc(), razonSocial: 'Servicios Contables Andes' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  // 100.00 + IVA 15 % = 115.00 per unit.
  service = await post(t, a.auth, '/api/product', { codigoPrincipal: 'SRV-100', descripcion: 'Asesoría tributaria mensual', precioUnitario: 100, codigoPorcentajeIva: '4' });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = a.auth) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const today = () => guayaquilDate(clock());
const pay = (invoiceId: string, valor: number, extra: Record<string, unknown> = {}) => api('POST', `/api/invoice/${invoiceId}/payments`, { fecha: today(), formaPago: '20', valor, ...extra });

/** An authorised factura of `units` × 115.00 (or 4 books = 50.00), with optional pagos terms. */
async function factura(p: { units?: number; books?: number; pagos?: Array<Record<string, unknown>> } = {}) {
  const detalles = p.books
    ? [{ product: data.book._id, cantidad: p.books, precioUnitario: 12.5, codigoPorcentajeIva: '0' }]
    : [{ product: service._id, cantidad: p.units ?? 1, precioUnitario: 100, codigoPorcentajeIva: '4' }];
  const total = p.books ? p.books * 12.5 : (p.units ?? 1) * 115;
  const issued = await createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles, pagos: p.pagos ?? [{ formaPago: '20', total }] });
  expect(issued.status).toBe('AUTORIZADA');
  return issued;
}

describe('the balance of a factura', () => {
  it('115.00 -> NC 23.00 -> 50 -> 42.01 refused -> 42.00 PAGADA -> delete -> PARCIAL', async () => {
    const f = await factura();
    expect(f).toMatchObject({ importeTotal: 115, saldo: 115, paymentStatus: 'PENDIENTE', dueDate: f.fechaEmision, amountPaid: 0 });

    // A nota de crédito of 20.00 + 15 % = 23.00, authorised: the factura now owes 92.00.
    const nota = await createAndIssue(t, a.auth, 'credit-note', {
      invoice: f._id,
      motivo: 'Descuento por pronto pago',
      detalles: [{ product: service._id, codigoPrincipal: 'SRV-100', descripcion: 'Descuento', cantidad: 1, precioUnitario: 20, codigoPorcentajeIva: '4' }],
    });
    expect(nota).toMatchObject({ status: 'AUTORIZADA', importeTotal: 23 });
    expect((await api('GET', `/api/invoice/${f._id}`)).json()).toMatchObject({ saldo: 92, paymentStatus: 'PENDIENTE', amountCredited: 23 });

    const first = await pay(f._id, 50, { referencia: 'Transferencia 0012345' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ valor: 50, formaPago: '20', referencia: 'Transferencia 0012345', document: { _id: f._id, numero: f.numero, saldo: 42, paymentStatus: 'PARCIAL' } });

    const over = await pay(f._id, 42.01);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: `El pago de $ 42.01 supera el saldo de la factura ${f.numero}: $ 42.00`, details: [{ path: 'valor' }] });

    const rest = await pay(f._id, 42);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().document).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA' });
    expect((await api('GET', `/api/invoice/${f._id}`)).json()).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA', amountPaid: 92, amountCredited: 23 });
    // Nothing more can be paid on it.
    const extra = await pay(f._id, 0.01);
    expect(extra.json().message).toBe(`La factura ${f.numero} ya está pagada: su saldo es $ 0.00`);

    const list = (await api('GET', `/api/invoice/${f._id}/payments`)).json();
    expect(list).toEqual([
      expect.objectContaining({ _id: first.json()._id, valor: 50, recordedBy: 'Ana Pérez' }),
      expect.objectContaining({ _id: rest.json()._id, valor: 42, referencia: null, recordedBy: 'Ana Pérez' }),
    ]);

    const removed = await api('DELETE', `/api/invoice/${f._id}/payments/${rest.json()._id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await api('GET', `/api/invoice/${f._id}`)).json()).toMatchObject({ saldo: 42, paymentStatus: 'PARCIAL', amountPaid: 50 });
    expect((await api('GET', `/api/invoice/${f._id}/payments`)).json()).toHaveLength(1);
    expect((await api('DELETE', `/api/invoice/${f._id}/payments/${rest.json()._id}`)).statusCode).toBe(404);

    // Recorded and deleted, each with its audit row (who, what).
    const audit = await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.companyId, a.companyId), eq(paymentEvents.comprobanteId, f._id))).orderBy(asc(paymentEvents.id));
    expect(audit.map((e) => [e.action, e.valor, e.userId])).toEqual([
      ['RECORDED', '50.00', a.userId],
      ['RECORDED', '42.00', a.userId],
      ['DELETED', '42.00', a.userId],
    ]);
  });

  it('refuses bad input with the field path: no amount, 3 decimals, a future date, a forma de pago outside tabla 24', async () => {
    const f = await factura();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ valor: 0 }, 'valor', /./],
      [{ valor: 10.005 }, 'valor', /hasta 2 decimales/],
      [{ valor: 10, fecha: addDays(today(), 1) }, 'fecha', /no puede ser futura/],
      [{ valor: 10, formaPago: '99' }, 'formaPago', /tabla 24/],
    ];
    for (const [body, path, message] of cases) {
      const res = await api('POST', `/api/invoice/${f._id}/payments`, { fecha: today(), formaPago: '01', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].path).toContain(path);
      expect(res.json().message).toMatch(message);
    }
    expect((await api('GET', `/api/invoice/${f._id}/payments`)).json()).toEqual([]);
  });

  it('a draft has no balance and takes no payment', async () => {
    const draft = await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: service._id, cantidad: 1, precioUnitario: 100, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '01', total: 115 }] });
    expect(draft).toMatchObject({ saldo: null, paymentStatus: null });
    const res = await pay(draft._id, 10);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/no está autorizada por el SRI \(estado: Borrador\)/);
  });
});

describe('concurrency', () => {
  it('10 concurrent payments of 10.00 on a saldo of 50.00: exactly 5 accepted, saldo 0', async () => {
    const f = await factura({ books: 4 });
    expect(f.saldo).toBe(50);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pay(f._id, 10, { referencia: `Depósito ${i + 1}` })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) expect(refused.json().message).toBe(`La factura ${f.numero} ya está pagada: su saldo es $ 0.00`);
    expect((await api('GET', `/api/invoice/${f._id}`)).json()).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA', amountPaid: 50 });
    expect((await api('GET', `/api/invoice/${f._id}/payments`)).json()).toHaveLength(5);
  });
});

describe('due dates, VENCIDA and the list', () => {
  it('plazo in días and meses sets the due date; past it the factura is VENCIDA; the list filters and sorts by them', async () => {
    const fecha = today();
    const in30 = await factura({ pagos: [{ formaPago: '20', total: 115, plazo: 30, unidadTiempo: 'días' }] });
    const in2m = await factura({ pagos: [{ formaPago: '20', total: 57.5, plazo: 15, unidadTiempo: 'dias' }, { formaPago: '20', total: 57.5, plazo: 2, unidadTiempo: 'meses' }] });
    const cash = await factura();
    expect(in30.dueDate).toBe(addDays(fecha, 30));
    const [y, m, d] = fecha.split('-').map(Number);
    const twoMonths = new Date(Date.UTC(y, m + 1, 1));
    twoMonths.setUTCDate(Math.min(d, new Date(Date.UTC(y, m + 2, 0)).getUTCDate()));
    expect(in2m.dueDate).toBe(twoMonths.toISOString().slice(0, 10));
    expect(cash).toMatchObject({ dueDate: fecha, paymentStatus: 'PENDIENTE' });
    expect((await pay(in30._id, 15)).statusCode).toBe(201);

    const ids = (res: { json(): unknown }) => (res.json() as Array<{ _id: string }>).map((r) => r._id);
    const mine = new Set([in30._id, in2m._id, cash._id]);
    const pick = (res: { json(): unknown }) => ids(res).filter((id) => mine.has(id));

    // Today nothing of these is overdue.
    expect(pick(await api('GET', '/api/invoice?paymentStatus=VENCIDA&per_page=100'))).toEqual([]);
    expect(pick(await api('GET', '/api/invoice?paymentStatus=PENDIENTE&per_page=100')).sort()).toEqual([in2m._id, cash._id].sort());
    expect(pick(await api('GET', '/api/invoice?paymentStatus=PARCIAL&per_page=100'))).toEqual([in30._id]);

    // 31 days later: the cash sale and the 30-day one are overdue, the 2-month one is not.
    shiftDays = 31;
    try {
      const again = await t.app.inject({ method: 'PUT', url: `/auth/company/${a.companyId}/login`, payload: { email: a.email, password: a.password } });
      const auth = { authorization: `Bearer ${again.json().token}` };
      const overdue = await api('GET', '/api/invoice?paymentStatus=VENCIDA&sort=dueDate&per_page=100', undefined, auth);
      expect(overdue.statusCode, overdue.body).toBe(200);
      expect(pick(overdue)).toEqual([cash._id, in30._id]);
      expect((overdue.json() as Array<{ _id: string; paymentStatus: string }>).every((r) => r.paymentStatus === 'VENCIDA')).toBe(true);
      expect(pick(await api('GET', '/api/invoice?paymentStatus=PENDIENTE,PARCIAL&per_page=100', undefined, auth))).toEqual([in2m._id]);
      expect((await api('GET', `/api/invoice/${in30._id}`, undefined, auth)).json()).toMatchObject({ paymentStatus: 'VENCIDA', saldo: 100 });
      // The most urgent first: overdue, then pending.
      const byStatus = pick(await api('GET', '/api/invoice?paymentStatus=VENCIDA,PENDIENTE&sort=paymentStatus&per_page=100', undefined, auth));
      expect(byStatus.at(-1)).toBe(in2m._id);
      expect((await api('GET', '/api/invoice?paymentStatus=ATRASADA', undefined, auth)).statusCode).toBe(400);
    } finally {
      shiftDays = 0;
    }
  });
});

describe('the sort by payment status', () => {
  it('pages through every state, most urgent first, each state newest first; descending turns the states round', async () => {
    // Every state in one company: a draft (not in the books), PAGADA, PARCIAL, PENDIENTE, and VENCIDA once the clock moves.
    await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: service._id, cantidad: 1, precioUnitario: 100, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '20', total: 115 }] });
    const paid = await factura();
    expect((await pay(paid._id, 115)).statusCode).toBe(201);
    const partial = await factura({ pagos: [{ formaPago: '20', total: 115, plazo: 60, unidadTiempo: 'días' }] });
    expect((await pay(partial._id, 10)).statusCode).toBe(201);
    await factura({ pagos: [{ formaPago: '20', total: 115, plazo: 60, unidadTiempo: 'días' }] });
    await factura();
    shiftDays = 5;
    try {
      const again = await t.app.inject({ method: 'PUT', url: `/auth/company/${a.companyId}/login`, payload: { email: a.email, password: a.password } });
      const auth = { authorization: `Bearer ${again.json().token}` };
      type Row = { _id: string; paymentStatus: string | null; fechaEmision: string | null };
      const list = async (query: string) => {
        const res = await api('GET', `/api/invoice?${query}`, undefined, auth);
        expect(res.statusCode, res.body).toBe(200);
        return { rows: res.json() as Row[], total: Number(res.headers['x-total-count']) };
      };
      const rank = (r: Row) => ({ VENCIDA: 1, PENDIENTE: 2, PARCIAL: 3, PAGADA: 4 })[r.paymentStatus ?? ''] ?? 5;
      const all = await list('sort=paymentStatus&per_page=100');
      expect(all.rows.length).toBe(all.total);
      expect(new Set(all.rows.map(rank))).toEqual(new Set([1, 2, 3, 4, 5]));
      const ranks = all.rows.map(rank);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      // Inside a state, the list's default order: the newest fecha de emisión first.
      for (let i = 1; i < all.rows.length; i += 1) if (ranks[i] === ranks[i - 1]) expect((all.rows[i].fechaEmision ?? '') <= (all.rows[i - 1].fechaEmision ?? '9999')).toBe(true);

      // Page by page (3 rows a page) gives the same rows in the same order, with the same total.
      const paged: Row[] = [];
      for (let page = 1; paged.length < all.total; page += 1) {
        const one = await list(`sort=paymentStatus&per_page=3&page=${page}`);
        expect(one.total).toBe(all.total);
        expect(one.rows.length).toBeGreaterThan(0);
        paged.push(...one.rows);
      }
      expect(paged.map((r) => r._id)).toEqual(all.rows.map((r) => r._id));
      expect((await list(`sort=paymentStatus&per_page=3&page=${Math.ceil(all.total / 3) + 1}`)).rows).toEqual([]);

      // Descending: the drafts first and the overdue last; a state's rows keep their own order.
      const down = await list('sort=-paymentStatus&per_page=100');
      expect(down.rows.map(rank)).toEqual([...ranks].sort((x, y) => y - x));
      for (const r of [5, 4, 3, 2, 1]) expect(down.rows.filter((row) => rank(row) === r).map((row) => row._id)).toEqual(all.rows.filter((row) => rank(row) === r).map((row) => row._id));

      // With a filter, only its states, still in urgency order.
      const open = await list('paymentStatus=PARCIAL,VENCIDA&sort=paymentStatus&per_page=100');
      expect(open.rows.length).toBe(open.total);
      expect(open.rows.map(rank)).toEqual(all.rows.filter((r) => rank(r) === 1 || rank(r) === 3).map(rank));
      expect(open.rows.some((r) => r._id === partial._id)).toBe(true);
    } finally {
      shiftDays = 0;
    }
  });
});

describe('another company, Idempotency-Key, webhook', () => {
  it("another company's factura is 404 for reading, paying and deleting its payments", async () => {
    const f = await factura();
    const paid = await pay(f._id, 15);
    const b = await signUp(t, { ruc: await newRuc() });
    expect((await api('GET', `/api/invoice/${f._id}/payments`, undefined, b.auth)).statusCode).toBe(404);
    expect((await api('POST', `/api/invoice/${f._id}/payments`, { fecha: today(), formaPago: '01', valor: 1 }, b.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/invoice/${f._id}/payments/${paid.json()._id}`, undefined, b.auth)).statusCode).toBe(404);
    // Addressed as another type, the factura is not found either.
    expect((await api('GET', `/api/debit-note/${f._id}/payments`)).statusCode).toBe(404);
    expect((await api('GET', `/api/invoice/${f._id}`)).json().saldo).toBe(100);
  });

  it('a payment POSTed twice with one Idempotency-Key is recorded once; another body under that key is 422', async () => {
    const f = await factura();
    const headers = { ...a.auth, 'idempotency-key': `cobro-${f._id}` };
    const body = { fecha: today(), formaPago: '19', valor: 60, referencia: 'Voucher 778' };
    const one = await api('POST', `/api/invoice/${f._id}/payments`, body, headers);
    const two = await api('POST', `/api/invoice/${f._id}/payments`, body, headers);
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json()._id).toBe(one.json()._id);
    expect((await api('POST', `/api/invoice/${f._id}/payments`, { ...body, valor: 10 }, headers)).statusCode).toBe(422);
    expect((await api('GET', `/api/invoice/${f._id}/payments`)).json()).toHaveLength(1);
    expect((await api('GET', `/api/invoice/${f._id}`)).json().saldo).toBe(55);
  });

  it('writes a payment.recorded delivery job for a subscribed endpoint, with the document after the payment', async () => {
    const hook = await api('POST', '/api/admin/webhook', { url: 'http://127.0.0.1:9/emite', events: ['payment.recorded'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const f = await factura();
    const paid = await pay(f._id, 15, { referencia: 'Efectivo caja 1' });
    const rows = await t.database.db.select().from(jobs).where(and(eq(jobs.companyId, a.companyId), eq(jobs.kind, WEBHOOK_JOB_KIND)));
    const events = rows.map((r) => (r.payload as { event: { type: string; data: Record<string, unknown> } }).event).filter((e) => e.type === 'payment.recorded');
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ _id: paid.json()._id, valor: 15, side: 'receivable', document: { _id: f._id, numero: f.numero, codDoc: '01', saldo: 100, paymentStatus: 'PARCIAL', importeTotal: 115 } });
    const types = (await api('GET', '/api/docs/openapi.json', undefined, {})).body;
    expect(types).toContain('payment.recorded');
  });
});
