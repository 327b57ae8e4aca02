/**
 * Same-day authorisation (DESIGN.md §10, issue 24), on PGlite and PostgreSQL, with an injected clock
 * on today's date in Ecuador: a factura issued while the SRI is unreachable is still FIRMADA at 19:59
 * (nothing said); at 20:00 it goes on the dashboard's attention list, the company's administrators
 * get one mail and the subscribed webhook one `comprobante.delayed` event; a later sweep says
 * nothing again; an authorised factura of the same day is never announced; once the SRI answers and
 * authorises it, it leaves the attention list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bookSale, createAndIssue, issuingCompany } from '../helpers/fixtures.ts';
import { guayaquilDate, toSriDate } from '../../core/guayaquil-date.ts';
import { jobs } from '../../server/db/schema/index-tables.ts';
import { WEBHOOK_JOB_KIND } from '../../server/domain/webhooks/webhook-jobs.ts';
import { announceDelayed, lateUpTo } from '../../server/domain/comprobantes/announce-delayed.ts';
import { runDueJobs } from '../../server/app-worker.ts';
import { createSriPort } from '../../server/sri/sri-port.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { sandboxControl } from '../../server/sri/sandbox.ts';

const today = guayaquilDate(new Date());
/** `hh:mm` of today in Ecuador (UTC-5) as an instant. */
const at = (hhmm: string) => new Date(`${today}T${hhmm}:00-05:00`);
let now = at('15:00');
let t: TestApp;
let company: Awaited<ReturnType<typeof issuingCompany>>;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, extend: (deps) => void (deps.config.webhookAllowPrivate = true) });
  company = await issuingCompany(t);
});
afterAll(async () => t?.close());
afterEach(() => sandboxControl.setOffline(false));

const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: company.a.auth, ...(payload ? { payload } : {}) });
const sweep = () => announceDelayed({ db: t.database.db, mailer: t.deps.mailer, clock: () => now });
const attention = async () => ((await api('GET', '/api/dashboard')).json().attention as Array<{ reason: string; _id?: string }>).filter((x) => x.reason === 'delayed').map((x) => x._id);
const delayedEvents = async () =>
  (await t.database.db.select().from(jobs).where(and(eq(jobs.companyId, company.a.companyId), eq(jobs.kind, WEBHOOK_JOB_KIND))))
    .map((j) => (j.payload as { event: { type: string; data: { _id: string; numero: string; status: string; delayedAt: string } } }).event)
    .filter((e) => e.type === 'comprobante.delayed');

describe('lateUpTo', () => {
  it('20:00 in Ecuador is the line', () => {
    expect(lateUpTo(new Date('2026-11-27T00:59:59Z'))).toBe('2026-11-25');
    expect(lateUpTo(new Date('2026-11-27T01:00:00Z'))).toBe('2026-11-26');
  });
});

describe('a factura not authorised by 20:00 of its emission day', () => {
  it('is announced once at 20:00 (attention list, one mail to the administrators, one webhook event) and leaves the list once authorised', async () => {
    const hook = await api('POST', '/api/admin/webhook', { url: 'http://127.0.0.1:9/emite', events: ['comprobante.delayed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const authorised = await createAndIssue(t, company.a.auth, 'invoice', bookSale(company.data));
    expect(authorised.status).toBe('AUTORIZADA');
    sandboxControl.setOffline(true);
    const waiting = await createAndIssue(t, company.a.auth, 'invoice', bookSale(company.data));
    expect(waiting.status).toBe('FIRMADA');
    expect(waiting.fechaEmision).toBe(today);
    const mailsBefore = (await t.mails()).length;

    now = at('19:59');
    expect(await sweep()).toBe(0);
    expect(await attention()).toEqual([]);
    expect(await delayedEvents()).toEqual([]);

    now = at('20:00');
    expect(await sweep()).toBe(1);
    expect(await attention()).toEqual([waiting._id]);
    const events = await delayedEvents();
    expect(events).toEqual([expect.objectContaining({ type: 'comprobante.delayed', data: expect.objectContaining({ _id: waiting._id, numero: waiting.numero, status: 'FIRMADA', delayedAt: now.toISOString() }) })]);
    expect((await api('GET', `/api/invoice/${waiting._id}`)).json().delayedAt).toBe(now.toISOString());
    const mails = (await t.mails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: company.a.email, subject: `Comprobante sin autorizar por el SRI al cierre del día: ${waiting.numero}` });
    expect(mails[0].text).toContain(`Factura ${waiting.numero} del ${toSriDate(today)}`);
    expect(mails[0].text).not.toContain(authorised.numero);
    expect(mails[0].text).toMatch(/: \$ [\d,]+\.\d{2} \(estado: (Firmada|Recibida|En proceso)\)/);

    // Later sweeps (this node or another) say nothing again.
    now = at('20:05');
    expect(await Promise.all([sweep(), sweep()])).toEqual([0, 0]);
    expect(await delayedEvents()).toHaveLength(1);
    expect((await t.mails()).length).toBe(mailsBefore + 1);

    // The SRI answers again: the worker sends it, it is authorised and leaves the attention list.
    sandboxControl.setOffline(false);
    now = at('20:30');
    const sri = createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' });
    for (let i = 0; i < 4; i += 1) await runDueJobs({ db: t.database.db, sri, mailer: t.deps.mailer, clock: () => now }, { comprobanteId: waiting._id, kinds: ['sri_send', 'sri_authorize'] });
    expect((await api('GET', `/api/invoice/${waiting._id}`)).json().status).toBe('AUTORIZADA');
    expect(await attention()).toEqual([]);
  });
});
