/**
 * The SRI outage drill (issue 31; same-day alert of issue 24), on PGlite and PostgreSQL, with an
 * injected clock on today's date in Ecuador and the worker's passes run by hand every 5 s of that
 * clock: a factura is authorised at 19:10; the sandbox SRI is switched off from 19:15 to 20:15 (an
 * hour) while four more are issued; at 20:00 those four are announced (one mail listing them, four
 * comprobante.delayed events, the dashboard's attention list); when the SRI is back, every one of
 * them is authorised within a minute, exactly once (one AUTORIZADA event, one reception in the
 * sandbox), with consecutive secuenciales: nothing lost. During the outage the worker asked the SRI
 * at least once a minute (SRI_PROBE_MS) and not in a storm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bookSale, createAndIssue, issuingCompany } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { announceDelayed } from '../../server/domain/comprobantes/announce-delayed.ts';
import { runDueJobs } from '../../server/app-worker.ts';
import { createSriPort, type SriPort } from '../../server/sri/sri-port.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { sandboxControl } from '../../server/sri/sandbox.ts';

const today = guayaquilDate(new Date());
const at = (hhmm: string) => new Date(`${today}T${hhmm}:00-05:00`).getTime();
let now = at('19:00');
let t: TestApp;
let company: Awaited<ReturnType<typeof issuingCompany>>;
/** When the worker's port called the SRI (clock ms), and whether the SRI was up. */
const calls: Array<{ at: number; up: boolean }> = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(now) });
  company = await issuingCompany(t);
});
afterAll(async () => {
  sandboxControl.setOffline(false);
  await t?.close();
});

const api = (url: string) => t.app.inject({ method: 'GET', url, headers: company.a.auth });

/** The app's SRI port, counting the worker's calls. */
function countingPort(): SriPort {
  const port = createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' });
  const count = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => (...a: A) => (calls.push({ at: now, up: !sandboxControl.offline }), f(...a));
  return { validarComprobante: count(port.validarComprobante), autorizacionComprobante: count(port.autorizacionComprobante), consultarEstadoAutorizacionComprobante: count(port.consultarEstadoAutorizacionComprobante!) };
}

/** The worker (a pass every 5 s) and the same-day sweep (every minute) until `until`, or until `done` holds. */
async function runWorker(until: number, done?: () => Promise<boolean>): Promise<void> {
  const deps = { db: t.database.db, sri: countingPort(), mailer: t.deps.mailer, clock: () => new Date(now) };
  while (now < until) {
    now += 5000;
    while ((await runDueJobs(deps)) > 0);
    if (now % 60_000 === 0) await announceDelayed(deps);
    if (done && (await done())) return;
  }
}

type Issued = { _id: string; numero: string; claveAcceso: string; status: string };
const statusOf = async (id: string) => (await api(`/api/invoice/${id}`)).json().status as string;

describe('the SRI down for an hour across 20:00', () => {
  it('loses nothing, authorises each once within a minute of its return, and raises the same-day alert for those still waiting at 20:00', async () => {
    now = at('19:10');
    const before = (await createAndIssue(t, company.a.auth, 'invoice', bookSale(company.data))) as Issued;
    expect(before.status).toBe('AUTORIZADA');

    now = at('19:15');
    sandboxControl.setOffline(true);
    const during: Issued[] = [];
    for (const hhmm of ['19:20', '19:30', '19:40', '19:50']) {
      await runWorker(at(hhmm));
      const issued = (await createAndIssue(t, company.a.auth, 'invoice', bookSale(company.data))) as Issued;
      expect(issued.status).toBe('FIRMADA');
      during.push(issued);
    }
    const mailsBefore = (await t.mails()).length;
    await runWorker(at('20:15'));
    for (const d of during) expect(await statusOf(d._id)).toBe('FIRMADA');

    // The same-day alert, raised at 20:00 for the four, once.
    const mails = (await t.mails()).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(['4 comprobantes sin autorizar por el SRI al cierre del día']);
    for (const d of during) expect(mails[0].text).toContain(`Factura ${d.numero}`);
    expect(mails[0].text).not.toContain(before.numero);
    const attention = (await api('/api/dashboard')).json().attention as Array<{ reason: string; _id: string }>;
    expect(attention.filter((a) => a.reason === 'delayed').map((a) => a._id).sort()).toEqual(during.map((d) => d._id).sort());

    // During the outage: asked at least once a minute, never a storm.
    const outage = calls.filter((c) => c.at >= at('19:15') && c.at < at('20:15'));
    expect(outage.every((c) => !c.up)).toBe(true);
    const gaps = outage.slice(1).map((c, i) => c.at - outage[i].at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60_000);
    expect(outage.length).toBeLessThan(4 * 20 + 60 * 2);

    // Back at 20:15: everything authorised within a minute.
    sandboxControl.setOffline(false);
    const back = now;
    await runWorker(back + 5 * 60_000, async () => (await Promise.all(during.map((d) => statusOf(d._id)))).every((s) => s === 'AUTORIZADA'));
    expect(now - back).toBeLessThanOrEqual(60_000);
    for (const d of [before, ...during]) {
      expect(await statusOf(d._id)).toBe('AUTORIZADA');
      // Moves into AUTORIZADA (a mail sent later is an AUTORIZADA -> AUTORIZADA row with its note).
      const events = (await api(`/api/invoice/${d._id}/events`)).json() as Array<{ from: string | null; to: string; note: string | null }>;
      expect(events.filter((e) => e.to === 'AUTORIZADA' && e.from !== 'AUTORIZADA'), JSON.stringify(events)).toHaveLength(1);
      const received = (await t.database.db.execute(sql`select count(*)::int as n from sri_sandbox_comprobante where clave_acceso = ${d.claveAcceso}`)) as unknown as { rows: Array<{ n: number }> };
      expect(received.rows[0].n).toBe(1);
    }
    // None lost: five consecutive secuenciales, no gap.
    const secuenciales = [before, ...during].map((d) => Number(d.numero.slice(8)));
    expect(secuenciales).toEqual(secuenciales.map((_, i) => secuenciales[0] + i));
    expect((await api('/api/dashboard')).json().attention.filter((a: { reason: string }) => a.reason === 'delayed')).toEqual([]);
  });
});
