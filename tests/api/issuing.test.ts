import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';
import { runDueJobs } from '../../server/app-worker.ts';
import { createSriClient, SriUnavailableError, type AutorizacionResult } from '../../server/sri/soap-client.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { buildClaveAcceso, isValidClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { sql } from 'drizzle-orm';
import { buildFacturaXml } from '../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../server/domain/comprobantes/signing-credentials.ts';
import { sampleFactura } from '../helpers/factura-sample.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let goodCertificate: Buffer;
/** The SRI as the app sees it: the in-process sandbox, which a test can take offline. */
let sriOnline = true;
let sends = 0;
/** Comprobantes that reached the sandbox's reception service (counted at the HTTP exchange). */
let receptions = 0;
/** Reception answers to lose: the sandbox receives the comprobante, the answer comes too late. */
let lostAnswers = 0;
/** Authorisation answers to give instead of the sandbox's, first in first out. */
const scriptedAutorizaciones: AutorizacionResult[] = [];
/** Authorisation questions to fail as unreachable (the reception still works). */
let failAuthorisations = 0;
/** The ambiente each SRI call was made for, in order. */
const ambientes: string[] = [];
/** How many times a route woke the background worker (AppDeps.kickWorker; the tests run without one). */
let workerKicks = 0;

beforeAll(async () => {
  t = await createTestApp({
    extend: (deps) => {
      deps.kickWorker = () => void (workerKicks += 1);
      deps.sri = {
        async validarComprobante(xml, ambiente) {
          ambientes.push(ambiente);
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          sends += 1;
          if (lostAnswers > 0) {
            lostAnswers -= 1;
            return slowClient().validarComprobante(xml);
          }
          return inner().validarComprobante(xml);
        },
        async autorizacionComprobante(clave, ambiente) {
          ambientes.push(ambiente);
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          if (failAuthorisations > 0) {
            failAuthorisations -= 1;
            throw new SriUnavailableError('sin conexión (prueba, autorización)');
          }
          const scripted = scriptedAutorizaciones.shift();
          return scripted ?? inner().autorizacionComprobante(clave);
        },
      };
    },
  });
  a = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
  goodCertificate = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'clave-p12' });
  const up = await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: a.auth, payload: { p12: goodCertificate.toString('base64'), password: 'clave-p12' } });
  expect(up.statusCode, up.body).toBe(200);
});
afterAll(async () => t?.close());

const SANDBOX_URLS = {
  recepcionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
  autorizacionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
};
/**
 * The sandbox through app.inject, counting receptions. `holdAnswer`: the sandbox processes the
 * request, then the answer is held until the client gives up (its timeout aborts the request).
 */
