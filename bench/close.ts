/**
 * `npm run bench:close [-- --docs 50000 --period 2026-03 --db postgres|pglite|both --ride-docs 2000]`
 *
 * The monthly close of one company with `--docs` documents in one month (bench/close-data.ts:
 * half received facturas, half issued facturas and retenciones), on PostgreSQL (a fresh database:
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres@127.0.0.1) and on PGlite (a fresh
 * DATA_DIR), each time with the real server as a child process (compiled, as `npm start` runs it):
 *   - GET /api/reports/ats/check, /api/reports/ats, /api/reports/form-104, /api/reports/form-103,
 *     the libro de ventas' first page and its whole CSV export: wall time, the server's CPU for the
 *     request (its process.cpuUsage(), bench/cpu-probe.mjs) and the bytes answered;
 *   - GET /api/reports/archive, read to the end by this process: wall time, the server's CPU, bytes,
 *     documents per second and the server's RSS sampled every 100 ms during the download, as peak
 *     above the idle RSS measured just before (goal ≤ 100 MB on PostgreSQL), and the server's own
 *     process.memoryUsage() before and at its peak (`serverMemoryMb`: rss, heapTotal, heapUsed,
 *     external, arrayBuffers), which tells the V8 heap from buffers and from allocator overhead.
 * Goals (issue 25): ATS ≤ 10 s and archive ≤ 100 MB above idle RSS on PostgreSQL. Writes
 * bench/results/close.json (or BENCH_RESULTS_DIR), with the machine's load average before and after
 * each operation. A month above `--ride-docs` documents (2,000) is archived with `?ride=0` (XML only):
 * each RIDE costs about 20 ms of CPU (printed on a worker thread with a small heap, one at a time,
 * so the count does not change memory: +69 MB at 50,000 documents with their RIDEs). `--smoke` runs 200 documents on both databases for CI.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { adminQuery } from '../tests/helpers/pg-admin.ts';
import { openDatabase } from '../server/db/client.ts';
import { runSeeds } from '../server/db/seed/run-seeds.ts';
import { createJwtService } from '../server/auth/jwt.ts';
import { seedCloseMonth, type CloseBenchCompany } from './close-data.ts';
import { startBenchServer, type BenchServer, type MemoryMb } from './server-process.ts';
import { writeResult } from './machine.ts';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    docs: { type: 'string' },
    period: { type: 'string', default: '2026-03' },
    db: { type: 'string' },
    'ride-docs': { type: 'string' },
  },
});
const smoke = args.smoke;
const DOCS = Number(args.docs ?? (smoke ? 200 : 50_000));
const PERIOD = String(args.period);
/** Months up to this many documents are archived with their RIDEs; larger ones with the XML only. */
const RIDE_DOCS = Number(args['ride-docs'] ?? 2_000);
const DBS = (args.db ?? 'both') === 'both' ? (['postgres', 'pglite'] as const) : ([args.db] as Array<'postgres' | 'pglite'>);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const load = () => os.loadavg().map((l) => round(l, 2));

interface Measured {
  operation: string;
  status: number;
  seconds: number;
  serverCpuSeconds: number;
  bytes: number;
  loadBefore: number[];
  loadAfter: number[];
}

/** One GET read to its end; the server's CPU over it. Optionally samples the server's RSS. */
async function measure(server: BenchServer, token: string, operation: string, url: string, sample?: (rss: number) => void): Promise<Measured & { memory: { before: MemoryMb; peak: MemoryMb } }> {
  const loadBefore = load();
  const use0 = await server.usage();
  const t0 = performance.now();
  const timer = sample ? setInterval(() => sample(server.rssMb()), 100) : undefined;
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  if (timer) clearInterval(timer);
  const seconds = (performance.now() - t0) / 1000;
  const use1 = await server.usage();
  const serverCpuSeconds = (use1.cpuMs - use0.cpuMs) / 1000;
  if (res.status !== 200) console.warn(`  ${operation}: HTTP ${res.status}`);
  const m = { operation, status: res.status, seconds: round(seconds, 2), serverCpuSeconds: round(serverCpuSeconds, 2), bytes, loadBefore, loadAfter: load() };
  console.log(`  ${operation}: ${m.seconds} s, ${m.serverCpuSeconds} s de CPU del servidor, ${bytes.toLocaleString('es-EC')} bytes (carga ${loadBefore[0]} -> ${m.loadAfter[0]})`);
  return { ...m, memory: { before: use0.memory.now, peak: use1.memory.peak } };
}

