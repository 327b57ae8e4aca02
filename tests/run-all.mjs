#!/usr/bin/env node
/**
 * `npm test`: every suite on a fresh machine. The unit suite runs first, alone (its React tests wait
 * on jsdom with short timeouts), then two lanes run at the same time:
 *   lane 1: api on PGlite -> api on PostgreSQL (when TEST_DATABASE_URL is set)
 *   lane 2: e2e in Chromium -> every benchmark at smoke size (issue, list, ui, memory, sign, xsd;
 *           no timing asserted; bench:ui reuses the e2e build, so it follows e2e)
 * The lanes share nothing: API tests run in-process on their own databases, the browser suites
 * spawn the built server on free ports with their own DATA_DIRs. Running them side by side keeps
 * the machine busy while one lane waits on a browser, a server start or PostgreSQL.
 * Each suite's output is printed whole when it ends (so two lanes never interleave lines), and
 * each writes vitest's JSON report; the totals of all suites end the output as the plain line
 * `N passed, N failed`. Exit code is non-zero when any suite fails or cannot run.
 * REQUIRE_POSTGRES=1 turns a missing TEST_DATABASE_URL into a failure (CI sets it).
 * EMITE_TEST_SERIAL=1 runs the lanes one after the other (a slower machine, or to read one log).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
function runSuite(label, project, env = {}) {
  const out = path.join(tmp, `${label}.json`);
  const t0 = Date.now();
  console.log(`=== ${label}: started at +${seconds(started)} ===`);
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
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

async function apiLane() {
  await runSuite('api-pglite', 'api', { EMITE_TEST_DB: 'pglite' });
  if (process.env.TEST_DATABASE_URL) {
    await runSuite('api-postgres', 'api', { EMITE_TEST_DB: 'postgres' });
  } else if (process.env.REQUIRE_POSTGRES === '1') {
    console.log('api-postgres: TEST_DATABASE_URL is not set but REQUIRE_POSTGRES=1');
    broken = true;
  } else {
    console.log('api-postgres: skipped because TEST_DATABASE_URL is not set (the PGlite run above covers the API)');
  }
}

async function browserLane(chromium) {
  if (!chromium) {
    broken = true;
    return;
  }
  await runSuite('e2e', 'e2e', { CHROMIUM_PATH: chromium });
  if (!process.env.TEST_DATABASE_URL) console.log('bench: the list benchmark needs PostgreSQL and is skipped because TEST_DATABASE_URL is not set');
  await runSuite('bench', 'bench', { CHROMIUM_PATH: chromium });
}

// Found (or installed) before the lanes start, so an apt-get never runs beside the API suites.
const chromium = findChromium();
await runSuite('unit', 'unit');
if (process.env.EMITE_TEST_SERIAL === '1') {
  await apiLane();
  await browserLane(chromium);
} else {
  await Promise.all([apiLane(), browserLane(chromium)]);
}

console.log(`\nwhole run: ${seconds(started)}`);
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
