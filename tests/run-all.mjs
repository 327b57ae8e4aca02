#!/usr/bin/env node
/**
 * `npm test`: every suite on a fresh machine, as jobs shared by two lanes (see `jobs` below): the
 * API suite on PGlite and the unit suite start together; e2e in Chromium follows the unit suite and
 * every benchmark at smoke size (issue, list, ui, memory, sign, xsd; no timing asserted; bench:ui
 * reuses the e2e build) follows e2e; the API suite on PostgreSQL (when TEST_DATABASE_URL is set)
 * runs as two halves of its files wherever a lane is free.
 * The lanes share nothing: API tests run in-process on their own databases, the browser suites
 * spawn the built server on free ports with their own DATA_DIRs. Running them side by side keeps
 * the machine busy while one lane waits on a browser, a server start or PostgreSQL.
 * Each suite's output is printed whole when it ends (so two lanes never interleave lines), and
 * each writes vitest's JSON report; the totals of all suites end the output as the plain line
 * `N passed, N failed`. Exit code is non-zero when any suite fails or cannot run.
 * REQUIRE_POSTGRES=1 turns a missing TEST_DATABASE_URL into a failure (CI sets it).
 * EMITE_TEST_SERIAL=1 runs the jobs one after the other (a slower machine, or to read one log).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// EMITE_TEST_TMP moves the e2e build and screenshots elsewhere; a run always starts from a fresh
// build (only the folders this runner owns are removed there: it may be a shared directory).
const tmp = process.env.EMITE_TEST_TMP ?? path.join(root, 'tests', '.tmp');
if (process.env.EMITE_TEST_TMP) for (const owned of ['dist', 'screens']) rmSync(path.join(tmp, owned), { recursive: true, force: true });
else rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
let passed = 0;
let failed = 0;
let broken = false;
/** Failed tests of every suite, printed again just above the totals so a log's tail names them. */
const failures = [];

/** Runs one vitest project; resolves when it ends, after printing its whole output and its count. */
function runSuite(label, project, env = {}, files = []) {
  const out = path.join(tmp, `${label.replace(/[^\w-]+/g, '-')}.json`);
  const t0 = Date.now();
  console.log(`=== ${label}: started at +${seconds(started)} ===`);
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...files],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      console.log(`\n=== ${label} (${seconds(t0)}) ===`);
      process.stdout.write(Buffer.concat(chunks));
      if (!existsSync(out)) {
        console.log(`${label}: the suite produced no report (exit ${code})`);
        broken = true;
        return resolve();
      }
      const report = JSON.parse(readFileSync(out, 'utf8'));
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      failures.push(...failedTestsOf(label, report));
      if (code !== 0) broken = true;
      if (code !== 0 && !report.numFailedTests) failures.push(`${label}: exit ${code} although no test failed (look for "Unhandled Errors" in its output above)`);
      console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
      resolve();
    });
  });
}