async function runOn(kind: 'postgres' | 'pglite') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `emite_close_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-close-'));
  if (kind === 'postgres') await adminQuery(adminUrl, `create database ${dbName}`);
  let server: BenchServer | undefined;
  try {
    console.log(`${kind}: ${DOCS.toLocaleString('es-EC')} documentos en ${PERIOD}`);
    const database = await openDatabase(kind === 'postgres' ? { databaseUrl: url.toString(), poolSize: 2 } : { pgliteDir: path.join(dataDir, 'pglite') });
    let company: CloseBenchCompany;
    const t0 = performance.now();
    try {
      await runSeeds(database.db);
      company = await seedCloseMonth(database.db, { docs: DOCS, period: PERIOD });
    } finally {
      await database.close();
    }
    const seedSeconds = round((performance.now() - t0) / 1000);
    console.log(`  datos: ${company.issued} emitidos (${company.retenciones} retenciones), ${company.received} recibidos, en ${seedSeconds} s`);
    const secret = randomBytes(32).toString('hex');
    server = await startBenchServer({ ...(kind === 'postgres' ? { DATABASE_URL: url.toString() } : { DATA_DIR: dataDir }), JWT_SECRET: secret, EMITE_WORKERS: '0' }, { compiled: true });
    const token = await createJwtService(secret, 24 * 3600).sign({ sub: company.userId, cid: company.companyId, tv: 0 });
    const q = `period=${PERIOD}`;
    // The archive first, on the server as it started (its idle RSS is the baseline of the goal); then
    // a warm-up (the first request compiles the ATS XSD) and the other operations.
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMb = server.rssMb();
    let peakRssMb = idleRssMb;
    const documents = company.issued + company.received;
    // The whole month's XML; with the RIDEs (about 15 ms of CPU each) only when the month is small
    // enough (--ride-docs): 50,000 RIDEs take over 12 minutes of CPU on this machine.
    const withRides = documents <= RIDE_DOCS;
    const archive = await measure(server, token, `archivo del mes (zip${withRides ? ', XML y RIDE' : ', solo XML'})`, `/api/reports/archive?${q}${withRides ? '' : '&ride=0'}`, (rss) => {
      peakRssMb = Math.max(peakRssMb, rss);
    });
    await fetch(`${server.url}/api/reports/ats/check?${q}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    const operations = [
      await measure(server, token, 'ATS: revisión', `/api/reports/ats/check?${q}`),
      await measure(server, token, 'ATS: archivo XML', `/api/reports/ats?${q}`),
      await measure(server, token, 'formulario 104', `/api/reports/form-104?${q}`),
      await measure(server, token, 'formulario 103', `/api/reports/form-103?${q}`),
      await measure(server, token, 'libro de ventas: página 1', `/api/reports/sales-book?${q}`),
      await measure(server, token, 'libro de ventas: CSV completo', `/api/reports/sales-book/export?${q}`),
      await measure(server, token, 'libro de ventas: XLSX completo', `/api/reports/sales-book/export?${q}&format=xlsx`),
    ].map(({ memory: _, ...m }) => m);
    const { memory, ...archiveMeasured } = archive;
    const archiveFigures = { ...archiveMeasured, rides: withRides, documents, documentsPerSecond: round(documents / archive.seconds), serverCpuMsPerDocument: round((archive.serverCpuSeconds * 1000) / documents, 2), serverIdleRssMb: idleRssMb, serverPeakRssMbDuringArchive: peakRssMb, rssAboveIdleMb: peakRssMb - idleRssMb, serverMemoryMb: memory };
    const mem = (m: MemoryMb) => `rss ${m.rss}, heapUsed ${m.heapUsed}/${m.heapTotal}, external ${m.external} (arrayBuffers ${m.arrayBuffers})`;
    console.log(`  memoria del servidor (MB): antes ${mem(memory.before)}; pico ${mem(memory.peak)}`);
    console.log(`  archivo: ${archiveFigures.documentsPerSecond} documentos/s, ${archiveFigures.serverCpuMsPerDocument} ms de CPU por documento, RSS ${idleRssMb} MB en reposo -> ${peakRssMb} MB pico (+${archiveFigures.rssAboveIdleMb} MB)`);
    return { db: kind, documents, issued: company.issued, received: company.received, retenciones: company.retenciones, seedSeconds, operations, archive: archiveFigures };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  }
}

const results = [];
for (const kind of DBS) results.push(await runOn(kind));
const file = writeResult(smoke ? 'close-smoke' : 'close', {
  goal: { atsSeconds: 10, archiveRssAboveIdleMb: 100, on: 'postgres' },
  period: PERIOD,
  cores: os.cpus().length,
  results,
});
console.log(`resultados: ${file}`);
process.exit(0);
