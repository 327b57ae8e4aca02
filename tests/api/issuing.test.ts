import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/invoicing/test-certificate.ts';
import { runDueJobs } from '../../server/jobs/invoice-worker.ts';
import { createSriClient, SriUnavailableError } from '../../server/sri/soap-client.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { buildClaveAcceso, isValidClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { sql } from 'drizzle-orm';
import { buildFacturaXml } from '../../server/domain/invoicing/build-factura-xml.ts';
import { signComprobante } from '../../server/domain/invoicing/sign-xades.ts';
import { loadSigningCredentials } from '../../server/domain/invoicing/signing-credentials.ts';
import { sampleFactura } from '../helpers/factura-sample.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
/** The SRI as the app sees it: the in-process sandbox, which a test can take offline. */
let sriOnline = true;
let sends = 0;

beforeAll(async () => {
  t = await createTestApp({
    extend: (deps) => {
      deps.sri = {
        async validarComprobante(xml) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          sends += 1;
          return inner().validarComprobante(xml);
        },
        async autorizacionComprobante(clave) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          return inner().autorizacionComprobante(clave);
        },
      };
    },
  });
  a = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
  const cert = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'clave-p12' });
  const up = await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: a.auth, payload: { p12: cert.toString('base64'), password: 'clave-p12' } });
  expect(up.statusCode, up.body).toBe(200);
});
afterAll(async () => t?.close());

let client: ReturnType<typeof createSriClient> | undefined;
function inner() {
  client ??= createSriClient({
    recepcionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
    autorizacionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
    fetch: injectFetch(t.app),
  });
  return client;
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: a.auth, ...(payload ? { payload } : {}) });

async function newDraft(ptoEmi = '001', customer = data.customer._id) {
  const detalles = [
    { product: data.laptop._id, cantidad: 1, precioUnitario: 850, descuento: 50, codigoPorcentajeIva: '4' },
    { product: data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' },
  ];
  const d = await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi, customer, detalles, pagos: [{ formaPago: '19', total: 945 }] });
  return d._id;
}

