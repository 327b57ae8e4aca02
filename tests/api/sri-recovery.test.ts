/**
 * No invoice stranded in RECIBIDA (issue 17): the sandbox SRI keeps what it received in the
 * database, so a restart between reception and authorisation changes nothing; and the worker
 * resends a comprobante the SRI keeps answering zero autorizaciones for (SRI_RESEND_AFTER_MS),
 * going back to polling when the resend answers 43.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';
import { seedMasterData, issuingCompany, createAndIssue, bookSale } from '../helpers/fixtures.ts';
import { RESEND_NOTES } from '../../server/domain/comprobantes/jobs/resend-policy.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  // The sandbox authorises 1.5 s after reception: issuing answers RECIBIDA, the worker finishes.
  t = await createTestApp({ extend: (deps) => Object.assign(deps.config, { sriSandboxDelayMs: 1500, sriResendAfterMs: 60 * 60_000 }) });
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: a.auth });

async function issueDraft(): Promise<{ id: string; claveAcceso: string; status: string }> {
  const { _id, claveAcceso, status } = await createAndIssue(t, a.auth, 'invoice', bookSale(data));
  return { id: _id, claveAcceso, status };
}

/** Wait (real time: the worker runs on its own) until the invoice leaves the SRI statuses. */
async function settled(id: string, timeoutMs = 45_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await api('GET', `/api/invoice/${id}`)).json().status as string;
    if (!['FIRMADA', 'RECIBIDA', 'EN_PROCESO'].includes(status) || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Event = { from: string | null; to: string; note: string | null; mensajes: Array<{ identificador: string }> };
const events = async (id: string) => (await api('GET', `/api/invoice/${id}/events`)).json() as Event[];
const authorisations = (list: Event[]) => list.filter((e) => e.to === 'AUTORIZADA' && !e.note);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const sandboxRows = (clave: string) => rows<{ clave_acceso: string; authorized_at: Date | null }>(sql`select clave_acceso, authorized_at from sri_sandbox_comprobante where clave_acceso = ${clave}`);

describe('the sandbox SRI remembers across a restart', () => {
  it('restart between reception and authorisation: the invoice ends AUTORIZADA, received once, no resend', async () => {
    const issued = await issueDraft();
    expect(issued.status).toBe('RECIBIDA');
    expect(await sandboxRows(issued.claveAcceso)).toHaveLength(1);

    await t.restart({ worker: true });
    expect(await settled(issued.id)).toBe('AUTORIZADA');
    const history = await events(issued.id);
    expect(authorisations(history)).toHaveLength(1);
    expect(history.filter((e) => e.note?.includes('reenv'))).toEqual([]);
    const [stored] = await sandboxRows(issued.claveAcceso);
    expect(stored.authorized_at).not.toBeNull();
  });
});

describe('an SRI that answers zero autorizaciones long after the send', () => {
  it('forgot the reception: gets the comprobante again and authorises it once', async () => {
    await t.restart({ worker: false, sriResendAfterMs: 1000 });
    const issued = await issueDraft();
    expect(issued.status).toBe('RECIBIDA');
    // The SRI lost it: its authorisation service will answer zero autorizaciones from now on.
    await t.database.db.execute(sql`delete from sri_sandbox_comprobante where clave_acceso = ${issued.claveAcceso}`);

    await t.restart({ worker: true });
    expect(await settled(issued.id)).toBe('AUTORIZADA');
    const history = await events(issued.id);
    expect(authorisations(history)).toHaveLength(1);
    const notes = history.map((e) => e.note ?? '');
    expect(notes.filter((n) => n.startsWith('Sin autorización'))).toHaveLength(1);
    expect(notes).toContain(RESEND_NOTES.received);
    expect(await sandboxRows(issued.claveAcceso)).toHaveLength(1);
  }, 60_000);

  it('still there (43 on the resend): back to polling, authorised once, never received twice', async () => {
    // Authorisation 15 s after reception, resend after 1 s: the resend meets the stored reception
    // (15 s, not less: on a loaded machine the worker's restart alone has taken over 6 s).
    await t.restart({ worker: false, sriResendAfterMs: 1000, sriSandboxDelayMs: 15_000 });
    const issued = await issueDraft();
    expect(issued.status).toBe('RECIBIDA');
    await t.restart({ worker: true });
    expect(await settled(issued.id)).toBe('AUTORIZADA');
    const history = await events(issued.id);
    expect(authorisations(history)).toHaveLength(1);
    const registered = history.filter((e) => e.note === RESEND_NOTES.alreadyThere('43'));
    expect(registered.length).toBeGreaterThanOrEqual(1);
    expect(registered[0].mensajes[0]).toMatchObject({ identificador: '43' });
    const jobs = await rows<{ status: string; last_error: string | null }>(sql`select status, last_error from job where comprobante_id = ${issued.id} and kind = 'sri_authorize'`);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    expect(await sandboxRows(issued.claveAcceso)).toHaveLength(1);
  }, 90_000);
});
