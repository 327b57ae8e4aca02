/**
 * `npm run bench:list [-- --invoices 1000000 --companies 1000 --small 10000 --seconds 10]`
 *
 * Seeds a fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local
 * postgres@127.0.0.1) with companies and invoices (bench/list-data.ts, generate_series), starts the
 * real server as a child process, and for each size (first `--small`, then `--invoices`):
 *   - GET /api/invoice in seven shapes (page 1 with exact total; search by customer name; status +
 *     date range; sorted by date, page 5) at `--connections` (64) with autocannon, each request for
 *     one of 64 companies in turn;
 *   - the very same SQL (the page with its total the API runs, from invoiceListQueries().toSQL(),
 *     named as the API prepares it) on a bare `pg` pool of the server's size, 64 concurrent loops: the limit the API can reach,
 *     and the bench process's CPU per request for it (node-postgres alone: the floor of the API's CPU);
 *   - the same for receivables (issue 26): VENCIDA and PENDIENTE sorted by due date, and the sort by
 *     payment status;
 *   - GET /api/dashboard for a year, at 16 connections;
 *   - EXPLAIN ANALYZE of every shape for one company (`plans`: nodes, seqScan, execution ms).
 * Reports requests/s, p50/p99 ms, API/bare ratio (same run), the server's CPU per request (its
 * process.cpuUsage() over the timed window ÷ requests, bench/cpu-probe.mjs), bytes per response, the server's peak RSS, and
 * p50 growth from the small size to the large one. Writes bench/results/list.json (or
 * BENCH_RESULTS_DIR). `--smoke` runs a tiny size for CI. `--keep` leaves the database; `--reuse NAME`
 * measures again on it without seeding (its one size, no biggest tenant): minutes saved per run
 * while iterating, as is `--api-only` (no bare SQL loop, dashboard or plans). BENCH_CPU_PROF=dir writes a V8 CPU profile of
 * the server (node --cpu-prof) into dir; bench/profile-summary.ts reads it, each timed window on its own
 * with the `--window` the bench prints.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminQuery } from '../tests/helpers/pg-admin.ts';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client.ts';
import { runSeeds } from '../server/db/seed/run-seeds.ts';
import { createJwtService } from '../server/auth/jwt.ts';
import { invoiceListQueries, type ComprobanteListQuery } from '../server/domain/comprobantes/list-comprobantes.ts';
import { countInvoices, dropHelpers, growInvoices, readCompanies, SEARCH_TERM, seedCompanies, type BenchCompany } from './list-data.ts';
import { startBenchServer, type BenchServer } from './server-process.ts';
import { writeResult } from './machine.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    invoices: { type: 'string' },
    companies: { type: 'string' },
    small: { type: 'string' },
    big: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'api-only': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const smoke = args.smoke;
const LARGE = Number(args.invoices ?? (smoke ? 2_000 : 1_000_000));
const COMPANIES = Number(args.companies ?? (smoke ? 20 : 1_000));
const SMALL = Number(args.small ?? (smoke ? 200 : 10_000));
/** Invoices of one more company, measured alone after the large size: the biggest tenant. */
const BIG = args.reuse ? 0 : Number(args.big ?? Math.round(LARGE / 10));
const SECONDS = Number(args.seconds ?? (smoke ? 2 : 10));
const CONNECTIONS = Number(args.connections ?? 64);
const WARMUP_SECONDS = smoke ? 1 : 3;
/** The server's node-postgres pool (server/db/client.ts default). The bare loop gets the same. */
const POOL_SIZE = 10;
const TODAY = '2026-11-22';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `--keep` leaves the database (and its bench_* helper tables); `--reuse NAME` measures on such a database without seeding again. */
const dbName = args.reuse ?? `emite_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const benchUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

interface Scenario {
  name: string;
  query: ComprobanteListQuery;
}
const ALL_SCENARIOS: Scenario[] = [
  { name: 'página 1 + total', query: { page: 1, per_page: 20 } },
  { name: 'búsqueda por cliente', query: { q: SEARCH_TERM, page: 1, per_page: 20 } },
  { name: 'estado + fechas', query: { status: 'AUTORIZADA', from: '2026-05-01', to: '2026-10-31', page: 1, per_page: 20 } },
  { name: 'orden por fecha, página 5', query: { sort: 'fechaEmision', page: 5, per_page: 20 } },
  // Receivables (issue 26, DESIGN.md §12): filter by payment status, sort by due date or by status.
  { name: 'vencidas por vencimiento', query: { paymentStatus: 'VENCIDA', sort: 'dueDate', page: 1, per_page: 20 } },
  { name: 'pendientes por vencimiento', query: { paymentStatus: 'PENDIENTE', sort: 'dueDate', page: 1, per_page: 20 } },
  { name: 'orden por estado de pago', query: { sort: 'paymentStatus', page: 1, per_page: 20 } },
];
/** `--only 0,3`: just those scenarios (indices into the list above), e.g. while iterating on the API's CPU. */
const SCENARIOS = args.only ? args.only.split(',').map((i) => ALL_SCENARIOS[Number(i)]).filter(Boolean) : ALL_SCENARIOS;

const toPath = (q: ComprobanteListQuery) => `/api/invoice?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()}`;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** autocannon over `paths[i]` with `tokens[i]`, round robin. */
async function load(server: BenchServer, paths: string[], tokens: string[], connections: number) {
  let next = 0;
  const run = (duration: number) => autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = next++ % paths.length;
          return { ...req, path: paths[i], headers: { ...req.headers, authorization: `Bearer ${tokens[i]}` } };
        },
      },
    ],
  });
  await run(WARMUP_SECONDS); // JIT, connection pools and caches, as in a server that has been up a while
  const u0 = await server.usage();
  const windowFromUs = Number(process.hrtime.bigint() / 1000n);
  const r = await run(SECONDS);
  const windowUs = [windowFromUs, Number(process.hrtime.bigint() / 1000n)];
  const u1 = await server.usage();
  const cpuMs = u1.cpuMs - u0.cpuMs;
  const ok = r.requests.total - r.non2xx - r.errors;
  if (r.non2xx > 0 || r.errors > 0) console.warn(`  ${r.non2xx} respuestas no 2xx y ${r.errors} errores de ${r.requests.total}`);
  return {
    requestsPerSecond: round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    /** The server's process.cpuUsage() over the timed window ÷ requests answered, ms. */
    apiCpuMsPerRequest: r.requests.total > 0 ? round(cpuMs / r.requests.total, 3) : 0,
    /** Of which in the kernel (system CPU: sockets), ms. */
    apiSystemCpuMsPerRequest: r.requests.total > 0 ? round((u1.systemCpuMs - u0.systemCpuMs) / r.requests.total, 3) : 0,
    /** SQL statements the server sent per request over the timed window (server/db/client.ts counts them). */
    sqlStatementsPerRequest: r.requests.total > 0 ? round((u1.sqlStatements - u0.sqlStatements) / r.requests.total, 2) : 0,
    bytesPerResponse: ok > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
    non2xx: r.non2xx,
    errors: r.errors,
    /** The timed window on the monotonic clock, µs, when profiling (bench/profile-summary.ts --window from:to). */
    ...(process.env.BENCH_CPU_PROF ? { profileWindowUs: windowUs } : {}),
  };
}

/** The API's statements per request (listComprobantes: the page with its total) on a bare pool: 64 loops for SECONDS. */
async function bareLoop(pool: pg.Pool, statements: Array<Array<{ name: string; sql: string; params: unknown[] }>>, warmUp = true): Promise<{ requestsPerSecond: number; p50Ms: number; p99Ms: number; cpuMsPerRequest: number }> {
  if (warmUp) await bareLoop(pool, statements, false);
  const seconds = warmUp ? SECONDS : WARMUP_SECONDS;
  const latencies: number[] = [];
  const cpu0 = process.cpuUsage();
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const pair = statements[next++ % statements.length];
        const t0 = performance.now();
        // Named, as the API prepares it (server/domain/comprobantes/list-comprobantes.ts): PostgreSQL
        // parses it once per connection on both sides.
        await Promise.all(pair.map((s) => pool.query({ name: s.name, text: s.sql, values: s.params as unknown[] })));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))], 2);
  // The bench process's own CPU per request: what node-postgres alone costs for the same statements.
  return { requestsPerSecond: round(latencies.length / seconds), p50Ms: at(0.5), p99Ms: at(0.99), cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / latencies.length, 3) };
}

/** The node types of a plan tree, depth first ("Limit > Index Scan on comprobante …"). */
function planNodes(node: Record<string, unknown>, out: string[] = []): string[] {
  out.push([node['Node Type'], node['Index Name'] ?? node['Relation Name']].filter(Boolean).join(' '));
  for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) planNodes(child, out);
  return out;
}

/**
 * EXPLAIN ANALYZE of each scenario's statement (what listInvoices runs) for one company: its nodes,
 * whether comprobante is read by a Seq Scan, and PostgreSQL's execution time (ms).
 */
async function explainScenarios(pool: pg.Pool, database: Awaited<ReturnType<typeof openDatabase>>, companyId: string) {
  const plans = [];
  for (const s of SCENARIOS) {
    const q = invoiceListQueries(database.db, { companyId, query: s.query }).pageWithTotal.toSQL();
    const { rows } = await pool.query(`explain (analyze, format json) ${q.sql}`, q.params as unknown[]);
    const plan = rows[0]['QUERY PLAN'][0];
    const nodes = planNodes(plan.Plan);
    plans.push({ scenario: s.name, seqScan: nodes.some((n) => n.startsWith('Seq Scan')), executionMs: round(plan['Execution Time'], 2), nodes });
  }
  return plans;
}

async function measureSize(ctx: { server: BenchServer; pool: pg.Pool; database: Awaited<ReturnType<typeof openDatabase>>; companies: BenchCompany[]; tokens: string[] }, invoices: number) {
  const rows = [];
  const sample = ctx.companies.slice(0, CONNECTIONS);
  for (const [i, s] of SCENARIOS.entries()) {
    const paths = sample.map(() => toPath(s.query));
    const statements = sample.map((c) => {
      // What listComprobantes runs: the page with its total in one statement.
      return [{ name: `bench_list_${i}`, ...invoiceListQueries(ctx.database.db, { companyId: c.companyId, query: s.query }).pageWithTotal.toSQL() }];
    });
    const api = await load(ctx.server, paths, ctx.tokens, CONNECTIONS);
    // `--api-only`: the API's figures alone (no bare SQL loop, dashboard or plans), while iterating on its CPU.
    const bare = args['api-only'] ? { requestsPerSecond: NaN, p50Ms: NaN, p99Ms: NaN, cpuMsPerRequest: NaN } : await bareLoop(ctx.pool, statements);
    rows.push({ invoices, scenario: s.name, api, bare, ratio: round(api.requestsPerSecond / bare.requestsPerSecond, 2), apiCpuMsPerRequest: api.apiCpuMsPerRequest });
    if (api.profileWindowUs) console.log(`  ventana del perfil: --window ${api.profileWindowUs.join(':')}`);
    console.log(`  ${s.name}: API ${api.requestsPerSecond}/s p50 ${api.p50Ms} ms p99 ${api.p99Ms} ms, ${api.apiCpuMsPerRequest} ms CPU/req (${api.apiSystemCpuMsPerRequest} sistema), ${api.sqlStatementsPerRequest} SQL/req; SQL ${bare.requestsPerSecond}/s p50 ${bare.p50Ms} ms, ${bare.cpuMsPerRequest} ms CPU/req`);
  }
  if (args['api-only']) return { rows, dashboard: { requestsPerSecond: NaN, p50Ms: NaN, p99Ms: NaN, bytesPerResponse: 0 }, plans: [] };
  const dashboard = await load(ctx.server, sample.map(() => `/api/dashboard?from=2025-12-01&to=${TODAY}`), ctx.tokens, 16);
  console.log(`  dashboard: ${dashboard.requestsPerSecond}/s p50 ${dashboard.p50Ms} ms p99 ${dashboard.p99Ms} ms, ${dashboard.apiCpuMsPerRequest} ms CPU/req`);
  const plans = await explainScenarios(ctx.pool, ctx.database, ctx.companies[0].companyId);
  for (const p of plans) console.log(`  plan ${p.scenario}: ${p.executionMs} ms${p.seqScan ? ' SEQ SCAN' : ''} — ${p.nodes.join(' > ')}`);
  return { rows, dashboard, plans };
}

async function main() {
  if (!args.reuse) await adminQuery(adminUrl, `create database ${dbName}`);
  const database = await openDatabase({ databaseUrl: benchUrl, poolSize: 2 });
  const pool = new pg.Pool({ connectionString: benchUrl, max: POOL_SIZE });
  // Dropping the database WITH (FORCE) ends idle connections; the pool reports that as 'error'.
  pool.on('error', () => {});
  let server: BenchServer | undefined;
  try {
    if (!args.reuse) await runSeeds(database.db);
    const t0 = performance.now();
    const all = args.reuse ? await readCompanies(pool) : await seedCompanies(pool, COMPANIES + 1);
    const companies = all.slice(0, COMPANIES);
    const big = all[COMPANIES];
    const companiesMs = performance.now() - t0;
    const secret = randomBytes(32).toString('hex');
    const jwt = createJwtService(secret, 24 * 3600);
    const tokens = await Promise.all(companies.slice(0, CONNECTIONS).map((c) => jwt.sign({ sub: c.userId, cid: c.companyId, tv: 0 })));
    // The server as `npm start` runs it (compiled), with its own event loop.
    const prof = process.env.BENCH_CPU_PROF;
    server = await startBenchServer({ DATABASE_URL: benchUrl, JWT_SECRET: secret, EMITE_WORKERS: '0' }, { compiled: true, nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [] });
    const idleRssMb = server.rssMb();

    const sizes = [];
    // `--small N --invoices N`: one size only (the growth table then compares it with itself).
    // `--reuse`: the size the kept database has.
    for (const target of args.reuse ? [await countInvoices(pool)] : SMALL === LARGE ? [SMALL] : [SMALL, LARGE]) {
      const have = await countInvoices(pool);
      const seedMs = args.reuse ? 0 : await growInvoices(pool, { from: have, to: target, companies: COMPANIES, today: TODAY });
      console.log(`${target.toLocaleString('es-EC')} facturas en ${COMPANIES} empresas (generadas en ${round(seedMs / 1000)} s)`);
      const measured = await measureSize({ server, pool, database, companies, tokens }, target);
      sizes.push({ invoices: target, seedSeconds: round(seedMs / 1000), ...measured, serverPeakRssMb: server.peakRssMb() });
    }

    // The biggest tenant: one company with BIG invoices, one user at a time (1 connection); `--big 0` skips it.
    const bigSeedMs = BIG === 0 ? 0 : await growInvoices(pool, { from: LARGE, to: LARGE + BIG, companies: 1, firstCompany: COMPANIES, today: TODAY });
    const bigToken = await jwt.sign({ sub: big.userId, cid: big.companyId, tv: 0 });
    const bigCompany = {
      invoices: BIG,
      seedSeconds: round(bigSeedMs / 1000),
      rows: [] as Array<{ scenario: string; api: Awaited<ReturnType<typeof load>> }>,
      plans: [] as Awaited<ReturnType<typeof explainScenarios>>,
    };
    for (const [scenario, path] of BIG === 0 ? [] : [...SCENARIOS.map((x) => [x.name, toPath(x.query)]), ['dashboard', `/api/dashboard?from=2025-12-01&to=${TODAY}`]]) {
      bigCompany.rows.push({ scenario, api: await load(server, [path], [bigToken], 1) });
    }
    if (BIG > 0) bigCompany.plans = await explainScenarios(pool, database, big.companyId);
    const bigPlans = bigCompany.plans;
    console.log(`una empresa con ${BIG.toLocaleString('es-EC')} facturas, un usuario:`);
    for (const p of bigPlans) console.log(`  plan ${p.scenario}: ${p.executionMs} ms${p.seqScan ? ' SEQ SCAN' : ''} — ${p.nodes.join(' > ')}`);
    console.table(bigCompany.rows.map((r) => ({ consulta: r.scenario, 'p50 ms': r.api.p50Ms, 'p99 ms': r.api.p99Ms, 'req/s': r.api.requestsPerSecond })));

    const [small, large = sizes[0]] = sizes;
    const growth = SCENARIOS.map((s, i) => ({ scenario: s.name, p50SmallMs: small.rows[i].api.p50Ms, p50LargeMs: large.rows[i].api.p50Ms, growth: round(large.rows[i].api.p50Ms / Math.max(small.rows[i].api.p50Ms, 0.01), 2) }));
    const table = sizes.flatMap((z) => z.rows.map((r) => ({ facturas: r.invoices, consulta: r.scenario, 'API req/s': r.api.requestsPerSecond, 'SQL req/s': r.bare.requestsPerSecond, 'API/SQL': r.ratio, 'CPU API ms/req': r.apiCpuMsPerRequest, 'CPU SQL ms/req': r.bare.cpuMsPerRequest, 'p50 ms': r.api.p50Ms, 'p99 ms': r.api.p99Ms, 'bytes/resp': r.api.bytesPerResponse })));
    console.table(table);
    console.table(growth);
    console.table(sizes.map((z) => ({ facturas: z.invoices, 'dashboard req/s': z.dashboard.requestsPerSecond, 'dashboard p50 ms': z.dashboard.p50Ms, 'dashboard p99 ms': z.dashboard.p99Ms, 'RSS pico MB': z.serverPeakRssMb })));
    const largestResponseBytes = Math.max(...sizes.flatMap((z) => [...z.rows.map((r) => r.api.bytesPerResponse), z.dashboard.bytesPerResponse]));
    const file = writeResult(smoke ? 'list-smoke' : 'list', {
      goal: { ratio: 0.5, apiCpuMsPerRequest: 0.5, p99Ms: 25, growth: 1.5, dashboardP50Ms: 50, serverRssMb: 512 },
      companies: COMPANIES,
      connections: CONNECTIONS,
      seconds: SECONDS,
      poolSize: POOL_SIZE,
      companiesSeedSeconds: round(companiesMs / 1000),
      serverIdleRssMb: idleRssMb,
      serverPeakRssMb: server.peakRssMb(),
      largestResponseBytes,
      sizes,
      growth,
      bigCompany,
    });
    console.log(`RSS del servidor: ${idleRssMb} MB en reposo, ${server.peakRssMb()} MB pico; respuesta más grande ${largestResponseBytes} bytes`);
    console.log(`resultados: ${file}`);
  } finally {
    await server?.stop();
    if (!args.keep && !args.reuse) await dropHelpers(pool).catch(() => {});
    await pool.end();
    await database.close();
    if (!args.keep && !args.reuse) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    else console.log(`base conservada: ${benchUrl}`);
  }
}

await main();
process.exit(0);
