/**
 * `npm run bench:issue [-- N]`: issue N invoices (draft -> AUTORIZADA) with 1, 8 and 32 concurrent
 * clients across 4 emission points, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set) on PostgreSQL, against the real server as `npm start` runs it (dist-server/main.mjs, its own
 * process, worker on) talking over HTTP to the sandbox SRI in a third process (`npm run
 * sri:sandbox`, as the real SRI is on its own machines: its XSD and signature checks are not
 * charged to Emite). The bench process only drives HTTP.
 *
 * Per run: invoices/s, latency p50/p99 from POST /api/invoice/:id/issue (which sends to the SRI and
 * polls the authorisation before answering) to AUTORIZADA (when the worker held the job, the client
 * polls GET /api/invoice/:id every 20 ms, counted in statusPolls), and the server's CPU per invoice: its
 * process.cpuUsage() over the timed window (bench/cpu-probe.mjs) ÷ invoices, i.e. the API, the
 * worker and both SOAP round trips, the figure that does not depend on how busy the machine is.
 * The sandbox SRI's CPU per invoice is reported beside it. In the same run: bare node:crypto
 * RSA-SHA1 signatures per second with the same key, interleaved with the in-process pipeline (key,
 * XML, XSD, XAdES-BES), the physical reference. Prints tables and writes bench/results/issue.json.
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of the server (node --cpu-prof) into dir; BENCH_DB=postgres
 * (or pglite) measures one database only; BENCH_CLIENTS=32 (or 1,8) only those concurrencies; BENCH_MODES=batch (or single)
 * only that mode (default both: the batch-to-single ratio needs both in one run); BENCH_BATCH_POLL_MS the batch mode's poll interval (default 20 ms, as the single mode's). BENCH_BATCH_TRACE=1 records each batch's progress (authorised count over time, `progress`). Each row also counts the SQL statements the server sent per
 * invoice (sqlStatementsPerInvoice, server/db/client.ts).
 */
import { createSign, randomBytes } from 'node:crypto';
import pg from 'pg';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminQuery } from '../tests/helpers/pg-admin.ts';
import { newRuc } from '../tests/helpers/test-app.ts';
import { generateTestP12 } from '../server/domain/comprobantes/test-certificate.ts';
import { loadSigningCredentials } from '../server/domain/comprobantes/signing-credentials.ts';
import { buildFacturaXml } from '../server/domain/comprobantes/factura/build-factura-xml.ts';
import { validateFacturaXml } from '../server/sri/validate-xsd.ts';
import { signComprobante } from '../server/domain/comprobantes/sign-xades.ts';
import { buildSignedFactura } from '../server/domain/comprobantes/sign-comprobante.ts';
import { checkComprobante } from '../server/sri/sandbox-checks.ts';
import { createMemorySandboxStore } from '../server/sri/sandbox-store.ts';
import { createSriClient, sriEndpoints } from '../server/sri/soap-client.ts';
import { buildClaveAcceso, randomCodigoNumerico } from '../core/access-key.ts';
import { sampleFactura } from '../tests/helpers/factura-sample.ts';
import { peakRssMb, writeResult } from './machine.ts';
import { startBenchServer, startSandboxSri, type BenchServer, type SandboxSri } from './server-process.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const CONCURRENCY = process.env.BENCH_CLIENTS ? process.env.BENCH_CLIENTS.split(',').map(Number) : [1, 8, 32];
const PUNTOS = ['001', '002', '003', '004'];
const MODES = (process.env.BENCH_MODES ?? 'single,batch').split(',');
/**
 * Pause between GET /api/batch polls, ms: 20 by default, as the single mode's client polls an
 * invoice the worker holds (the batch's end is then seen as soon, on average, as a single issue's);
 * BENCH_BATCH_POLL_MS=50 gives the figures measured before (each poll's CPU is in apiCpuMsPerInvoice).
 */
const BATCH_POLL_MS = Number(process.env.BENCH_BATCH_POLL_MS ?? 20);
/** BENCH_BATCH_TRACE=1: the batch row records each batch's progress over time (`progress`). */
const TRACE = process.env.BENCH_BATCH_TRACE === '1';

function perSecond(count: number, ms: number) {
  return Math.round((count / ms) * 1000 * 10) / 10;
}
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * CPU of the PostgreSQL backends connected to the bench's database now, ms (user + system from
 * /proc/<pid>/stat, 10 ms ticks; NaN off PostgreSQL or without /proc). The server's pool keeps its
 * connections, so a before/after difference is what its statements cost PostgreSQL (WAL writer and
 * checkpoints, shared with other databases, are not in it).
 */
