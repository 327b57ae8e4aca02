/**
 * The dashboard's "Anulaciones pendientes" (issue 24) on a big tenant: one company with N invoices
 * (default 100,000, 85 % AUTORIZADA, bench/list-data.ts) and 3 open anulación requests, the whole
 * attention statement (dashboard-sql.ts attentionSql) timed 30 times with the partial index
 * comprobante_open_annulment_idx and again after dropping it, with EXPLAIN ANALYZE of the branch.
 * Needs a PostgreSQL at 127.0.0.1:5432 (user postgres); makes and drops its own database.
 * Run: npx tsx bench/annulment-attention.ts   (N=10000 for a quicker run)
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { runSeeds } from '../server/db/seed/run-seeds.ts';
import { adminQuery } from '../tests/helpers/pg-admin.ts';
import { growInvoices, seedCompanies, dropHelpers } from './list-data.ts';
import { attentionSql } from '../server/domain/dashboard/dashboard-sql.ts';

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `emite_annul_measure_${Date.now().toString(36)}`;
await adminQuery(admin, `create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c jit=off' });
pool.on('error', () => {});
try {
  await runSeeds(database.db);
  const [c] = await seedCompanies(pool, 1);
  const N = Number(process.env.N ?? 100000);
  const ms = await growInvoices(pool, { from: 0, to: N, companies: 1, today: '2026-11-26' });
  console.log(`seeded ${N} in ${Math.round(ms)} ms`);
  await dropHelpers(pool);
  await pool.query(`update comprobante set annulment = jsonb_build_object('state','SOLICITADA','motivo','x','requestedAt',now(),'requestedBy',null,'deadline','2026-12-07','needsAcceptance',false) where id in (select id from comprobante where company_id = $1 and status = 'AUTORIZADA' order by fecha_emision desc limit 3)`, [c.companyId]);
  await pool.query('analyze comprobante');
  const q = attentionSql({ companyId: c.companyId, stuckBefore: new Date(), draftBefore: new Date() });
  const time = async (label: string) => {
    const t: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      await database.db.execute(q);
      t.push(performance.now() - t0);
    }
    t.sort((a, b) => a - b);
    console.log(`${label}: attention statement median ${t[15].toFixed(2)} ms, p90 ${t[27].toFixed(2)} ms`);
  };
  const explain = async (label: string) => {
    const r = await pool.query(`explain (analyze, buffers) select id from comprobante where company_id = $1 and status = 'AUTORIZADA' and annulment->>'state' in ('SOLICITADA', 'PENDIENTE_ANULAR') order by fecha_emision asc, id limit 20`, [c.companyId]);
    console.log(label, '\n' + r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  };
  await time('with comprobante_open_annulment_idx');
  await explain('with index');
  await pool.query('drop index comprobante_open_annulment_idx');
  await pool.query('analyze comprobante');
  await time('without the index');
  await explain('without index');
} finally {
  await pool.end();
  await database.close();
  await adminQuery(admin, `drop database if exists ${name} with (force)`);
}
