/**
 * Batch issuing (issue 30, DESIGN.md §14) against the sandbox SRI, on PGlite and PostgreSQL:
 * 120 drafts across two emission points -> consecutive secuenciales per point in the drafts' order,
 * every one authorised once, three lotes (50, 50, 20) and no single send; a lote with one comprobante
 * the SRI refuses authorises the others and reports that one (sent alone, DEVUELTA 45); the SRI down
 * in the middle of a batch, then back, finishes it once; a lote whose answer was lost after the SRI
 * received it is asked for, not resent; two batches at once both end on their first run (no deadlock
 * on the sales summary); another company's ids and batches are 404.
 * The SRI is the in-process sandbox behind a port that counts the calls (and can take it offline).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { createSriPort, type SriPort } from '../../server/sri/sri-port.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { createDbSandboxStore, sandboxControl } from '../../server/sri/sandbox.ts';
import { looksLikeLote } from '../../server/sri/lote-xml.ts';
import { authorizationDocument } from '../../server/domain/comprobantes/authorization-document.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let ruc: string;

/** What reached the SRI: comprobantes per lote sent, single sends, lote authorisation asks. */
const calls = { lotes: [] as number[], singles: 0, loteAsks: 0 };
/** When each lote was handed to the SRI (Date.now()), in the order sent. */
let lotesSentAt: number[] = [];
/** Called before each lote is sent (a test takes the SRI down there). */
let beforeLote: (n: number) => void = () => {};
/** Lotes (by their number in the test) whose answer is lost after the SRI received them: the process "dies" there. */
const loseAnswerOf = new Set<number>();

const ports = new WeakMap<object, SriPort>();
/** The built-in sandbox of the app as it is now (a restart makes a new app). */
function sandbox(): SriPort {
  let port = ports.get(t.app);
  if (!port) {
    port = createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: injectFetch(t.app), fetchOnlyFor: 'http://emite.internal/' });
    ports.set(t.app, port);
  }
  return port;
}