describe('certificate', () => {
  it('shows the certificate summary and never its secrets', async () => {
    const company = (await api('GET', '/api/admin/company')).json();
    expect(company.certificate).toMatchObject({ subject: expect.stringContaining('Empresa de prueba') });
    expect(company.certificate.daysToExpiry).toBeGreaterThan(700);
    expect(JSON.stringify(company)).not.toMatch(/clave-p12|p12Encrypted|MII/);
    const wrong = await api('POST', '/api/admin/company/certificate', { p12: generateTestP12({ ruc: '1790016919001', razonSocial: 'X', password: 'a' }).toString('base64'), password: 'b' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/contraseña/i);
  });
});

describe('issuing through the sandbox SRI', () => {
  it('takes a draft to AUTORIZADA with key, signed XML, authorisation XML and RIDE, then mails the buyer', async () => {
    const id = await newDraft();
    const res = await api('POST', `/api/invoice/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    expect(inv.status).toBe('AUTORIZADA');
    expect(inv.secuencial).toBe('000000001');
    expect(inv.numero).toBe('001-001-000000001');
    expect(isValidClaveAcceso(inv.claveAcceso)).toBe(true);
    expect(inv.numeroAutorizacion).toBe(inv.claveAcceso);

    const xml = await api('GET', `/api/invoice/${id}/xml`);
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.body).toContain(`<claveAcceso>${inv.claveAcceso}</claveAcceso>`);
    expect(xml.body).toContain('<ds:Signature');
    const auth = await api('GET', `/api/invoice/${id}/xml?format=autorizacion`);
    expect(auth.body).toContain('<estado>AUTORIZADO</estado>');
    const pdf = await api('GET', `/api/invoice/${id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing of an issued invoice can change.
    expect((await api('PUT', `/api/invoice/${id}`, { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [] })).statusCode).toBe(409);
    const locked = await api('PUT', `/api/invoice/${id}`, { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 1, codigoPorcentajeIva: '0' }] });
    expect(locked.statusCode).toBe(409);
    expect((await api('DELETE', `/api/invoice/${id}`)).statusCode).toBe(409);
    expect((await api('POST', `/api/invoice/${id}/issue`)).statusCode).toBe(409);

    await runDueJobs(t.deps as never);
    const mails = await t.mails();
    const mail = mails.find((m) => m.subject.includes('001-001-000000001'))!;
    expect(mail.to).toContain('maria@example.com');
    expect(mail.attachments.map((x) => x.contentType).sort()).toEqual(['application/pdf', 'application/xml']);

    const events = (await api('GET', `/api/invoice/${id}/events`)).json();
    expect(events.map((e: { to: string }) => e.to)).toEqual(['FIRMADA', 'RECIBIDA', 'AUTORIZADA', 'AUTORIZADA']);
  });

  it('refuses to issue when payments do not add up', async () => {
    const d = await post(t, a.auth, '/api/invoice', {
      establishment: data.establishment._id,
      ptoEmi: '001',
      customer: data.customer._id,
      detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 10 }],
    });
    const res = await api('POST', `/api/invoice/${d._id}/issue`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('pagos');
    expect((await api('GET', `/api/invoice/${d._id}`)).json().status).toBe('BORRADOR');
  });

  it('gives 100 concurrent issues on one emission point 100 consecutive secuenciales', async () => {
    const ids = [];
    for (let i = 0; i < 100; i += 1) ids.push(await newDraft('002'));
    const results = await Promise.all(ids.map((id) => api('POST', `/api/invoice/${id}/issue`)));
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = results.map((r) => Number(r.json().secuencial)).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().claveAcceso)).size).toBe(100);
  });

  it('keeps invoices FIRMADA while the SRI is down and authorises each exactly once when it is back', async () => {
    sriOnline = false;
    const ids = [await newDraft(), await newDraft()];
    for (const id of ids) {
      const res = await api('POST', `/api/invoice/${id}/issue`);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('FIRMADA');
    }
    sriOnline = true;
    const before = sends;
    // Jobs are due after their backoff: run the worker with a clock in the future.
    const later = { ...t.deps, clock: () => new Date(Date.now() + 60_000) };
    // Drain the queue as the worker does (earlier tests left mail jobs queued too).
    for (let i = 0; i < 50 && (await runDueJobs({ ...later, sri: t.deps.sri! } as never)) > 0; i += 1);
    for (const id of ids) expect((await api('GET', `/api/invoice/${id}`)).json().status).toBe('AUTORIZADA');
    expect(sends - before).toBe(2);
  });

  it('shows the SRI messages when the secuencial was already registered (DEVUELTA 45)', async () => {
    // Another system already sent number 001-003-000000001 for this RUC to the SRI.
    const ruc = (await api('GET', '/api/admin/company')).json().ruc as string;
    const doc = sampleFactura({ ruc, secuencial: 1 });
    doc.infoTributaria.ptoEmi = '003';
    doc.infoTributaria.claveAcceso = buildClaveAcceso({ fechaEmision: guayaquilDate(new Date()), codDoc: '01', ruc, ambiente: '1', estab: '001', ptoEmi: '003', secuencial: 1, codigoNumerico: '87654321' });
    const other = generateTestP12({ ruc, razonSocial: 'Otro sistema', password: 'x' });
    const pre = await inner().validarComprobante(signComprobante(buildFacturaXml(doc), loadSigningCredentials(other, 'x')));
    expect(pre.estado).toBe('RECIBIDA');

    await t.app.inject({ method: 'PUT', url: `/api/establishment/${data.establishment._id}`, headers: a.auth, payload: { estab: '001', nombre: 'Matriz', dirEstablecimiento: 'Quito', puntosEmision: [{ ptoEmi: '001' }, { ptoEmi: '002' }, { ptoEmi: '003' }] } });
    const id = await newDraft('003');
    const res = await api('POST', `/api/invoice/${id}/issue`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DEVUELTA');
    expect(res.json().mensajes[0]).toMatchObject({ identificador: '45', tipo: 'ERROR' });
    const events = (await api('GET', `/api/invoice/${id}/events`)).json();
    expect(events.at(-1)).toMatchObject({ from: 'FIRMADA', to: 'DEVUELTA', mensajes: [expect.objectContaining({ identificador: '45' })] });
  });

  it('shows the SRI messages for a signature that does not match the document (DEVUELTA 39)', async () => {
    sriOnline = false;
    const id = await newDraft();
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    // The stored XML is altered after signing (what a broken transmission would look like).
    await t.database.db.execute(sql`update invoice set signed_xml = replace(signed_xml, '<importeTotal>945.00</importeTotal>', '<importeTotal>9.45</importeTotal>') where id = ${id}`);
    sriOnline = true;
    const later = { ...t.deps, sri: t.deps.sri!, clock: () => new Date(Date.now() + 60_000) };
    await runDueJobs(later as never);
    const inv = (await api('GET', `/api/invoice/${id}`)).json();
    expect(inv.status).toBe('DEVUELTA');
    expect(inv.mensajes[0]).toMatchObject({ identificador: '39', mensaje: expect.stringMatching(/FIRMA/) });
  });
});