let pgDb: { adminUrl: string; name: string } | undefined;
async function pgCpuMs(): Promise<number> {
  if (!pgDb) return Number.NaN;
  const client = new pg.Client({ connectionString: pgDb.adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [pgDb.name]);
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      } catch {
        // exited meanwhile
      }
    }
    return ticks * 10;
  } catch {
    return Number.NaN;
  } finally {
    await client.end();
  }
}

/** One reading of the server's, the SRI's and PostgreSQL's counters (before and after a run). */
async function countersOf(server: { usage(): Promise<{ cpuMs: number; systemCpuMs: number; sqlStatements: number }> }, sri: { cpuMs(): Promise<number>; soapCalls(): Promise<number> }) {
  return { use: await server.usage(), sriCpuMs: await sri.cpuMs(), soapCalls: await sri.soapCalls(), pgCpuMs: await pgCpuMs() };
}

/** The per-invoice costs between two readings, the same for the single and the batch mode. */
function perInvoice(before: Awaited<ReturnType<typeof countersOf>>, after: Awaited<ReturnType<typeof countersOf>>, n: number) {
  return {
    apiCpuMsPerInvoice: round((after.use.cpuMs - before.use.cpuMs) / n),
    /** The kernel's part of apiCpuMsPerInvoice (system time: socket writes and reads, loopback TCP). */
    apiSystemCpuMsPerInvoice: round((after.use.systemCpuMs - before.use.systemCpuMs) / n),
    /** Statements the server sent to its database per invoice (BEGIN/COMMIT included on PostgreSQL; status polls included). */
    sqlStatementsPerInvoice: round((after.use.sqlStatements - before.use.sqlStatements) / n, 1),
    sriCpuMsPerInvoice: round((after.sriCpuMs - before.sriCpuMs) / n),
    /** The PostgreSQL backends' CPU per invoice (10 ms ticks: ±10 ms over the run), on PostgreSQL. */
    pgCpuMsPerInvoice: round((after.pgCpuMs - before.pgCpuMs) / n),
    /** SOAP calls the SRI answered per invoice (reception, authorisation). */
    sriCallsPerInvoice: round((after.soapCalls - before.soapCalls) / n),
  };
}
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

function time(label: string, iterations: number, fn: () => void) {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i += 1) fn();
  const ms = (performance.now() - t0) / iterations;
  return { step: label, msPerCall: Math.round(ms * 1000) / 1000 };
}

async function timeAsync(label: string, iterations: number, fn: () => Promise<unknown>) {
  await fn();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i += 1) await fn();
  const ms = (performance.now() - t0) / iterations;
  return { step: label, msPerCall: Math.round(ms * 1000) / 1000 };
}

/** JSON over HTTP to the server; throws on a non-2xx answer. */
async function api(server: BenchServer, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The activation token of the newest mail in the server's outbox (quoted-printable tolerated). */
function activationToken(server: BenchServer): string {
  const dir = path.join(server.dataDir, 'outbox');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.eml')).sort().reverse()) {
    const text = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
    const m = /#\/auth\/activate\/([A-Za-z0-9_-]+)/.exec(text);
    if (m) return m[1];
  }
  throw new Error(`no activation link in ${dir}`);
}

/** Registers, activates and logs in a company; uploads a certificate; one establishment with 4 points, a customer, a product. */
async function setup(server: BenchServer) {
  const ruc = await newRuc();
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Clave1234!';
  const reg = await api(server, 'POST', '/auth/register', undefined, {
    company: { ruc, razonSocial: `Bench ${ruc}`, email, dirMatriz: 'Av. Siempre Viva 123, Quito' },
    user: { firstName: 'Ana', lastName: 'Pérez', email, password },
  });
  await api(server, 'PUT', `/auth/activate-account/${activationToken(server)}`, undefined, {});
  const login = await api(server, 'PUT', `/auth/company/${reg.company._id}/login`, undefined, { email, password });
  const token: string = login.token;
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Bench S.A.', password: 'x' });
  await api(server, 'POST', '/api/admin/company/certificate', token, { p12: p12.toString('base64'), password: 'x' });
  const est = await api(server, 'POST', '/api/establishment', token, { estab: '001', nombre: 'Matriz', dirEstablecimiento: 'Quito', puntosEmision: PUNTOS.map((ptoEmi) => ({ ptoEmi })) });
  const customer = await api(server, 'POST', '/api/customer', token, { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Cliente Bench' });
  const product = await api(server, 'POST', '/api/product', token, { codigoPrincipal: 'P1', descripcion: 'Producto', precioUnitario: 10, codigoPorcentajeIva: '4' });
  return { token, est, customer, product };
}

/** `count` drafts (not timed), 8 at a time. */
async function drafts(server: BenchServer, s: Awaited<ReturnType<typeof setup>>, count: number): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < count; i = next++) {
        const body = { establishment: s.est._id, ptoEmi: PUNTOS[i % 4], customer: s.customer._id, detalles: [{ product: s.product._id, cantidad: 2, precioUnitario: 10, descuento: 0, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '01', total: 23 }] };
        ids[i] = (await api(server, 'POST', '/api/invoice', s.token, body))._id;
      }
    }),
  );
  return ids;
}

