/**
 * Two API nodes on one database (issue 17, DESIGN.md §5): both issue on the same emission points
 * and both run workers. Numbering stays gapless and unique, every invoice is authorised exactly
 * once, and a worker that stops (SIGTERM -> app.close) hands the jobs it had claimed back at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';
import { seedMasterData, issuingCompany } from '../helpers/fixtures.ts';
import { runDueJobs } from '../../server/app-worker.ts';
import { createSriPort } from '../../server/sri/sri-port.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function draft(node: FastifyInstance, ptoEmi: string): Promise<string> {
  const res = await node.inject({
    method: 'POST',
    url: '/api/invoice',
    headers: a.auth,
    payload: {
      establishment: data.establishment._id,
      ptoEmi,
      customer: data.customer._id,
      detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 12.5 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

describe('two API nodes on one database, both running workers', () => {
  it('issue concurrently on the same emission points: consecutive secuenciales, each authorised once', async () => {
    // Node A is the test app rebuilt with its worker; node B is a second app on the same database.
    await t.restart({ worker: true });
    const nodeB = await t.addNode({ worker: true });
    const nodes = [t.app, nodeB];
    try {
      const PER_POINT = 12;
      const drafts: Array<{ id: string; ptoEmi: string }> = [];
      for (let i = 0; i < PER_POINT * 2; i += 1) {
        const ptoEmi = i % 2 === 0 ? '001' : '002';
        drafts.push({ id: await draft(nodes[i % 2], ptoEmi), ptoEmi });
      }
      // Every draft issued at once, alternating nodes, so both allocate on both points together.
      const answers = await Promise.all(drafts.map((d, i) => nodes[(i + 1) % 2].inject({ method: 'POST', url: `/api/invoice/${d.id}/issue`, headers: a.auth })));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);

      const deadline = Date.now() + 60_000;
      let pending = drafts.length;
      while (pending > 0 && Date.now() < deadline) {
        const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from comprobante where company_id = ${a.companyId} and status in ('FIRMADA', 'RECIBIDA', 'EN_PROCESO')`);
        pending = row.n;
        if (pending > 0) await new Promise((r) => setTimeout(r, 250));
      }
      expect(pending).toBe(0);

      const issued = await rows<{ pto_emi: string; secuencial: number; status: string; id: string }>(
        sql`select pto_emi, secuencial, status, id from comprobante where company_id = ${a.companyId} and status <> 'BORRADOR' order by pto_emi, secuencial`,
      );
      expect(issued).toHaveLength(drafts.length);
      for (const ptoEmi of ['001', '002']) {
        expect(issued.filter((r) => r.pto_emi === ptoEmi).map((r) => r.secuencial)).toEqual(Array.from({ length: PER_POINT }, (_, i) => i + 1));
      }
      expect(new Set(issued.map((r) => r.status))).toEqual(new Set(['AUTORIZADA']));
      const authorisations = await rows<{ comprobante_id: string; n: number }>(
        sql`select comprobante_id, count(*)::int as n from comprobante_event where company_id = ${a.companyId} and to_status = 'AUTORIZADA' and from_status is distinct from 'AUTORIZADA' group by comprobante_id`,
      );
      expect(authorisations).toHaveLength(drafts.length);
      expect(authorisations.every((r) => r.n === 1)).toBe(true);
      // The buyer's mail (an AUTORIZADA -> AUTORIZADA event with its note) goes out once per invoice.
      const mailedPerInvoice = () =>
        rows<{ n: number }>(
          sql`select count(*)::int as n from comprobante_event where company_id = ${a.companyId} and from_status = 'AUTORIZADA' and to_status = 'AUTORIZADA' and note like 'Enviada por correo%' group by comprobante_id`,
        );
      let mailed = await mailedPerInvoice();
      while (mailed.length < drafts.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        mailed = await mailedPerInvoice();
      }
      expect(mailed.map((r) => r.n)).toEqual(Array.from({ length: drafts.length }, () => 1));
      // The one (database-backed) sandbox SRI received each key once.
      const [received] = await rows<{ n: number; keys: number }>(
        sql`select count(*)::int as n, count(distinct clave_acceso)::int as keys from sri_sandbox_comprobante where clave_acceso in (select clave_acceso from comprobante where company_id = ${a.companyId})`,
      );
      expect(received).toEqual({ n: drafts.length, keys: drafts.length });
    } finally {
      await nodeB.close();
    }
  });

  it('a worker told to stop finishes the job in hand and releases the rest for another node at once', async () => {
    await t.restart({ worker: false });
    const ids = [await draft(t.app, '001'), await draft(t.app, '001'), await draft(t.app, '001')];
    // Mark them issued without the inline send: issue, then put their send jobs back to pending.
    for (const id of ids) expect((await t.app.inject({ method: 'POST', url: `/api/invoice/${id}/issue`, headers: a.auth })).statusCode).toBe(200);
    await t.database.db.execute(sql`update job set status = 'pending', run_at = now() - interval '1 second', locked_until = null, attempts = 0 where company_id = ${a.companyId} and comprobante_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    const before = await rows<{ id: string }>(sql`select id from job where company_id = ${a.companyId} and status = 'pending' and run_at <= now()`);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const sri = createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: (async () => { throw new Error('not used'); }) as typeof fetch });
    let handled = 0;
    const ran = await runDueJobs({ db: t.database.db, sri, mailer: t.deps.mailer, clock: () => new Date() }, { shouldStop: () => handled++ >= 1 });
    expect(ran).toBe(1);
    const running = await rows<{ n: number }>(sql`select count(*)::int as n from job where company_id = ${a.companyId} and status = 'running'`);
    expect(running[0].n).toBe(0);
    const released = await rows<{ attempts: number; locked_until: Date | null }>(
      sql`select attempts, locked_until from job where company_id = ${a.companyId} and status = 'pending' and run_at <= now()`,
    );
    expect(released.length).toBe(before.length - 1);
    expect(released.every((j) => j.attempts === 0 && j.locked_until === null)).toBe(true);
  });
});
