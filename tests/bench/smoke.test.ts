/**
 * Every benchmark at a tiny size, so none rots between the runs that measure (DESIGN.md: figures
 * go in bench/results, never in timed tests). Each command must finish and write its JSON with the
 * figures it promises; no figure is compared with a target here.
 * The list benchmark needs PostgreSQL (TEST_DATABASE_URL); without it, it is skipped and
 * tests/run-all.mjs says so.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'emite-bench-smoke-'));
const tmp = process.env.EMITE_TEST_TMP ?? path.resolve('tests/.tmp');

function bench(script: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', `bench/${script}.ts`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_RESULTS_DIR: resultsDir, ...env },
    timeout: 300_000,
  });
  expect(res.status, `${script}: ${res.stderr.slice(-2000)}`).toBe(0);
  return res.stdout;
}
const result = (name: string) => JSON.parse(readFileSync(path.join(resultsDir, `${name}.json`), 'utf8'));
const positive = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;

describe('benchmarks (smoke size)', () => {
  it('bench:issue issues invoices to AUTORIZADA at 1, 8 and 32 clients against the server and the sandbox SRI in their own processes, with API CPU per invoice', () => {
    bench('issue', ['6'], { BENCH_SMOKE: '1' });
    const r = result('issue-smoke');
    expect(positive(r.bareSignsPerSecond) && positive(r.pipelinePerSecond)).toBe(true);
    expect(r.steps.map((s: { step: string }) => s.step)).toContain('firma XAdES-BES');
    const kinds = new Set(r.results.map((x: { db: string }) => x.db));
    expect(kinds.has('pglite')).toBe(true);
    if (process.env.TEST_DATABASE_URL) expect(kinds.has('postgres')).toBe(true);
    for (const row of r.results) {
      expect(row.authorised, `${row.db} × ${row.clients}`).toBe(row.invoices);
      // The figures issue #16 compares runs by: throughput and the server's CPU per invoice.
      expect(positive(row.invoicesPerSecond) && positive(row.apiCpuMsPerInvoice), `${row.db} × ${row.clients}`).toBe(true);
    }
    expect(r.results.map((x: { clients: number }) => x.clients)).toEqual(expect.arrayContaining([1, 8, 32]));
    // Batch mode in the same run (issue 30): lotes make fewer SRI calls per invoice than single sends.
    type Row = { db: string; mode: string; sriCallsPerInvoice: number };
    const batch = r.results.find((x: Row) => x.mode === 'batch' && x.db === 'pglite');
    const single = r.results.find((x: Row) => x.mode === 'single' && x.db === 'pglite');
    expect(batch.sriCallsPerInvoice).toBeLessThan(single.sriCallsPerInvoice);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('bench:list seeds PostgreSQL, loads the API and the bare SQL at two sizes', () => {
    bench('list', ['--smoke']);
    const r = result('list-smoke');
    expect(r.sizes).toHaveLength(2);
    for (const size of r.sizes) {
      // Four list shapes and three of receivables (issue 26: VENCIDA / PENDIENTE by due date, by payment status).
      expect(size.rows.map((row: { scenario: string }) => row.scenario)).toEqual(expect.arrayContaining(['vencidas por vencimiento', 'pendientes por vencimiento', 'orden por estado de pago']));
      expect(size.rows).toHaveLength(7);
      expect(size.plans).toHaveLength(7);
      for (const plan of size.plans) expect(plan.nodes.length > 0 && typeof plan.seqScan === 'boolean', plan.scenario).toBe(true);
      for (const row of size.rows) {
        expect(positive(row.api.requestsPerSecond) && positive(row.bare.requestsPerSecond), row.scenario).toBe(true);
        expect(row.api.non2xx + row.api.errors, row.scenario).toBe(0);
        expect(positive(row.ratio) && positive(row.apiCpuMsPerRequest) && row.invoices === size.invoices, row.scenario).toBe(true);
      }
      expect(positive(size.dashboard.requestsPerSecond)).toBe(true);
    }
    expect(positive(r.serverPeakRssMb) && positive(r.largestResponseBytes)).toBe(true);
  });

  it('bench:ui measures the initial JS, the list and a keystroke in Chromium', () => {
    bench('ui', ['--smoke'], { BENCH_DIST_DIR: path.join(tmp, 'dist'), BENCH_REUSE_DIST: '1', CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const r = result('ui-smoke');
    expect(positive(r.initialJs.gzipKb) && positive(r.initialJs.brKb)).toBe(true);
    // The JS sent before the first row includes at least the entry script, and is less than it decodes to.
    expect(r.jsBeforeFirstRow.sentKb).toBeGreaterThan(0);
    expect(r.jsBeforeFirstRow.sentKb).toBeLessThan(r.jsBeforeFirstRow.decodedKb);
    expect(positive(r.loginReadyCold.medianMs)).toBe(true);
    expect(positive(r.listReady.medianMs) && positive(r.listReadyWarm.medianMs) && positive(r.listReady.apiSerialRounds)).toBe(true);
    expect(positive(r.keystroke.frameMedianMs)).toBe(true);
  });

  it('bench:sign and bench:xsd time the signer against bare RSA and the compiled XSD', () => {
    bench('sign', ['20'], { BENCH_SMOKE: '1' });
    const s = result('sign-smoke').figures;
    expect(positive(s.emiteSigner.docsPerSecond) && positive(s.ecSriInvoiceSigner.docsPerSecond) && positive(s.bareRsaSha1_1KB.signsPerSecond)).toBe(true);
    bench('xsd-validate', ['50'], { BENCH_SMOKE: '1' });
    expect(positive(result('xsd-validate-smoke').docsPerSecond)).toBe(true);
  });

  it('bench:memory starts the compiled server on PGlite, new and restarted', () => {
    bench('memory', [], { BENCH_IDLE_MS: '500' });
    const r = result('memory');
    expect(r.rows).toHaveLength(3);
    for (const row of r.rows) expect(positive(row.idleRssMb) && positive(row.peakRssMb), row.run).toBe(true);
  });
  it('bench:close builds a month of documents and times the ATS, the forms, the books and the streamed archive, with the server\'s RSS', () => {
    bench('close', ['--smoke', '--db', process.env.TEST_DATABASE_URL ? 'both' : 'pglite']);
    const r = result('close-smoke');
    expect(r.results.map((x: { db: string }) => x.db)).toEqual(process.env.TEST_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite']);
    for (const run of r.results) {
      expect(run.documents, run.db).toBe(200);
      for (const op of run.operations) expect(op.status, `${run.db} ${op.operation}`).toBe(200);
      expect(run.operations.map((o: { operation: string }) => o.operation)).toContain('ATS: archivo XML');
      expect(run.archive.status).toBe(200);
      expect(run.archive.rides, run.db).toBe(true);
      expect(positive(run.archive.bytes) && positive(run.archive.serverIdleRssMb) && Number.isFinite(run.archive.rssAboveIdleMb), run.db).toBe(true);
    }
  });
});
