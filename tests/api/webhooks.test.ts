import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { seedMasterData, createAndIssue, bookSale } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';
import { runDueJobs, type WorkerDeps } from '../../server/app-worker.ts';
import { createSriClient, SriUnavailableError } from '../../server/sri/soap-client.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { webhookOptions } from '../../server/routes/admin/webhook-routes.ts';
import { verifySignature } from '../../server/domain/webhooks/sign-webhook.ts';
import { enqueueWebhookEvent } from '../../server/domain/webhooks/webhook-jobs.ts';
import { announceExpiringCertificates } from '../../server/domain/webhooks/announce-expiring-certificates.ts';

/** Names this test makes resolve (to a private address, as DNS may do later); any other name goes to the real resolver. */
const fakeDns = vi.hoisted(() => new Map<string, string>());
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = ((host: string, options: object) => (fakeDns.has(host) ? Promise.resolve([{ address: fakeDns.get(host)!, family: 4 }]) : real.lookup(host, options as never))) as typeof real.lookup;
  return { ...real, default: { ...real, lookup }, lookup };
});

/** What the receiver got: headers, raw body, parsed body. */
interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created: number; data: Record<string, unknown> };
}

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** Status codes the receiver answers with, first in first out; 200 when empty. */
let answers: number[] = [];
let sriOnline = true;
/** How many times a route woke the background worker (AppDeps.kickWorker; the tests run without one). */
let workerKicks = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  let client: ReturnType<typeof createSriClient> | undefined;
  const sandbox = () =>
    (client ??= createSriClient({
      recepcionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
      autorizacionUrl: 'http://x/sri-sandbox/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
      fetch: injectFetch(t.app),
    }));
  t = await createTestApp({
    extend: (deps) => {
      deps.kickWorker = () => void (workerKicks += 1);
      deps.config.webhookAllowPrivate = true;
      deps.sri = {
        async validarComprobante(xml) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          return sandbox().validarComprobante(xml);
        },
        async autorizacionComprobante(clave) {
          if (!sriOnline) throw new SriUnavailableError('sin conexión (prueba)');
          return sandbox().autorizacionComprobante(clave);
        },
      };
    },
  });
  a = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'clave-p12' });
  const up = await api('POST', '/api/admin/company/certificate', { p12: p12.toString('base64'), password: 'clave-p12' });
  expect(up.statusCode, up.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(() => {
  received = [];
  answers = [];
  sriOnline = true;
  t.deps.config.webhookAllowPrivate = true;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** The worker `aheadMs` in the future, running only webhook deliveries until none is due. */
async function deliver(aheadMs = 0) {
  const deps: WorkerDeps = { ...t.deps, sri: t.deps.sri!, webhooks: webhookOptions(t.deps), clock: () => new Date(Date.now() + aheadMs) };
  for (let i = 0; i < 10 && (await runDueJobs(deps, { kinds: ['webhook_delivery'] })) > 0; i += 1);
}

async function newEndpoint(events: string[], url = receiverUrl) {
  const res = await api('POST', '/api/admin/webhook', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; secret: string; url: string; events: string[] };
}

async function issue(): Promise<{ _id: string; status: string; claveAcceso: string }> {
  return createAndIssue(t, a.auth, 'invoice', bookSale(data));
}

const nowSec = () => Math.floor(Date.now() / 1000);
const signedBy = (r: Received, secret: string, at = nowSec()) => verifySignature({ secret, header: String(r.headers['x-emite-signature']), rawBody: r.raw, nowSec: at });

/** Every endpoint is removed after each test that made one, so tests do not see each other's. */
async function removeEndpoints() {
  for (const e of (await api('GET', '/api/admin/webhook')).json() as Array<{ _id: string }>) expect((await api('DELETE', `/api/admin/webhook/${e._id}`)).statusCode).toBe(204);
}

describe('webhook endpoints', () => {
  it('creates an endpoint with a generated secret shown once, edits and deletes it', async () => {
    const created = await newEndpoint(['comprobante.authorized']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = (await api('GET', '/api/admin/webhook')).json();
    expect(list).toEqual([{ _id: created._id, url: receiverUrl, events: ['comprobante.authorized'], createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    const edited = await api('PUT', `/api/admin/webhook/${created._id}`, { url: `${receiverUrl}/v2`, events: ['comprobante.rejected', 'certificate.expiring'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).not.toHaveProperty('secret');
    expect(edited.json().events).toEqual(['comprobante.rejected', 'certificate.expiring']);
    const bad = await api('POST', '/api/admin/webhook', { url: receiverUrl, events: ['factura.creada'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toMatch(/events/);

    // Another company sees none of it.
    const b = await signUp(t, { ruc: await newRuc() });
    expect((await api('GET', '/api/admin/webhook', undefined, b.auth)).json()).toEqual([]);
    expect((await api('GET', `/api/admin/webhook/${created._id}/deliveries`, undefined, b.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/admin/webhook/${created._id}`, undefined, b.auth)).statusCode).toBe(404);

    expect((await api('DELETE', `/api/admin/webhook/${created._id}`)).statusCode).toBe(204);
    expect((await api('GET', '/api/admin/webhook')).json()).toEqual([]);
  });

  it('refuses loopback and private targets without WEBHOOK_ALLOW_PRIVATE, at creation and at delivery', async () => {
    t.deps.config.webhookAllowPrivate = false;
    for (const url of [receiverUrl, 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[::1]:8080/', 'http://localhost/x', 'ftp://example.com/x']) {
      const res = await api('POST', '/api/admin/webhook', { url, events: ['comprobante.authorized'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].path).toBe('url');
    }
    expect((await api('GET', '/api/admin/webhook')).json()).toEqual([]);

    // Created while allowed, then the flag is off: the delivery is refused without any request.
    t.deps.config.webhookAllowPrivate = true;
    const endpoint = await newEndpoint(['comprobante.authorized']);
    t.deps.config.webhookAllowPrivate = false;
    const test = await api('POST', `/api/admin/webhook/${endpoint._id}/test`);
    expect(test.json()).toMatchObject({ status: 'failed', httpStatus: null, error: expect.stringMatching(/local o privada/) });
    expect(received).toHaveLength(0);
    await removeEndpoints();
  });

  it('a host that does not resolve right now is saved with a warning; its deliveries fail into the log, and once it resolves to a private address they are refused', async () => {
    t.deps.config.webhookAllowPrivate = false;
    const url = 'https://receptor-emite.invalid/hooks';
    const res = await api('POST', '/api/admin/webhook', { url, events: ['comprobante.authorized'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ url, warning: expect.stringMatching(/No se pudo resolver el nombre receptor-emite\.invalid ahora: el webhook se guardó/) });
    const endpoint = res.json() as { _id: string };
    expect((await api('GET', '/api/admin/webhook')).json()).toEqual([expect.objectContaining({ _id: endpoint._id, url })]);

    // An authorised factura while offline: the delivery fails, is logged, and is retried later.
    await issue();
    await deliver();
    const log = (await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json() as Array<Record<string, unknown>>;
    expect(log).toEqual([expect.objectContaining({ type: 'comprobante.authorized', attempt: 1, status: 'failed', httpStatus: null, error: 'No se pudo resolver el nombre receptor-emite.invalid', nextAttemptAt: expect.any(String) })]);

    // Later the name resolves, to a private address: the delivery is refused without a request.
    fakeDns.set('receptor-emite.invalid', '10.20.30.40');
    const test = await api('POST', `/api/admin/webhook/${endpoint._id}/test`);
    expect(test.json()).toMatchObject({ status: 'failed', httpStatus: null, error: expect.stringMatching(/local o privada \(receptor-emite\.invalid\)/) });
    // And saving it again now that it resolves is refused, as any private target.
    const edit = await api('PUT', `/api/admin/webhook/${endpoint._id}`, { url, events: ['comprobante.authorized'] });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().details[0]).toMatchObject({ path: 'url', message: expect.stringMatching(/local o privada/) });
    fakeDns.delete('receptor-emite.invalid');
    expect(received).toHaveLength(0);
    await removeEndpoints();
  });

  it('a URL with credentials: shown only when created, masked afterwards, kept on edit, sent as Basic authentication', async () => {
    const withCredentials = receiverUrl.replace('http://', 'http://integrador:cl%40ve-s3creta@');
    const created = await newEndpoint(['comprobante.authorized'], withCredentials);
    expect(created.url).toBe(withCredentials);
    const masked = receiverUrl.replace('http://', 'http://****:****@');
    expect((await api('GET', '/api/admin/webhook')).json()).toEqual([expect.objectContaining({ _id: created._id, url: masked })]);

    // The edit form sends the masked URL back with a new path: the stored credentials stay.
    const edited = await api('PUT', `/api/admin/webhook/${created._id}`, { url: `${masked}/v2`, events: ['comprobante.authorized'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().url).toBe(`${masked}/v2`);
    expect(edited.body).not.toContain('s3creta');

    const test = await api('POST', `/api/admin/webhook/${created._id}/test`);
    expect(test.json()).toMatchObject({ status: 'succeeded', httpStatus: 200 });
    expect(received).toHaveLength(1);
    expect(received[0].headers.authorization).toBe(`Basic ${Buffer.from('integrador:cl@ve-s3creta').toString('base64')}`);

    // New credentials replace the old ones; no answer, list or log repeats them.
    const replaced = await api('PUT', `/api/admin/webhook/${created._id}`, { url: receiverUrl.replace('http://', 'http://otro:nueva@'), events: ['comprobante.authorized'] });
    expect(replaced.json().url).toBe(masked);
    await api('POST', `/api/admin/webhook/${created._id}/test`);
    expect(received[1].headers.authorization).toBe(`Basic ${Buffer.from('otro:nueva').toString('base64')}`);
    const everything = [(await api('GET', '/api/admin/webhook')).body, (await api('GET', `/api/admin/webhook/${created._id}/deliveries`)).body].join('\n');
    expect(everything).not.toMatch(/s3creta|nueva|integrador|otro:/);
    await removeEndpoints();
  });

  it('sends a signed test event and logs it', async () => {
    const endpoint = await newEndpoint(['comprobante.authorized']);
    const res = await api('POST', `/api/admin/webhook/${endpoint._id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'webhook.test', attempt: 1, status: 'succeeded', httpStatus: 200, nextAttemptAt: null, responseTimeMs: expect.any(Number) });
    expect(received).toHaveLength(1);
    expect(received[0].body).toMatchObject({ id: res.json().eventId, type: 'webhook.test' });
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(signedBy(received[0], endpoint.secret)).toBe(true);
    expect(signedBy(received[0], 'whsec_otro')).toBe(false);
    expect(verifySignature({ secret: endpoint.secret, header: String(received[0].headers['x-emite-signature']), rawBody: received[0].raw.replace('webhook.test', 'webhook.tost'), nowSec: nowSec() })).toBe(false);
    const log = (await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json();
    expect(log).toEqual([res.json()]);
    await removeEndpoints();
  });
});

describe('comprobante events', () => {
  it('delivers exactly one signed comprobante.authorized per authorisation', async () => {
    const endpoint = await newEndpoint(['comprobante.authorized']);
    const other = await newEndpoint(['comprobante.rejected']);
    const inv = await issue();
    expect(inv.status).toBe('AUTORIZADA');
    await deliver();
    await deliver(120_000); // nothing more comes later
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(signedBy(got, endpoint.secret)).toBe(true);
    expect(got.headers['x-emite-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Object.keys(got.body)).toEqual(['id', 'type', 'created', 'data']);
    expect(got.body).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'comprobante.authorized',
      data: { _id: inv._id, codDoc: '01', estab: '001', ptoEmi: '001', status: 'AUTORIZADA', claveAcceso: inv.claveAcceso, numeroAutorizacion: inv.claveAcceso, importeTotal: 25, mensajes: expect.any(Array) },
    });
    expect(Math.abs(got.body.created - nowSec())).toBeLessThan(60);
    expect((got.body.data as { secuencial: string }).secuencial).toMatch(/^\d{9}$/);
    expect((await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json()).toEqual([expect.objectContaining({ eventId: got.body.id, status: 'succeeded', httpStatus: 200, attempt: 1 })]);
    expect((await api('GET', `/api/admin/webhook/${other._id}/deliveries`)).json()).toEqual([]);

    // Two more authorisations: one event each, distinct ids.
    await issue();
    await issue();
    await deliver();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body.id)).size).toBe(3);
    await removeEndpoints();
  });

  it('wakes the worker at once after an issue whose only job for it is the webhook (a buyer without e-mail)', async () => {
    const sale = { ...bookSale(data), customer: data.consumidorFinal._id };
    let kicks = workerKicks;
    expect((await createAndIssue(t, a.auth, 'invoice', sale)).status).toBe('AUTORIZADA');
    expect(workerKicks - kicks).toBe(0); // nothing to mail, nobody subscribed

    await newEndpoint(['comprobante.authorized']);
    kicks = workerKicks;
    const inv = await createAndIssue(t, a.auth, 'invoice', sale);
    expect(inv.status).toBe('AUTORIZADA');
    expect(workerKicks - kicks).toBe(1);
    await deliver();
    expect(received.map((r) => r.body.data)).toEqual([expect.objectContaining({ _id: inv._id })]);
    await removeEndpoints();
  });

  it('retries after a 500: the same event again, with backoff, and the log shows both attempts', async () => {
    const endpoint = await newEndpoint(['comprobante.authorized']);
    answers = [500];
    await issue();
    await deliver();
    expect(received).toHaveLength(1);
    const [failed] = (await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json();
    expect(failed).toMatchObject({ attempt: 1, status: 'failed', httpStatus: 500, error: expect.stringContaining('500') });
    const retryIn = Date.parse(failed.nextAttemptAt) - Date.parse(failed.at);
    expect(retryIn).toBeGreaterThan(0);
    expect(retryIn).toBeLessThanOrEqual(60_000); // first retry within a minute
    await deliver(); // not due yet
    expect(received).toHaveLength(1);
    await deliver(61_000);
    expect(received).toHaveLength(2);
    expect(received[1].body.id).toBe(received[0].body.id);
    expect(received[1].raw).toBe(received[0].raw);
    expect(signedBy(received[1], endpoint.secret, nowSec() + 61)).toBe(true);
    const log = (await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json();
    expect(log.map((d: { attempt: number; status: string }) => [d.attempt, d.status])).toEqual([
      [2, 'succeeded'],
      [1, 'failed'],
    ]);
    await deliver(3600_000);
    expect(received).toHaveLength(2);
    await removeEndpoints();
  });

  it('gives up 24 h after the event', async () => {
    const endpoint = await newEndpoint(['comprobante.authorized']);
    answers = Array.from({ length: 50 }, () => 503);
    await issue();
    await deliver();
    await deliver(25 * 3600_000); // the next attempt is past the window: the last one
    const jobs = (await t.database.db.execute(sql`select status from job where kind = 'webhook_delivery' and payload->>'endpointId' = ${endpoint._id}`)) as unknown as { rows: Array<{ status: string }> };
    expect(jobs.rows).toEqual([{ status: 'failed' }]);
    const [last] = (await api('GET', `/api/admin/webhook/${endpoint._id}/deliveries`)).json();
    expect(last).toMatchObject({ attempt: 2, status: 'failed', httpStatus: 503, nextAttemptAt: null });
    await deliver(48 * 3600_000);
    expect(received).toHaveLength(2);
    await removeEndpoints();
  });

  it('a DEVUELTA gives comprobante.rejected with the SRI messages', async () => {
    const endpoint = await newEndpoint(['comprobante.rejected']);
    sriOnline = false;
    const inv = await issue();
    expect(inv.status).toBe('FIRMADA');
    // The stored XML altered after signing: the SRI returns it (39, firma inválida).
    await t.database.db.execute(sql`update comprobante set signed_xml = replace(signed_xml, '<importeTotal>25.00</importeTotal>', '<importeTotal>2.50</importeTotal>') where id = ${inv._id}`);
    sriOnline = true;
    const worker: WorkerDeps = { ...t.deps, sri: t.deps.sri!, webhooks: webhookOptions(t.deps), clock: () => new Date(Date.now() + 60_000) };
    await runDueJobs(worker, { comprobanteId: inv._id, kinds: ['sri_send'] });
    expect((await api('GET', `/api/invoice/${inv._id}`)).json().status).toBe('DEVUELTA');
    await deliver(60_000);
    expect(received).toHaveLength(1);
    expect(received[0].body).toMatchObject({ type: 'comprobante.rejected', data: { _id: inv._id, status: 'DEVUELTA', mensajes: [expect.objectContaining({ identificador: '39' })] } });
    expect(signedBy(received[0], endpoint.secret, nowSec() + 60)).toBe(true);
    await removeEndpoints();
  });

  it('comprobante.received: the enqueue function for received documents reaches subscribed endpoints only', async () => {
    const endpoint = await newEndpoint(['comprobante.received']);
    await newEndpoint(['comprobante.authorized']);
    const event = await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, { companyId: a.companyId, type: 'comprobante.received', data: { claveAcceso: '1'.repeat(49), codDoc: '01' }, now: new Date() }),
    );
    expect(event).not.toBeNull();
    await deliver();
    expect(received).toHaveLength(1);
    expect(received[0].body).toEqual({ id: event!.id, type: 'comprobante.received', created: event!.created, data: { claveAcceso: '1'.repeat(49), codDoc: '01' } });
    expect(signedBy(received[0], endpoint.secret)).toBe(true);
    await removeEndpoints();
    // Nobody subscribed: nothing is written.
    expect(await enqueueWebhookEvent(t.database.db, { companyId: a.companyId, type: 'comprobante.received', data: {}, now: new Date() })).toBeNull();
  });

  it('certificate.expiring: once per certificate when it enters the last 30 days', async () => {
    const endpoint = await newEndpoint(['certificate.expiring']);
    const notAfter = Date.parse((await api('GET', '/api/admin/company')).json().certificate.notAfter);
    const at = (days: number) => new Date(notAfter - days * 86_400_000);
    expect(await announceExpiringCertificates(t.database.db, { now: at(31) })).toBe(0);
    expect(await announceExpiringCertificates(t.database.db, { now: at(29.5) })).toBe(1);
    expect(await announceExpiringCertificates(t.database.db, { now: at(29) })).toBe(0);
    expect(await announceExpiringCertificates(t.database.db, { now: at(1) })).toBe(0);
    await deliver(notAfter - 29.5 * 86_400_000 - Date.now());
    expect(received).toHaveLength(1);
    expect(received[0].body).toMatchObject({ type: 'certificate.expiring', data: { serialNumber: expect.any(String), daysToExpiry: 29, notAfter: new Date(notAfter).toISOString() } });
    expect(signedBy(received[0], endpoint.secret, Math.floor(at(29.5).getTime() / 1000))).toBe(true);
    await removeEndpoints();
  });
});
