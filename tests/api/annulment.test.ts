/**
 * Anulación of issued comprobantes (DESIGN.md §10, issue 24) on PGlite and PostgreSQL, with the
 * sandbox SRI (its consultation service and its stand-in for SRI en línea) on the test's clock:
 * factura -> AUTORIZADA -> annulment -> ANULADA with its audit rows, the comprobante.annulled webhook
 * job, the dashboard's sums and the creditable remainder; retención -> request -> the receiver
 * accepts (ANULADA), refuses (RECHAZADA) or lets the 5 business days pass (CADUCADA); the SRI's
 * rules refused in Spanish before anything is stored; withdrawal; the SRI down during a check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { bookSale, createAndIssue, issuingCompany, post, seedMasterData } from '../helpers/fixtures.ts';
import { sandboxControl } from '../../server/sri/sandbox.ts';
import { createSriPort } from '../../server/sri/sri-port.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { checkOpenAnnulments } from '../../server/domain/comprobantes/annulment/check-annulment.ts';
import { acceptanceDeadline, annulmentDeadline } from '../../core/annulment-rules.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';

const DAY = 86_400_000;
let now = new Date();
const clock = () => now;

let t: TestApp;
let seller: Awaited<ReturnType<typeof signUp>>;
let sellerData: Awaited<ReturnType<typeof seedMasterData>>;
let buyer: Awaited<ReturnType<typeof signUp>>;
let buyerData: Awaited<ReturnType<typeof seedMasterData>>;
let supplierOfBuyer: { _id: string };
let buyerAsCustomer: { _id: string };

beforeAll(async () => {
  t = await createTestApp({
    clock,
    extend: (deps) => {
      deps.config.webhookAllowPrivate = true;
      deps.sriSandboxClock = clock;
    },
  });
  ({ a: seller, data: sellerData } = await issuingCompany(t));
  ({ a: buyer, data: buyerData } = await issuingCompany(t));
  const rucOf = async (auth: Record<string, string>) => ((await t.app.inject({ method: 'GET', url: '/api/admin/company', headers: auth })).json() as { ruc: string; razonSocial: string; email: string; dirMatriz: string });
  const buyerCompany = await rucOf(buyer.auth);
  const sellerCompany = await rucOf(seller.auth);
  buyerAsCustomer = await post(t, seller.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: buyerCompany.ruc, razonSocial: 'Comprador Agente S.A.', email: 'compras@comprador.example' });
  supplierOfBuyer = await post(t, buyer.auth, '/api/supplier', { tipoIdentificacion: '04', identificacion: sellerCompany.ruc, razonSocial: 'Proveedor Vendedor S.A.', codigoRetencionRenta: '312', codigoRetencionIva: '1' });
  const put = await t.app.inject({ method: 'PUT', url: '/api/admin/company', headers: buyer.auth, payload: { razonSocial: buyerCompany.razonSocial, email: buyerCompany.email, dirMatriz: buyerCompany.dirMatriz, agenteRetencion: '1' } });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  sandboxControl.setOffline(false);
  await t?.close();
});

type Doc = Record<string, unknown> & { _id: string; status: string; claveAcceso: string; annulment: Record<string, unknown> | null };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** Sessions last 12 h: after the clock moves, sign both companies in again. */
async function moveClock(days: number) {
  now = new Date(now.getTime() + days * DAY);
  for (const u of [seller, buyer]) {
    const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${u.companyId}/login`, payload: { email: u.email, password: u.password } });
    expect(login.statusCode, login.body).toBe(200);
    u.auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  }
}

const sriPort = () => createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' });
const events = async (resource: string, id: string, auth: Record<string, string>) => (await call('GET', `/api/${resource}/${id}/events`, auth)).json() as Array<{ from: string; to: string; note: string | null; userId: string | null }>;
const receiverAnswers = (claveAcceso: string, acepta: boolean) => t.app.inject({ method: 'POST', url: `/sri-sandbox/portal/anulacion/${claveAcceso}/respuesta`, payload: { acepta } });

/** The seller sells the buyer a laptop (977.50); the buyer holds it as received and withholds 2 % renta on it: a retención AUTORIZADA. */
async function retencion(): Promise<Doc> {
  const factura = await createAndIssue(t, seller.auth, 'invoice', {
    establishment: sellerData.establishment._id,
    ptoEmi: '001',
    customer: buyerAsCustomer._id,
    detalles: [{ product: sellerData.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' }],
    pagos: [{ formaPago: '20', total: 977.5 }],
  });
  const received = await post(t, buyer.auth, '/api/received-document', { claveAcceso: factura.claveAcceso });
  const proposal = (await call('GET', `/api/withholding/proposal?receivedDocument=${received._id}`, buyer.auth)).json();
  const issued = await createAndIssue(t, buyer.auth, 'withholding', {
    establishment: buyerData.establishment._id,
    ptoEmi: '001',
    supplier: supplierOfBuyer._id,
    docsSustento: [{ ...proposal.docsSustento[0], retenciones: [{ codigo: '1', codigoRetencion: '312', baseImponible: 850 }] }],
  });
  expect(issued.status).toBe('AUTORIZADA');
  return issued as unknown as Doc;
}

describe('anulación of a factura', () => {
  it('factura -> AUTORIZADA -> annulment -> ANULADA: audit rows, comprobante.annulled webhook job, out of the dashboard and of what is left to credit', async () => {
    const hook = await post(t, seller.auth, '/api/admin/webhook', { url: 'http://127.0.0.1:9/emite', events: ['comprobante.annulled'] });
    const dashboard = async () => (await call('GET', '/api/dashboard', seller.auth)).json() as { sales: { thisMonth: number }; byStatus: Record<string, number> };
    const before = await dashboard();
    const factura = (await createAndIssue(t, seller.auth, 'invoice', bookSale(sellerData))) as unknown as Doc;
    expect(factura.status).toBe('AUTORIZADA');
    expect((await dashboard()).sales.thisMonth).toBeCloseTo(before.sales.thisMonth + 25, 2);

    const res = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Error en los datos del comprador' });
    expect(res.statusCode, res.body).toBe(201);
    const annulled = res.json() as Doc;
    // The sandbox's SRI en línea annuls a factura at once; Emite asked the consultation service right away.
    expect(annulled.status).toBe('ANULADA');
    expect(annulled.annulment).toMatchObject({
      state: 'ANULADA',
      motivo: 'Error en los datos del comprador',
      requestedBy: seller.userId,
      requestedByName: 'Ana Pérez',
      deadline: annulmentDeadline(guayaquilDate(now)),
      needsAcceptance: false,
      sriEstado: 'ANULADO',
      sandboxPortal: true,
    });
    expect(annulled.annulment).not.toHaveProperty('acceptanceDeadline');
    expect((await call('GET', `/api/invoice/${factura._id}`, seller.auth)).json()).toMatchObject({ status: 'ANULADA', annulment: { state: 'ANULADA' } });

    const history = await events('invoice', factura._id, seller.auth);
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({ from: 'AUTORIZADA', to: 'AUTORIZADA', userId: seller.userId, note: 'Anulación solicitada: Error en los datos del comprador' }),
      expect.objectContaining({ from: 'AUTORIZADA', to: 'ANULADA', userId: null, note: expect.stringMatching(/ANULADO/) }),
    ]);

    const jobs = (await t.database.db.execute(sql`select payload from job where kind = 'webhook_delivery' and payload->>'endpointId' = ${hook._id}`)) as unknown as { rows: Array<{ payload: { event: { type: string; data: Record<string, unknown> } } }> };
    expect(jobs.rows.map((r) => r.payload.event)).toEqual([expect.objectContaining({ type: 'comprobante.annulled', data: expect.objectContaining({ _id: factura._id, status: 'ANULADA', claveAcceso: factura.claveAcceso }) })]);

    const after = await dashboard();
    expect(after.sales.thisMonth).toBeCloseTo(before.sales.thisMonth, 2);
    expect(after.byStatus.ANULADA).toBe((before.byStatus.ANULADA ?? 0) + 1);

    const creditable = (await call('GET', `/api/invoice/${factura._id}/creditable`, seller.auth)).json();
    expect(creditable).toMatchObject({ importeTotal: 25, remaining: 0 });

    // Done: a second request, a check and a withdrawal are refused.
    const again = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/ya está anulado/);
    expect((await call('POST', `/api/invoice/${factura._id}/annulment/check`, seller.auth)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/invoice/${factura._id}/annulment`, seller.auth)).statusCode).toBe(409);
  });

  it('refuses, in Spanish and storing nothing: a consumidor final factura, a draft, a missing motivo, another company\'s document (404)', async () => {
    const cf = (await createAndIssue(t, seller.auth, 'invoice', { ...bookSale(sellerData), customer: sellerData.consumidorFinal._id })) as unknown as Doc;
    const refused = await call('POST', `/api/invoice/${cf._id}/annulment`, seller.auth, { motivo: 'La venta no se realizó' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ reason: 'consumidor_final', message: expect.stringMatching(/consumidor final no se puede anular/) });
    expect((await call('GET', `/api/invoice/${cf._id}`, seller.auth)).json()).toMatchObject({ status: 'AUTORIZADA', annulment: null });

    const draft = await post(t, seller.auth, '/api/invoice', bookSale(sellerData));
    const onDraft = await call('POST', `/api/invoice/${draft._id}/annulment`, seller.auth, { motivo: 'Error' });
    expect(onDraft.statusCode).toBe(422);
    expect(onDraft.json()).toMatchObject({ reason: 'status', message: expect.stringMatching(/borrador no se anula.*modifíquelo o elimínelo/) });

    const factura = (await createAndIssue(t, seller.auth, 'invoice', bookSale(sellerData))) as unknown as Doc;
    const noMotivo = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, {});
    expect(noMotivo.statusCode).toBe(400);
    const blank = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].path).toBe('motivo');

    const foreign = await call('POST', `/api/invoice/${factura._id}/annulment`, buyer.auth, { motivo: 'Error' });
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', `/api/invoice/${factura._id}/annulment/check`, buyer.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/invoice/${factura._id}/annulment`, buyer.auth)).statusCode).toBe(404);
    // Another type's id under this resource is 404 too.
    expect((await call('POST', `/api/credit-note/${factura._id}/annulment`, seller.auth, { motivo: 'Error' })).statusCode).toBe(404);
    expect((await events('invoice', factura._id, seller.auth)).some((e) => e.note?.startsWith('Anulación'))).toBe(false);
  });

  it('with the real SRI the request is only recorded (SOLICITADA, steps in SRI en línea), can be withdrawn, and a second one waits for the first', async () => {
    const factura = (await createAndIssue(t, seller.auth, 'invoice', bookSale(sellerData))) as unknown as Doc;
    t.deps.config.sriEnv = 'pruebas';
    let res;
    try {
      res = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Operación no realizada' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'AUTORIZADA', annulment: { state: 'SOLICITADA', sandboxPortal: false } });
      const second = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Otra' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toMatch(/Ya hay una solicitud de anulación en curso/);
      const withdrawn = await call('DELETE', `/api/invoice/${factura._id}/annulment`, seller.auth);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json()).toMatchObject({ status: 'AUTORIZADA', annulment: null });
      expect((await events('invoice', factura._id, seller.auth)).at(-1)).toMatchObject({ note: 'Solicitud de anulación retirada (motivo: Operación no realizada)' });
    } finally {
      t.deps.config.sriEnv = 'sandbox';
    }
    // Asked again (now through the sandbox): annulled.
    res = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Operación no realizada' });
    expect(res.json()).toMatchObject({ status: 'ANULADA' });
  });
});