/** `suite file > test: first line of the error` for each failed test (or file) of a vitest JSON report. */
function failedTestsOf(label, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const message = String(t.failureMessages?.[0] ?? '');
      const why = message.split('\n')[0].slice(0, 240);
      lines.push(`${label} ${where} > ${t.fullName}: ${why}${whereItFailed(message)}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      lines.push(`${label} ${where}: ${String(file.message ?? 'the file failed').split('\n')[0].slice(0, 240)}`);
    }
  }
  return lines;
}

/**
 * What a failure message says beyond its first line, for a log's tail: Playwright's "waiting for …"
 * (which locator) and the first stack frame in a test file (which line), each on its own line.
 */
function whereItFailed(message) {
  const waiting = message.split('\n').find((l) => /waiting for /.test(l));
  const frame = message.split('\n').find((l) => /tests\/[\w/.-]+\.test\.ts:\d+/.test(l));
  const extra = [waiting, frame].filter(Boolean).map((l) => `\n      ${l.trim().slice(0, 240)}`);
  return extra.join('');
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('Chromium not found: installing Debian chromium with apt-get');
    spawnSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.log('Chromium is missing. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)');
  return null;
}

/**
 * The API files in `parts` groups of about equal duration (greedy, longest first), each group as
 * vitest filters. Durations are seconds measured on PostgreSQL (2026-11-27, 2 cores, loaded); a
 * file not listed counts 3 s.
 */
const API_FILE_SECONDS = {
  'batch-crash': 87, auth: 34, issuing: 28, 'sri-recovery': 25, 'batch-issuing': 12, 'two-nodes': 11, admin: 11,
  'credit-notes': 9, smtp: 8, dashboard: 7, 'email-change': 7, 'input-hygiene': 7, 'sri-outage-drill': 6, 'received-confirm': 6,
};
function apiFileGroups(parts) {
  const dir = path.join(root, 'tests', 'api');
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
  const weight = (f) => API_FILE_SECONDS[f.replace(/\.test\.ts$/, '')] ?? 3;
  const groups = Array.from({ length: parts }, () => ({ seconds: 0, files: [] }));
  for (const f of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
    lightest.seconds += weight(f);
    lightest.files.push(`tests/api/${f}`);
  }
  return groups.map((g) => g.files);
}

/**
 * The suites as jobs for two lanes: each lane takes the first job whose predecessor has ended.
 * api-pglite and the unit suite start together; the e2e suite follows the unit suite; the
 * PostgreSQL API files run as two halves wherever a lane is free; the benchmarks follow e2e (bench:ui
 * reuses its build). The work is shared so neither lane idles while the other has a long tail.
 */
function jobs(chromium) {
  const list = [
    { label: 'api-pglite', project: 'api', env: { EMITE_TEST_DB: 'pglite' } },
    { label: 'unit', project: 'unit' },
    { label: 'e2e', project: 'e2e', env: { CHROMIUM_PATH: chromium }, after: 'unit', browser: true },
  ];
  if (process.env.TEST_DATABASE_URL) {
    const [first, second] = apiFileGroups(2);
    list.push({ label: 'api-postgres (1/2)', project: 'api', env: { EMITE_TEST_DB: 'postgres' }, files: first });
    list.push({ label: 'bench', project: 'bench', env: { CHROMIUM_PATH: chromium }, after: 'e2e', browser: true });
    list.push({ label: 'api-postgres (2/2)', project: 'api', env: { EMITE_TEST_DB: 'postgres' }, files: second });
  } else {
    if (process.env.REQUIRE_POSTGRES === '1') {
      console.log('api-postgres: TEST_DATABASE_URL is not set but REQUIRE_POSTGRES=1');
      broken = true;
    } else {
      console.log('api-postgres: skipped because TEST_DATABASE_URL is not set (the PGlite run above covers the API)');
    }
    console.log('bench: the list benchmark needs PostgreSQL and is skipped because TEST_DATABASE_URL is not set');
    list.push({ label: 'bench', project: 'bench', env: { CHROMIUM_PATH: chromium }, after: 'e2e', browser: true });
  }
  if (!chromium) {
    broken = true;
    return list.filter((j) => !j.browser);
  }
  return list;
}

/** Runs `list` on `lanes` lanes; a job waits for its `after` job (if that one is in the list). */
async function runJobs(list, lanes) {
  const ended = new Set();
  const started = new Set();
  const waiters = [];
  const ready = (j) => !started.has(j.label) && (!j.after || ended.has(j.after) || !list.some((o) => o.label === j.after));
  const lane = async () => {
    for (;;) {
      const next = list.find(ready);
      if (!next) {
        if (started.size === list.length) return;
        await new Promise((resolve) => waiters.push(resolve)); // a job ended: look again
        continue;
      }
      started.add(next.label);
      await runSuite(next.label, next.project, next.env, next.files);
      ended.add(next.label);
      waiters.splice(0).forEach((wake) => wake());
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

// Found (or installed) before the lanes start, so an apt-get never runs beside the API suites.
const chromium = findChromium();
await runJobs(jobs(chromium), process.env.EMITE_TEST_SERIAL === '1' ? 1 : 2);

console.log(`\nwhole run: ${seconds(started)}`);
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