function sandboxFetch(holdAnswer = false): typeof fetch {
  const inProcess = injectFetch(t.app);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await inProcess(input, init);
    if (String(input).includes('Recepcion')) receptions += 1;
    if (!holdAnswer) return res;
    const signal = init!.signal!;
    return new Promise<Response>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  }) as typeof fetch;
}
let client: ReturnType<typeof createSriClient> | undefined;
function inner() {
  client ??= createSriClient({ ...SANDBOX_URLS, fetch: sandboxFetch() });
  return client;
}
/** The sandbox receives the comprobante, but its answer never reaches the client, which times out. */
function slowClient() {
  // 500 ms: far longer than the sandbox takes to receive one comprobante in-process.
  return createSriClient({ ...SANDBOX_URLS, timeoutMs: 500, fetch: sandboxFetch(true) });
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
    // Both XML are kept compressed: lz4 where the server has it (PostgreSQL, migration 0023), else pglz (PGlite).
    const stored = (await t.database.db.execute(sql`select pg_column_compression(signed_xml) as signed, pg_column_compression(authorization_xml) as authorised from comprobante where id = ${id}`)) as unknown as { rows: Array<Record<string, string>> };
    const method = dbKind === 'postgres' ? 'lz4' : 'pglz';
    expect(stored.rows[0]).toEqual({ signed: method, authorised: method });

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
    // RECIBIDA and AUTORIZADA are written by one statement on the issue route: still two audit rows, in order.
    expect(events.slice(0, 3).map((e: { from: string | null; to: string }) => [e.from, e.to])).toEqual([
      ['BORRADOR', 'FIRMADA'],
      ['FIRMADA', 'RECIBIDA'],
      ['RECIBIDA', 'AUTORIZADA'],
    ]);
    expect(Date.parse(events[1].at)).toBeLessThanOrEqual(Date.parse(events[2].at));
    expect(events[2].mensajes).toEqual([expect.objectContaining({ identificador: '60' })]);
    expect(mails.filter((m) => m.subject.includes('001-001-000000001'))).toHaveLength(1);
    expect((await rowsOf<{ n: number }>(sql`select sri_send_attempts as n from comprobante where id = ${id}`)).rows[0].n).toBe(1);
    expect((await sriJobs(id)).every((j) => j.status === 'done')).toBe(true);
  });

  it('wakes the worker after an issue only when it left it a job: the buyer\'s mail, not a buyer without e-mail', async () => {
    const pendingJobs = async (id: string) => (await rowsOf<{ kind: string }>(sql`select kind from job where comprobante_id = ${id} and status = 'pending'`)).rows.map((r) => r.kind);
    const withMail = await newDraft();
    let kicks = workerKicks;
    expect((await api('POST', `/api/invoice/${withMail}/issue`)).json().status).toBe('AUTORIZADA');
    expect(await pendingJobs(withMail)).toEqual(['mail_comprobante']);
    expect(workerKicks - kicks).toBe(1);

    const noEmail = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1104181183', razonSocial: 'José Quishpe Tipán', direccion: 'Tumbaco' });
    const withoutMail = await newDraft('001', noEmail._id);
    kicks = workerKicks;
    expect((await api('POST', `/api/invoice/${withoutMail}/issue`)).json().status).toBe('AUTORIZADA');
    expect(await pendingJobs(withoutMail)).toEqual([]);
    expect(workerKicks - kicks).toBe(0);
    await runDueJobs(t.deps as never);
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

  it('keeps comprobantes FIRMADA while the SRI is down and authorises each exactly once when it is back', async () => {
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
    await t.database.db.execute(sql`update comprobante set signed_xml = replace(signed_xml, '<importeTotal>945.00</importeTotal>', '<importeTotal>9.45</importeTotal>') where id = ${id}`);
    sriOnline = true;
    const later = { ...t.deps, sri: t.deps.sri!, clock: () => new Date(Date.now() + 60_000) };
    await runDueJobs(later as never);
    const inv = (await api('GET', `/api/invoice/${id}`)).json();
    expect(inv.status).toBe('DEVUELTA');
    expect(inv.mensajes[0]).toMatchObject({ identificador: '39', mensaje: expect.stringMatching(/FIRMA/) });
  });
});

/** The worker as it runs later, once the backoff has passed. */
const later = () => ({ ...t.deps, sri: t.deps.sri!, clock: () => new Date(Date.now() + 60_000) }) as never;
const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: T[] };
const sriJobs = async (id: string) =>
  (await rowsOf<{ kind: string; status: string; last_error: string | null }>(sql`select kind, status, last_error from job where comprobante_id = ${id} and kind like 'sri_%' order by kind, created_at`)).rows;