/** Batch mode: N drafts issued in batches of up to 500 (all started at once), polled until TERMINADO. */
async function batchRow(kind: 'pglite' | 'postgres', server: BenchServer, sri: SandboxSri, s: Awaited<ReturnType<typeof setup>>) {
  const ids = await drafts(server, s, N);
  const before = await countersOf(server, sri);
  const t0 = performance.now();
  const windowFromUs = Number(process.hrtime.bigint() / 1000n);
  let polls = 0;
  let authorised = 0;
  const trace: Array<{ batch: number; atMs: number; authorised: number; stalledMs: number }> = [];
  const chunks = Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, (i + 1) * 500));
  await Promise.all(
    chunks.map(async (chunk) => {
      const { batch } = await api(server, 'POST', '/api/invoice/issue-batch', s.token, { ids: chunk });
      let last = { at: performance.now() - t0, authorised: 0 };
      for (;;) {
        await new Promise((r) => setTimeout(r, BATCH_POLL_MS));
        const view = await api(server, 'GET', `/api/batch/${batch}`, s.token);
        polls += 1;
        if (TRACE && view.authorised !== last.authorised) {
          const at = performance.now() - t0;
          trace.push({ batch: chunks.indexOf(chunk), atMs: round(at, 0), authorised: view.authorised, stalledMs: round(at - last.at, 0) });
          last = { at, authorised: view.authorised };
        }
        if (view.status === 'TERMINADO') {
          authorised += view.authorised;
          return;
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  const windowUs = [windowFromUs, Number(process.hrtime.bigint() / 1000n)];
  const after = await countersOf(server, sri);
  return {
    db: kind,
    mode: 'batch',
    clients: chunks.length,
    invoices: N,
    authorised,
    invoicesPerSecond: perSecond(N, ms),
    ...perInvoice(before, after, N),
    /** Whole batch, first POST to the last TERMINADO (every invoice waits for its batch). */
    p50Ms: round(ms, 1),
    p99Ms: round(ms, 1),
    /** GET /api/batch polls, one every batchPollMs (their CPU is in apiCpuMsPerInvoice). */
    statusPolls: polls,
    batchPollMs: BATCH_POLL_MS,
    /** BENCH_BATCH_TRACE=1: each batch's authorised count whenever it changed, and the ms since its previous change. */
    ...(TRACE ? { progress: trace } : {}),
    /** BENCH_BATCH_TRACE=1: each batch's authorised count whenever it changed, and the ms since its previous change. */
    ...(TRACE ? { progress: trace } : {}),
    /** The timed window on the monotonic clock, µs, when profiling (bench/profile-summary.ts --window from:to). */
    ...(process.env.BENCH_CPU_PROF ? { profileWindowUs: windowUs } : {}),
  };
}

async function run(kind: 'pglite' | 'postgres', sri: SandboxSri) {
  const endpoints = sriEndpoints('sandbox', sri.url);
  const env: Record<string, string> = { JWT_SECRET: randomBytes(32).toString('hex'), SRI_ENV: 'sandbox', SRI_RECEPCION_URL: endpoints.recepcionUrl, SRI_AUTORIZACION_URL: endpoints.autorizacionUrl, EMITE_WORKERS: '1' };
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const dbName = `emite_bench_issue_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (kind === 'postgres') {
    await adminQuery(adminUrl, `create database ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
    pgDb = { adminUrl, name: dbName };
  }
  const prof = process.env.BENCH_CPU_PROF;
  const server = await startBenchServer(env, { compiled: true, nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`, `--cpu-prof-name=issue-${kind}-${Date.now()}.cpuprofile`] : [] });
  try {
    const s = await setup(server);
    // Warm-up, not counted: JIT, pools, the certificate cache.
    for (const id of await drafts(server, s, Math.min(20, N))) await api(server, 'POST', `/api/invoice/${id}/issue`, s.token);
    // The batch path's own code (lotes, their SOAP, the multi-row writes) warmed up too, as the single
    // path's is above: one batch of 20, not counted (BENCH_BATCH_WARMUP=0 leaves it out).
    if (MODES.includes('batch') && process.env.BENCH_BATCH_WARMUP !== '0') {
      const { batch } = await api(server, 'POST', '/api/invoice/issue-batch', s.token, { ids: await drafts(server, s, Math.min(20, N)) });
      while ((await api(server, 'GET', `/api/batch/${batch}`, s.token)).status !== 'TERMINADO') await new Promise((r) => setTimeout(r, BATCH_POLL_MS));
    }
    const rows = [];
    for (const c of MODES.includes('single') ? CONCURRENCY : []) {
      const ids = await drafts(server, s, N);
      let next = 0;
      let authorised = 0;
      let pending = 0;
      const latencies: number[] = [];
      const before = await countersOf(server, sri);
      const t0 = performance.now();
      const windowFromUs = Number(process.hrtime.bigint() / 1000n);
      await Promise.all(
        Array.from({ length: c }, async () => {
          for (let i = next++; i < ids.length; i = next++) {
            const t = performance.now();
            let res = await api(server, 'POST', `/api/invoice/${ids[i]}/issue`, s.token);
            // The answer is usually final; when the worker holds the invoice's job, it finishes it.
            while (res.status === 'FIRMADA' || res.status === 'RECIBIDA' || res.status === 'EN_PROCESO') {
              await new Promise((r) => setTimeout(r, 20));
              res = await api(server, 'GET', `/api/invoice/${ids[i]}`, s.token);
              pending += 1;
            }
            latencies.push(performance.now() - t);
            if (res.status === 'AUTORIZADA') authorised += 1;
          }
        }),
      );
      const ms = performance.now() - t0;
      const windowUs = [windowFromUs, Number(process.hrtime.bigint() / 1000n)];
      const after = await countersOf(server, sri);
      rows.push({
        db: kind,
        mode: 'single',
        clients: c,
        invoices: N,
        authorised,
        invoicesPerSecond: perSecond(N, ms),
        ...perInvoice(before, after, N),
        p50Ms: round(percentile(latencies, 0.5), 1),
        p99Ms: round(percentile(latencies, 0.99), 1),
        /** GETs needed after an issue answered before AUTORIZADA (their CPU is in apiCpuMsPerInvoice). */
        statusPolls: pending,
        /** The timed window on the monotonic clock, µs, when profiling (bench/profile-summary.ts --window from:to). */
        ...(prof ? { profileWindowUs: windowUs } : {}),
      });
      console.log(`  ${kind} × ${c}: ${rows.at(-1)!.invoicesPerSecond}/s, ${rows.at(-1)!.apiCpuMsPerInvoice} ms CPU de la API por factura, ${rows.at(-1)!.sriCpuMsPerInvoice} ms del SRI, ${rows.at(-1)!.pgCpuMsPerInvoice} ms de PostgreSQL, ${rows.at(-1)!.sqlStatementsPerInvoice} sentencias SQL por factura`);
    }
    if (!MODES.includes('batch')) return { rows, serverPeakRssMb: server.peakRssMb() };
    rows.push(await batchRow(kind, server, sri, s));
    console.log(`  ${kind} en lote: ${rows.at(-1)!.invoicesPerSecond}/s, ${rows.at(-1)!.apiCpuMsPerInvoice} ms CPU de la API por factura, ${rows.at(-1)!.sriCpuMsPerInvoice} ms del SRI, ${rows.at(-1)!.pgCpuMsPerInvoice} ms de PostgreSQL, ${rows.at(-1)!.sriCallsPerInvoice} llamadas al SRI por factura`);
    return { rows, serverPeakRssMb: server.peakRssMb() };
  } finally {
    await server.stop();
    pgDb = undefined;
    if (kind === 'postgres') await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  }
}

const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Bench S.A.', password: 'x' }), 'x');
const doc = sampleFactura();
const xml = buildFacturaXml(doc);
const payload = Buffer.alloc(1024, 7);
// The pipeline (key + XML + XSD + signature, what issuing does in-process) and bare RSA-SHA1 with
// the same key, in interleaved slices, so that load from other processes weighs on both alike.
const ROUNDS = 5;
// An XSD-invalid document would "pipeline" without signing and inflate the rate: refuse to measure.
if (!buildSignedFactura(doc, creds, new Date()).valid) throw new Error('The sample factura does not validate: nothing to measure');
for (let i = 0; i < 100; i += 1) buildSignedFactura(doc, creds, new Date()); // XSD compile, templates, JIT
let signs = 0;
let bareMs = 0;
let pipelined = 0;
let pipelineMs = 0;
for (let r = 0; r < ROUNDS; r += 1) {
  const t0 = performance.now();
  while (performance.now() - t0 < 400) {
    createSign('RSA-SHA1').update(payload).sign(creds.privateKey);
    signs += 1;
  }
  bareMs += performance.now() - t0;
  const t1 = performance.now();
  for (let i = 0; i < 200; i += 1) {
    buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: i + 1, codigoNumerico: randomCodigoNumerico() });
    buildSignedFactura(doc, creds, new Date());
  }
  pipelineMs += performance.now() - t1;
  pipelined += 200;
}
const bareSignsPerSecond = perSecond(signs, bareMs);
const signed = signComprobante(xml, creds);
const steps = [
  time('clave de acceso', 2000, () => buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 1, codigoNumerico: randomCodigoNumerico() })),
  time('XML', 2000, () => buildFacturaXml(doc)),
  time('XSD', 1000, () => validateFacturaXml(xml)),
  time('firma XAdES-BES', 300, () => signComprobante(xml, creds)),
  time('XML + XSD + firma (emisión, un solo análisis)', 300, () => buildSignedFactura(doc, creds, new Date())),
  // What the sandbox SRI does per reception (the real SRI does it on its own machines).
  await timeAsync('SRI de pruebas: recepción (XSD, firma, clave)', 100, () => checkComprobante(signed, createMemorySandboxStore(), new Date())),
];
const signerPerSecond = Math.round(1000 / steps[3].msPerCall);
const pipelinePerSecond = Math.round(perSecond(pipelined, pipelineMs));

const sri = await startSandboxSri();
// The SOAP round trips to the sandbox SRI process on their own (what issuing waits for twice).
const client = createSriClient({ ...sriEndpoints('sandbox', sri.url) });
const docs = Array.from({ length: 51 }, (_, i) => signComprobante(buildFacturaXml(sampleFactura({ secuencial: 900_000 + i })), creds));
let nextDoc = 0;
steps.push(await timeAsync('SRI: recepción, ida y vuelta SOAP (otro proceso)', docs.length - 1, () => client.validarComprobante(docs[nextDoc++])));
const key = /<claveAcceso>(\d{49})</.exec(docs[0])![1];
steps.push(await timeAsync('SRI: autorización, ida y vuelta SOAP (otro proceso)', 50, () => client.autorizacionComprobante(key)));
const runs = [];
try {
  // BENCH_DB=postgres (or pglite) measures one database only.
  if (process.env.BENCH_DB !== 'postgres') runs.push(await run('pglite', sri));
  if (process.env.BENCH_DB === 'pglite') {
    // PostgreSQL not asked for
  } else if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) {
    runs.push(await run('postgres', sri));
  } else {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to also measure it');
  }
} finally {
  await sri.stop();
}

const results = runs.flatMap((r) => r.rows);
console.table(steps);
console.table(results);
console.log(`bare node:crypto RSA-SHA1: ${bareSignsPerSecond}/s; Emite's signer: ${signerPerSecond}/s (${Math.round((signerPerSecond / bareSignsPerSecond) * 100)} % of bare); key + XML + XSD + signature: ${pipelinePerSecond}/s (${Math.round((pipelinePerSecond / bareSignsPerSecond) * 100)} % of bare, goal 50 %)`);
const file = writeResult(process.env.BENCH_SMOKE ? 'issue-smoke' : 'issue', {
  goal: { invoicesPerSecondPostgres: 200, apiCpuMsPerInvoicePostgres: 4, pipelineToBareRatio: 0.5, batchToSingleRate: 3, batchApiCpuMsPerInvoice: 2 },
  n: N,
  bareSignsPerSecond,
  signerPerSecond,
  pipelinePerSecond,
  pipelineToBareRatio: Math.round((pipelinePerSecond / bareSignsPerSecond) * 100) / 100,
  steps,
  results,
  serverPeakRssMb: Math.max(...runs.map((r) => r.serverPeakRssMb)),
  benchPeakRssMb: peakRssMb(),
});
console.log(`results: ${file}`);
process.exit(0);