beforeAll(async () => {
  t = await createTestApp({
    extend: (deps) => {
      deps.sri = {
        async validarComprobante(xml, ambiente) {
          calls.singles += 1;
          return sandbox().validarComprobante(xml, ambiente);
        },
        async validarLote(lote, ambiente) {
          const xml = typeof lote === 'string' ? lote : lote.toString('utf8');
          expect(looksLikeLote(xml)).toBe(true);
          beforeLote(calls.lotes.length + 1);
          lotesSentAt.push(Date.now());
          calls.lotes.push((xml.match(/<comprobante>/g) ?? []).length);
          const answer = await sandbox().validarLote!(lote, ambiente);
          if (loseAnswerOf.delete(calls.lotes.length)) throw new Error('el proceso terminó antes de guardar la respuesta (prueba)');
          return answer;
        },
        autorizacionComprobante: (clave, ambiente) => sandbox().autorizacionComprobante(clave, ambiente),
        async autorizacionComprobanteLote(clave, ambiente) {
          calls.loteAsks += 1;
          return sandbox().autorizacionComprobanteLote!(clave, ambiente);
        },
      };
    },
  });
  // With the worker, as a server runs: a batch the SRI interrupted is resumed by it.
  await t.restart({ worker: true });
  ruc = await newRuc();
  a = await signUp(t, { ruc });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
});
afterAll(async () => {
  sandboxControl.setOffline(false);
  await t?.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function drafts(points: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const ptoEmi of points) {
    const d = await post(t, a.auth, '/api/invoice', {
      establishment: data.establishment._id,
      ptoEmi,
      customer: data.customer._id,
      detalles: [{ product: data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 25 }],
    });
    ids.push(d._id);
  }
  return ids;
}

type BatchView = { status: string; total: number; authorised: number; rejected: number; pending: number; lotes: Array<{ comprobantes: number; refused: number }>; items: Array<{ _id: string; numero: string | null; status: string; mensajes: Array<{ identificador: string; mensaje: string }> }> };

/** Start a batch and poll it until TERMINADO. */
async function runBatch(ids: string[], timeoutMs = 150_000): Promise<BatchView> {
  const started = await api('POST', '/api/invoice/issue-batch', { ids });
  expect(started.statusCode, started.body).toBe(202);
  const { batch } = started.json();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/api/batch/${batch}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as BatchView;
    expect(view.total).toBe(ids.length);
    if (view.status === 'TERMINADO') return view;
    if (Date.now() > deadline) {
      const jobs = await t.database.db.execute(sql`select kind, status, attempts, last_error, payload from job where kind = 'sri_batch'`);
      throw new Error(`el lote no terminó: ${JSON.stringify({ ...view, items: view.items.filter((i) => i.status !== 'AUTORIZADA').slice(0, 3), jobs: (jobs as unknown as { rows: unknown[] }).rows })}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many times each comprobante became AUTORIZADA (audit rows; a mail is an AUTORIZADA -> AUTORIZADA row). */
async function authorisedCounts(ids: string[]): Promise<number[]> {
  const res = await t.database.db.execute(sql`select comprobante_id::text as id, count(*)::int as n from comprobante_event where to_status = 'AUTORIZADA' and from_status is distinct from 'AUTORIZADA' and comprobante_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) group by comprobante_id`);
  const byId = new Map((res as unknown as { rows: Array<{ id: string; n: number }> }).rows.map((r) => [r.id, Number(r.n)]));
  return ids.map((id) => byId.get(id) ?? 0);
}

const secuencialOf = (numero: string | null) => Number(numero!.slice(8));

describe('batch issuing in SRI lotes', () => {
  it('120 drafts on two points: consecutive secuenciales per point, each authorised once, lotes of 50, 50 and 20', async () => {
    const points = Array.from({ length: 120 }, (_, i) => (i % 3 === 0 ? '002' : '001'));
    const ids = await drafts(points);
    Object.assign(calls, { lotes: [], singles: 0, loteAsks: 0 });
    lotesSentAt = [];
    const view = await runBatch(ids);

    expect(view).toMatchObject({ total: 120, authorised: 120, rejected: 0, pending: 0 });
    expect(view.lotes.map((l) => l.comprobantes)).toEqual([50, 50, 20]);
    expect(calls.lotes).toEqual([50, 50, 20]);
    // Each lote goes to the SRI before the next 50 drafts are signed (the SRI works while Emite signs).
    for (const [n, from] of [[0, 50], [1, 100]] as const) {
      const signed = await t.database.db.execute(sql`select min(at) as at from comprobante_event where to_status = 'FIRMADA' and comprobante_id in (${sql.join(ids.slice(from, from + 50).map((id) => sql`${id}::uuid`), sql`, `)})`);
      const at = new Date((signed as unknown as { rows: Array<{ at: string | Date }> }).rows[0].at).getTime();
      expect(at).toBeGreaterThanOrEqual(lotesSentAt[n]);
    }
    expect(calls.singles).toBe(0);
    for (const pto of ['001', '002']) {
      const numeros = view.items.filter((_, i) => points[i] === pto).map((i) => i.numero!);
      expect(numeros.every((n) => n.startsWith(`001-${pto}-`))).toBe(true);
      const secs = numeros.map(secuencialOf);
      expect(secs).toEqual(secs.map((_, i) => secs[0] + i));
    }
    expect(await authorisedCounts(ids)).toEqual(ids.map(() => 1));
    // Each is a regular authorised invoice: its authorisation XML and the buyer's mail follow.
    const one = (await api('GET', `/api/invoice/${ids[7]}`)).json();
    expect(one).toMatchObject({ status: 'AUTORIZADA', numeroAutorizacion: one.claveAcceso });
    const authorisedXml = await api('GET', `/api/invoice/${ids[7]}/xml?format=autorizacion`);
    expect(authorisedXml.statusCode).toBe(200);
    // The authorised document (written by the lote's statement around the stored signed XML) is the
    // one a single issue writes: the signed XML whole, without its declaration, in the CDATA.
    const signedXml = (await api('GET', `/api/invoice/${ids[7]}/xml?format=comprobante`)).body;
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(authorisedXml.body)?.[1];
    expect(field('fechaAutorizacion')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(authorisedXml.body).toBe(authorizationDocument({ estado: 'AUTORIZADO', numeroAutorizacion: one.claveAcceso, fechaAutorizacion: field('fechaAutorizacion'), ambiente: field('ambiente'), mensajes: one.mensajes, signedXml }));
    expect(one.mensajes.length).toBeGreaterThan(0); // the sandbox's 60 (ambiente de pruebas) travels in the tail
  }, 240_000); // 120 drafts written and signed: minutes on a loaded 2-core machine

  it('a lote with one comprobante the SRI refuses: the others are authorised, that one is reported', async () => {
    const ids = await drafts(['001', '001', '001', '001', '001']);
    // The SRI already has the third one's number under another key (error 45 when it arrives).
    const res = await t.database.db.execute(sql`select next_value from secuencial_sequence where company_id = ${a.companyId}::uuid and estab = '001' and pto_emi = '001' and cod_doc = '01'`);
    const next = Number((res as unknown as { rows: Array<{ next_value: number }> }).rows[0]?.next_value ?? 1);
    const taken = String(next + 2).padStart(9, '0');
    const other = '9'.repeat(49);
    expect(await createDbSandboxStore(t.database.db).save({ claveAcceso: other, numero: `${ruc}|001|001|01|${taken}`, xml: '<factura/>', ambiente: '1', receivedAt: new Date() })).toBe(true);
    Object.assign(calls, { lotes: [], singles: 0, loteAsks: 0 });

    const view = await runBatch(ids);
    expect(view).toMatchObject({ authorised: 4, rejected: 1, pending: 0 });
    expect(view.lotes).toMatchObject([{ comprobantes: 5, refused: 1 }]);
    expect(calls.lotes).toEqual([5]);
    const refused = view.items[2];
    expect(refused.status).toBe('DEVUELTA');
    expect(secuencialOf(refused.numero)).toBe(next + 2);
    expect(refused.mensajes.map((m) => m.identificador)).toContain('45');
    // It fell back to a single send, which the SRI refused with the same reason.
    expect(calls.singles).toBe(1);
    expect(view.items.filter((_, i) => i !== 2).every((i) => i.status === 'AUTORIZADA')).toBe(true);
  });

  it('the SRI down in the middle of a batch, then back: the batch finishes, each comprobante authorised once', async () => {
    const ids = await drafts(Array.from({ length: 60 }, (_, i) => (i % 2 ? '001' : '002')));
    Object.assign(calls, { lotes: [], singles: 0, loteAsks: 0 });
    beforeLote = (n) => {
      if (n !== 2) return;
      sandboxControl.setOffline(true);
      setTimeout(() => sandboxControl.setOffline(false), 1500);
    };
    try {
      const view = await runBatch(ids);
      expect(view).toMatchObject({ total: 60, authorised: 60, rejected: 0, pending: 0 });
    } finally {
      beforeLote = () => {};
      sandboxControl.setOffline(false);
    }
    // The second lote failed while the SRI was down and went again with the same key once it was back.
    expect(calls.lotes.slice(0, 2)).toEqual([50, 10]);
    expect(calls.lotes.length).toBeGreaterThanOrEqual(3);
    expect(await authorisedCounts(ids)).toEqual(ids.map(() => 1));
    const numeros = (await Promise.all(ids.map(async (id) => (await api('GET', `/api/invoice/${id}`)).json().numero as string))).sort();
    expect(new Set(numeros).size).toBe(60);
  }, 180_000);

  it('a lote the SRI received whose answer was lost (the process died there): resumed, asked first, nothing sent twice', async () => {
    const ids = await drafts(Array.from({ length: 60 }, () => '001'));
    Object.assign(calls, { lotes: [], singles: 0, loteAsks: 0 });
    loseAnswerOf.add(2);
    const view = await runBatch(ids);
    expect(view).toMatchObject({ total: 60, authorised: 60, rejected: 0, pending: 0 });
    // The second lote was not sent again: its autorizaciones were asked for before any resend.
    expect(calls.lotes).toEqual([50, 10]);
    expect(calls.singles).toBe(0);
    expect(await authorisedCounts(ids)).toEqual(ids.map(() => 1));
    const secs = view.items.map((i) => secuencialOf(i.numero));
    expect(secs).toEqual(secs.map((_, i) => secs[0] + i));
  }, 180_000);

  it('a draft refused after its secuencial was taken (its point used all 9 digits): only it fails, the others stay consecutive', async () => {
    const ids = await drafts(['001', '002', '001']);
    const seq = async (pto: string) => {
      const res = (await t.database.db.execute(sql`select next_value from secuencial_sequence where company_id = ${a.companyId}::uuid and estab = '001' and pto_emi = ${pto} and cod_doc = '01'`)) as unknown as { rows: Array<{ next_value: number }> };
      return res.rows[0] ? Number(res.rows[0].next_value) : undefined;
    };
    const saved = await seq('002');
    const next = (await seq('001')) ?? 1;
    await t.database.db.execute(sql`insert into secuencial_sequence (company_id, estab, pto_emi, cod_doc, next_value) values (${a.companyId}::uuid, '001', '002', '01', 1000000000) on conflict (company_id, estab, pto_emi, cod_doc) do update set next_value = 1000000000`);
    try {
      const view = await runBatch(ids);
      expect(view.items[1]).toMatchObject({ status: 'FALLIDA', numero: null });
      expect(view.items[1].mensajes[0].identificador).toBe('CONFLICT');
      expect([view.items[0], view.items[2]].map((i) => [i.status, secuencialOf(i.numero)])).toEqual([['AUTORIZADA', next], ['AUTORIZADA', next + 1]]);
      // Its failed attempt gave the number back.
      expect(await seq('002')).toBe(1000000000);
    } finally {
      if (saved === undefined) await t.database.db.execute(sql`delete from secuencial_sequence where company_id = ${a.companyId}::uuid and estab = '001' and pto_emi = '002' and cod_doc = '01'`);
      else await t.database.db.execute(sql`update secuencial_sequence set next_value = ${saved} where company_id = ${a.companyId}::uuid and estab = '001' and pto_emi = '002' and cod_doc = '01'`);
    }
  });

  it('two batches of the company at once, over the same points in opposite orders: both end on their first run', async () => {
    // Authorising a lote updates the sales summary rows of each day and point (migration 0012);
    // two lotes doing it at once in opposite orders deadlocked on PostgreSQL (one aborted, its job
    // retried seconds later).
    const first = await drafts(Array.from({ length: 100 }, (_, i) => (i % 2 ? '001' : '002')));
    const second = await drafts(Array.from({ length: 100 }, (_, i) => (i % 2 ? '002' : '001')));
    const [x, y] = await Promise.all([runBatch(first), runBatch(second)]);
    expect(x).toMatchObject({ total: 100, authorised: 100, pending: 0 });
    expect(y).toMatchObject({ total: 100, authorised: 100, pending: 0 });
    expect(await authorisedCounts([...first, ...second])).toEqual([...first, ...second].map(() => 1));
    const jobs = await t.database.db.execute(sql`select attempts, last_error from job where kind = 'sri_batch' and company_id = ${a.companyId}::uuid order by created_at desc limit 2`);
    expect((jobs as unknown as { rows: Array<{ attempts: number; last_error: string | null }> }).rows.map((j) => [Number(j.attempts), j.last_error])).toEqual([
      [1, null],
      [1, null],
    ]);
  }, 240_000);

  it('webhooks, mails and audit rows per comprobante, as for single issues', async () => {
    // An endpoint subscribed to comprobante.authorized (written directly: its deliveries are not what this test reads).
    await t.database.db.execute(sql`insert into webhook_endpoint (company_id, url, events, secret_encrypted) values (${a.companyId}::uuid, 'http://192.0.2.1/hooks', array['comprobante.authorized'], '\\x00'::bytea)`);
    try {
      const ids = await drafts(['001', '002', '001', '002']);
      const view = await runBatch(ids);
      expect(view).toMatchObject({ authorised: 4, rejected: 0, pending: 0 });
      const rows = (await t.database.db.execute(sql`select comprobante_id::text as id, kind, payload->'event'->>'type' as type, payload->'event'->'data'->>'_id' as "dataId", payload->'event'->'data'->>'status' as status from job where kind in ('webhook_delivery', 'mail_comprobante') and comprobante_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`)) as unknown as { rows: Array<{ id: string; kind: string; type: string | null; dataId: string | null; status: string | null }> };
      for (const id of ids) {
        const hooks = rows.rows.filter((r) => r.id === id && r.kind === 'webhook_delivery');
        expect(hooks).toEqual([{ id, kind: 'webhook_delivery', type: 'comprobante.authorized', dataId: id, status: 'AUTORIZADA' }]);
        expect(rows.rows.filter((r) => r.id === id && r.kind === 'mail_comprobante')).toHaveLength(1);
      }
      // Each one's audit trail: FIRMADA, RECIBIDA in its lote, AUTORIZADA.
      const events = (await t.database.db.execute(sql`select comprobante_id::text as id, from_status as "from", to_status as "to", note from comprobante_event where comprobante_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and to_status in ('FIRMADA', 'RECIBIDA', 'AUTORIZADA') and from_status is distinct from 'AUTORIZADA' order by at, id`)) as unknown as { rows: Array<{ id: string; from: string | null; to: string; note: string | null }> };
      for (const id of ids) {
        const mine = events.rows.filter((e) => e.id === id);
        expect(mine.map((e) => e.to)).toEqual(['FIRMADA', 'RECIBIDA', 'AUTORIZADA']);
        expect(mine[1]).toMatchObject({ from: 'FIRMADA', note: expect.stringMatching(/^Lote \d{49}$/) });
      }
    } finally {
      await t.database.db.execute(sql`delete from webhook_endpoint where company_id = ${a.companyId}::uuid`);
    }
  });

  it("another company's drafts and batches are not found", async () => {
    const ids = await drafts(['001', '001']);
    const b = await signUp(t, { ruc: await newRuc() });
    const refused = await api('POST', '/api/invoice/issue-batch', { ids }, b.auth);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().details.map((d: { path: string }) => d.path)).toEqual(['ids.0', 'ids.1']);
    // Nothing was issued: they are still drafts of their company.
    expect((await api('GET', `/api/invoice/${ids[0]}`)).json().status).toBe('BORRADOR');

    const started = await api('POST', '/api/invoice/issue-batch', { ids });
    expect(started.statusCode).toBe(202);
    expect((await api('GET', `/api/batch/${started.json().batch}`, undefined, b.auth)).statusCode).toBe(404);
    // And a comprobante of another type is not a factura draft either.
    expect((await api('POST', '/api/credit-note/issue-batch', { ids })).statusCode).toBe(404);
  });
});