const statusOf = async (id: string) => (await api('GET', `/api/invoice/${id}`)).json().status as string;
/** Audit rows of the transition into AUTORIZADA (the mail note is AUTORIZADA -> AUTORIZADA). */
const authorisations = async (id: string) => (await api('GET', `/api/invoice/${id}/events`)).json().filter((e: { to: string; note: string | null }) => e.to === 'AUTORIZADA' && !e.note);
/** Run the invoice's due jobs until none is left, with the clock `aheadMs` in the future. */
async function drain(id: string, aheadMs = 60_000) {
  const deps = { ...t.deps, sri: t.deps.sri!, clock: () => new Date(Date.now() + aheadMs) } as never;
  for (let i = 0; i < 10 && (await runDueJobs(deps, { comprobanteId: id })) > 0; i += 1);
}
async function updateCompany(changes: Record<string, unknown>) {
  const c = (await api('GET', '/api/admin/company')).json();
  const res = await api('PUT', '/api/admin/company', { razonSocial: c.razonSocial, email: c.email, dirMatriz: c.dirMatriz, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('issuing when the SRI answer is lost, slow or in process', () => {
  it('lost answer: the sandbox receives the comprobante once and the invoice ends AUTORIZADA once', async () => {
    const id = await newDraft();
    const before = receptions;
    lostAnswers = 1;
    const res = await api('POST', `/api/invoice/${id}/issue`);
    expect(res.json().status).toBe('FIRMADA'); // the client timed out: for all it knows, nothing arrived
    expect(receptions - before).toBe(1); // … but the sandbox has it
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(receptions - before).toBe(1); // the retry asked authorisation instead of sending again
    expect(await authorisations(id)).toHaveLength(1);
    expect((await rowsOf<{ n: number }>(sql`select sri_send_attempts as n from comprobante where id = ${id}`)).rows[0].n).toBe(1);
  });

  it('asking again (POST /authorize) after a lost answer asks first, never resends and adds no job', async () => {
    const id = await newDraft();
    lostAnswers = 1;
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    const before = receptions;
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_send', status: 'pending' })]); // waiting for its backoff
    const res = await api('POST', `/api/invoice/${id}/authorize`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('AUTORIZADA');
    expect(receptions - before).toBe(0);
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_send', status: 'done' })]); // the same job, brought forward
    expect((await api('POST', `/api/invoice/${id}/authorize`)).statusCode).toBe(409); // nothing left to ask
  });

  it('a fresh job for an invoice whose earlier send was lost asks first: the mark is on the invoice, not the job', async () => {
    const id = await newDraft();
    lostAnswers = 1;
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    const before = receptions;
    // Its job was abandoned (as the old 200-attempt limit did): POST /authorize must enqueue a new one.
    await t.database.db.execute(sql`update job set status = 'failed' where comprobante_id = ${id}`);
    const res = await api('POST', `/api/invoice/${id}/authorize`);
    expect(res.json().status).toBe('AUTORIZADA');
    expect(receptions - before).toBe(0);
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_send', status: 'failed' }), expect.objectContaining({ kind: 'sri_send', status: 'done' })]);
  });

  it('concurrent POST /authorize while the SRI is down keep one pending job', async () => {
    sriOnline = false;
    const id = await newDraft();
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    const results = await Promise.all([1, 2, 3].map(() => api('POST', `/api/invoice/${id}/authorize`)));
    expect(results.map((r) => [r.statusCode, r.json().status])).toEqual([1, 2, 3].map(() => [200, 'FIRMADA']));
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_send', status: 'pending', last_error: expect.stringMatching(/SRI no disponible/) })]);
    sriOnline = true;
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(await authorisations(id)).toHaveLength(1);
  });

  it('the question right after the reception fails: RECIBIDA with its job pending, then AUTORIZADA once, never resent', async () => {
    const id = await newDraft();
    const before = receptions;
    failAuthorisations = 1;
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('RECIBIDA');
    expect(failAuthorisations).toBe(0);
    expect(await sriJobs(id)).toEqual([
      expect.objectContaining({ kind: 'sri_authorize', status: 'pending', last_error: expect.stringContaining('autorización') }),
      expect.objectContaining({ kind: 'sri_send', status: 'done' }),
    ]);
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(receptions - before).toBe(1);
    expect(await authorisations(id)).toHaveLength(1);
    const events = (await api('GET', `/api/invoice/${id}/events`)).json();
    expect(events.filter((e: { note: string | null }) => !e.note).map((e: { from: string | null; to: string }) => [e.from, e.to])).toEqual([
      ['BORRADOR', 'FIRMADA'],
      ['FIRMADA', 'RECIBIDA'],
      [null, 'AUTORIZADA'], // the worker's poll accepts any waiting status
    ]);
  });

  it('EN PROCESO right after the reception: EN_PROCESO with a pending poll, no second send', async () => {
    const id = await newDraft();
    const before = receptions;
    scriptedAutorizaciones.push({ autorizaciones: [{ estado: 'EN PROCESO', mensajes: [] }], raw: '' });
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('EN_PROCESO');
    expect(scriptedAutorizaciones).toEqual([]);
    expect((await api('GET', `/api/invoice/${id}/events`)).json().map((e: { to: string }) => e.to)).toEqual(['FIRMADA', 'RECIBIDA', 'EN_PROCESO']);
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(receptions - before).toBe(1);
    expect(await authorisations(id)).toHaveLength(1);
  });

  it('EN PROCESO on the first question after a lost answer: polls, does not send again', async () => {
    const id = await newDraft();
    lostAnswers = 1;
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    const before = receptions;
    scriptedAutorizaciones.push({ autorizaciones: [{ estado: 'EN PROCESO', mensajes: [] }], raw: '' });
    await runDueJobs(later(), { comprobanteId: id }); // one pass: the retried send asks first
    expect(scriptedAutorizaciones).toEqual([]);
    expect(await statusOf(id)).toBe('EN_PROCESO');
    expect(receptions - before).toBe(0);
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_authorize', status: 'pending' }), expect.objectContaining({ kind: 'sri_send', status: 'done' })]);
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(receptions - before).toBe(0);
    expect(await authorisations(id)).toHaveLength(1);
  });

  it('never gives up an SRI job: after 250 failed attempts it is still pending, and the invoice gets authorised', async () => {
    sriOnline = false;
    const id = await newDraft();
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('FIRMADA');
    await t.database.db.execute(sql`update job set attempts = 250 where comprobante_id = ${id}`);
    await runDueJobs(later(), { comprobanteId: id });
    expect(await sriJobs(id)).toEqual([expect.objectContaining({ kind: 'sri_send', status: 'pending', last_error: expect.stringMatching(/SRI no disponible/) })]);
    sriOnline = true;
    await drain(id, 11 * 60_000); // the retry delay is capped at 10 min
    expect(await statusOf(id)).toBe('AUTORIZADA');
  });

  it('talks to the SRI in the ambiente the invoice was issued in, even after the company changes it', async () => {
    await updateCompany({ ambiente: '2' });
    sriOnline = false;
    const id = await newDraft();
    const issued = (await api('POST', `/api/invoice/${id}/issue`)).json();
    expect(issued.claveAcceso[23]).toBe('2');
    await updateCompany({ ambiente: '1' });
    sriOnline = true;
    ambientes.length = 0;
    await drain(id);
    expect(await statusOf(id)).toBe('AUTORIZADA');
    expect(ambientes.length).toBeGreaterThan(0);
    expect(new Set(ambientes)).toEqual(new Set(['2']));
  });
});

describe('issue-time checks', () => {
  const nextSecuencial = async (ptoEmi: string) =>
    Number((await rowsOf<{ next_value: number }>(sql`select next_value from secuencial_sequence where company_id = ${a.companyId} and estab = '001' and pto_emi = ${ptoEmi} and cod_doc = '01'`)).rows[0]?.next_value ?? 1);

  it('a crash after the secuencial was taken consumes nothing: the next issue gets the same number', async () => {
    const id = await newDraft();
    const expected = await nextSecuencial('001');
    // The job insert is the issuing transaction's last statement: after the secuencial, the key,
    // the XSD check, the signature and the FIRMADA update. Make exactly that statement fail.
    await t.database.db.execute(sql.raw(`alter table job add constraint emite_test_crash check (comprobante_id is distinct from '${id}')`));
    try {
      const crashed = await api('POST', `/api/invoice/${id}/issue`);
      expect(crashed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('alter table job drop constraint emite_test_crash'));
    }
    const draft = (await api('GET', `/api/invoice/${id}`)).json();
    expect(draft).toMatchObject({ status: 'BORRADOR', secuencial: null, claveAcceso: null });
    expect((await api('GET', `/api/invoice/${id}/events`)).json()).toEqual([]);
    expect(await sriJobs(id)).toEqual([]);
    expect(await nextSecuencial('001')).toBe(expected);
    const issued = (await api('POST', `/api/invoice/${id}/issue`)).json();
    expect(issued.secuencial).toBe(String(expected).padStart(9, '0'));
    expect(issued.status).toBe('AUTORIZADA');
  });

  it('a refused issue takes no number, and an emission point out of numbers refuses without taking one', async () => {
    const first = (await api('POST', `/api/invoice/${await newDraft('002')}/issue`)).json();
    expect(first.status).toBe('AUTORIZADA');
    const expected = await nextSecuencial('002');
    expect((await api('POST', `/api/invoice/${first._id}/issue`)).statusCode).toBe(409); // already issued
    expect(await nextSecuencial('002')).toBe(expected);
    const next = (await api('POST', `/api/invoice/${await newDraft('002')}/issue`)).json();
    expect(next.secuencial).toBe(String(expected).padStart(9, '0'));

    const id = await newDraft('002');
    await t.database.db.execute(sql`update secuencial_sequence set next_value = 1000000000 where company_id = ${a.companyId} and estab = '001' and pto_emi = '002' and cod_doc = '01'`);
    try {
      const full = await api('POST', `/api/invoice/${id}/issue`);
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toContain('agotó sus secuenciales');
      expect(await nextSecuencial('002')).toBe(1_000_000_000);
      expect((await api('GET', `/api/invoice/${id}`)).json()).toMatchObject({ status: 'BORRADOR', secuencial: null });
    } finally {
      await t.database.db.execute(sql`update secuencial_sequence set next_value = ${expected + 1} where company_id = ${a.companyId} and estab = '001' and pto_emi = '002' and cod_doc = '01'`);
    }
  });

  it('refuses to issue with a certificate that has expired since it was uploaded', async () => {
    const ruc = '1790016919001';
    const shortLived = generateTestP12({ ruc, razonSocial: 'Caduca pronto', password: 'x', notBefore: new Date(Date.now() - 60_000), validDays: 63_000 / 86_400_000 });
    const up = await api('POST', '/api/admin/company/certificate', { p12: shortLived.toString('base64'), password: 'x' });
    expect(up.statusCode, up.body).toBe(200);
    const id = await newDraft();
    const expected = await nextSecuencial('001');
    await new Promise((r) => setTimeout(r, new Date(up.json().certificate.notAfter).getTime() - Date.now() + 100));
    const res = await api('POST', `/api/invoice/${id}/issue`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^El certificado de firma electrónica expiró el \d{2}\/\d{2}\/\d{4}; suba uno vigente/);
    expect(await statusOf(id)).toBe('BORRADOR');
    expect(await nextSecuencial('001')).toBe(expected);
    // Renewed: the same draft issues.
    expect((await api('POST', '/api/admin/company/certificate', { p12: goodCertificate.toString('base64'), password: 'clave-p12' })).statusCode).toBe(200);
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('AUTORIZADA');
  });

  it('checks the consumidor final cap again at issue: the cap was lowered after the draft was saved', async () => {
    const draft = await post(t, a.auth, '/api/invoice', {
      establishment: data.establishment._id,
      ptoEmi: '001',
      customer: data.consumidorFinal._id,
      detalles: [{ product: data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 25 }],
    });
    t.deps.config.consumidorFinalCap = 20;
    try {
      const res = await api('POST', `/api/invoice/${draft._id}/issue`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Una venta a consumidor final no puede superar $ 20.00; identifique al comprador', details: [{ path: 'customer' }] });
      expect(await statusOf(draft._id)).toBe('BORRADOR');
    } finally {
      t.deps.config.consumidorFinalCap = 50;
    }
    expect((await api('POST', `/api/invoice/${draft._id}/issue`)).json().status).toBe('AUTORIZADA');
  });
});

describe('RIDE of an issued invoice', () => {
  it('prints what was signed, not what the company, establishment or buyer rows say today', async () => {
    const { PDFParse } = await import('pdf-parse');
    const rideText = async (id: string) => {
      const pdf = await api('GET', `/api/invoice/${id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      return text;
    };
    const buyer = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1716430390', razonSocial: 'Comercial Andina', direccion: 'Loja, calle Bolívar' });
    const estab = (await api('GET', `/api/establishment/${data.establishment._id}`)).json();
    const id = await newDraft('001', buyer._id);
    expect((await api('POST', `/api/invoice/${id}/issue`)).json().status).toBe('AUTORIZADA');
    const issuedText = await rideText(id);
    expect(issuedText).toContain('Comercial Andina');

    const company = await updateCompany({ dirMatriz: 'Nueva matriz, Guayaquil' });
    const { _id: _ignored, ...estabBody } = estab;
    expect((await api('PUT', `/api/establishment/${data.establishment._id}`, { ...estabBody, dirEstablecimiento: 'Sucursal mudada, Manta' })).statusCode).toBe(200);
    expect((await api('PUT', `/api/customer/${buyer._id}`, { tipoIdentificacion: '05', identificacion: '1716430390', razonSocial: 'Andina Renombrada S.A.', direccion: 'Ambato' })).statusCode).toBe(200);
    try {
      const text = await rideText(id);
      for (const issuedValue of ['Comercial Andina', 'Loja, calle Bolívar', company.dirMatriz, estab.dirEstablecimiento]) expect(text).toContain(issuedValue);
      for (const newValue of ['Andina Renombrada', 'Ambato', 'Nueva matriz', 'Sucursal mudada']) expect(text).not.toContain(newValue);
    } finally {
      await updateCompany({ dirMatriz: company.dirMatriz });
      await api('PUT', `/api/establishment/${data.establishment._id}`, estabBody);
    }
  });
});

describe('the default SRI wiring (SRI_ENV=sandbox, no SRI port injected)', () => {
  it('issues through the built-in sandbox, reached in-process, for a company in pruebas or producción', async () => {
    const own = await createTestApp();
    try {
      const user = await signUp(own, { ruc: await newRuc() });
      const master = await seedMasterData(own, user.auth);
      const up = await own.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: user.auth, payload: { p12: goodCertificate.toString('base64'), password: 'clave-p12' } });
      expect(up.statusCode, up.body).toBe(200);
      const issueOne = async () => {
        const draft = await post(own, user.auth, '/api/invoice', {
          establishment: master.establishment._id,
          ptoEmi: '001',
          customer: master.customer._id,
          detalles: [{ product: master.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }],
          pagos: [{ formaPago: '01', total: 12.5 }],
        });
        return (await own.app.inject({ method: 'POST', url: `/api/invoice/${draft._id}/issue`, headers: user.auth })).json();
      };
      expect(await issueOne()).toMatchObject({ status: 'AUTORIZADA', claveAcceso: expect.stringMatching(/^\d{23}1/) });
      const c = (await own.app.inject({ method: 'GET', url: '/api/admin/company', headers: user.auth })).json();
      await own.app.inject({ method: 'PUT', url: '/api/admin/company', headers: user.auth, payload: { razonSocial: c.razonSocial, email: c.email, dirMatriz: c.dirMatriz, ambiente: '2' } });
      expect(await issueOne()).toMatchObject({ status: 'AUTORIZADA', claveAcceso: expect.stringMatching(/^\d{23}2/) });
    } finally {
      await own.close();
    }
  });
});