describe('anulación of a retención (the receiver must accept)', () => {
  it('request -> PENDIENTE_ANULAR with 5 business days; the receiver accepts in SRI en línea -> the job sees ANULADO -> ANULADA', async () => {
    const ret = await retencion();
    const res = await call('POST', `/api/withholding/${ret._id}/annulment`, buyer.auth, { motivo: 'Error en el porcentaje retenido' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'AUTORIZADA', annulment: { state: 'PENDIENTE_ANULAR', needsAcceptance: true, acceptanceDeadline: acceptanceDeadline(guayaquilDate(now)), sriEstado: 'PENDIENTE DE ANULAR' } });
    // Withdrawing is too late: the SRI holds the request.
    const withdraw = await call('DELETE', `/api/withholding/${ret._id}/annulment`, buyer.auth);
    expect(withdraw.statusCode).toBe(409);

    expect((await receiverAnswers(ret.claveAcceso, true)).json()).toMatchObject({ estado: 'ANULADO' });
    const pass = await checkOpenAnnulments({ db: t.database.db, sri: sriPort(), clock });
    expect(pass.changed).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/withholding/${ret._id}`, buyer.auth)).json()).toMatchObject({ status: 'ANULADA', annulment: { state: 'ANULADA', sriEstado: 'ANULADO' } });
    expect((await events('withholding', ret._id, buyer.auth)).map((e) => e.to).slice(-3)).toEqual(['AUTORIZADA', 'AUTORIZADA', 'ANULADA']);
  });

  it('the receiver refuses -> RECHAZADA (checked on demand)', async () => {
    const ret = await retencion();
    expect((await call('POST', `/api/withholding/${ret._id}/annulment`, buyer.auth, { motivo: 'Retención duplicada' })).json()).toMatchObject({ annulment: { state: 'PENDIENTE_ANULAR' } });
    // "Anulaciones pendientes" on the dashboard while the receiver has not answered.
    const pending = async () => ((await call('GET', '/api/dashboard', buyer.auth)).json() as { attention: Array<Record<string, unknown>> }).attention.filter((a) => a.reason === 'annulment_pending');
    expect(await pending()).toContainEqual(expect.objectContaining({ _id: ret._id, codDoc: '07', numero: ret.numero, annulment: { state: 'PENDIENTE_ANULAR', deadline: annulmentDeadline(guayaquilDate(now)), acceptanceDeadline: acceptanceDeadline(guayaquilDate(now)) } }));
    await receiverAnswers(ret.claveAcceso, false);
    const checked = await call('POST', `/api/withholding/${ret._id}/annulment/check`, buyer.auth);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ status: 'AUTORIZADA', annulment: { state: 'RECHAZADA', sriEstado: 'AUTORIZADO' } });
    expect((await events('withholding', ret._id, buyer.auth)).at(-1)?.note).toMatch(/receptor rechazó/);
    expect((await pending()).map((a) => a._id)).not.toContain(ret._id);
  });

  it('the SRI down during a check changes nothing and is retried; then the window runs out with the SRI still AUTORIZADO -> CADUCADA', async () => {
    const ret = await retencion();
    const asked = (await call('POST', `/api/withholding/${ret._id}/annulment`, buyer.auth, { motivo: 'Base imponible equivocada' })).json() as Doc;
    expect(asked.annulment).toMatchObject({ state: 'PENDIENTE_ANULAR' });
    const eventsBefore = (await events('withholding', ret._id, buyer.auth)).length;

    sandboxControl.setOffline(true);
    try {
      const down = await call('POST', `/api/withholding/${ret._id}/annulment/check`, buyer.auth);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toMatch(/El SRI no responde.*sigue como estaba/);
      expect(await checkOpenAnnulments({ db: t.database.db, sri: sriPort(), clock })).toMatchObject({ failed: 1, changed: 0 });
    } finally {
      sandboxControl.setOffline(false);
    }
    const unchanged = (await call('GET', `/api/withholding/${ret._id}`, buyer.auth)).json() as Doc;
    expect(unchanged.annulment).toEqual(asked.annulment);
    expect((await events('withholding', ret._id, buyer.auth)).length).toBe(eventsBefore);

    // Nobody answers for more than 5 business days: the sandbox SRI answers AUTORIZADO again.
    const deadline = acceptanceDeadline(guayaquilDate(now));
    while (guayaquilDate(now) <= deadline) await moveClock(1);
    const pass = await checkOpenAnnulments({ db: t.database.db, sri: sriPort(), clock });
    expect(pass.failed).toBe(0);
    expect((await call('GET', `/api/withholding/${ret._id}`, buyer.auth)).json()).toMatchObject({ status: 'AUTORIZADA', annulment: { state: 'CADUCADA', sriEstado: 'AUTORIZADO' } });
    expect((await events('withholding', ret._id, buyer.auth)).at(-1)?.note).toMatch(/caducó/);
  });

  it('past day 7 of the next month: a factura is refused with the nota de crédito offered, a nota de crédito and a retención just refused', async () => {
    const factura = (await createAndIssue(t, seller.auth, 'invoice', bookSale(sellerData))) as unknown as Doc;
    const nota = (await createAndIssue(t, seller.auth, 'credit-note', { invoice: factura._id, motivo: 'Devolución de un libro', detalles: [{ product: sellerData.book._id, codigoPrincipal: 'LIB-01', descripcion: 'Libro de contabilidad', cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] })) as unknown as Doc;
    expect(nota.status).toBe('AUTORIZADA');
    const ret = await retencion();
    const deadline = annulmentDeadline(guayaquilDate(now));
    await moveClock(Math.ceil((Date.parse(`${deadline}T12:00:00Z`) - now.getTime()) / DAY) + 1);
    expect(guayaquilDate(now) > deadline).toBe(true);

    const late = await call('POST', `/api/invoice/${factura._id}/annulment`, seller.auth, { motivo: 'Error' });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ reason: 'deadline', alternative: 'credit-note', message: expect.stringMatching(/plazo para anularla en línea venció.*Emita una nota de crédito/) });
    const lateNota = await call('POST', `/api/credit-note/${nota._id}/annulment`, seller.auth, { motivo: 'Error' });
    expect(lateNota.statusCode).toBe(422);
    expect(lateNota.json()).toMatchObject({ reason: 'deadline', message: expect.stringMatching(/solo se anula en línea/) });
    expect(lateNota.json()).not.toHaveProperty('alternative');
    expect((await call('POST', `/api/withholding/${ret._id}/annulment`, buyer.auth, { motivo: 'Error' })).statusCode).toBe(422);
  });
});
