#!/usr/bin/env node
/**
 * `npm test`: every suite, in order, on a fresh machine.
 *   unit -> api on PGlite -> api on PostgreSQL (when TEST_DATABASE_URL is set) -> e2e in Chromium
 *   -> every benchmark at smoke size: issue, list, ui, memory, sign, xsd (no timing asserted).
 * Each suite writes vitest's JSON report; the totals of all suites end the output as the plain line
 * `N passed, N failed`. Exit code is non-zero when any suite fails or cannot run.
 * REQUIRE_POSTGRES=1 turns a missing TEST_DATABASE_URL into a failure (CI sets it).
 */
import { spawnSync } from 'node:child_process';
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

let passed = 0;
let failed = 0;
let broken = false;

function runSuite(label, project, env = {}) {
  const out = path.join(tmp, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (!existsSync(out)) {
    console.log(`${label}: the suite produced no report (exit ${res.status})`);
    broken = true;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  if (res.status !== 0) broken = true;
  console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
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

runSuite('unit', 'unit');
runSuite('api-pglite', 'api', { EMITE_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  runSuite('api-postgres', 'api', { EMITE_TEST_DB: 'postgres' });
} else if (process.env.REQUIRE_POSTGRES === '1') {
  console.log('api-postgres: TEST_DATABASE_URL is not set but REQUIRE_POSTGRES=1');
  broken = true;
} else {
  console.log('api-postgres: skipped because TEST_DATABASE_URL is not set (the PGlite run above covers the API)');
}
const chromium = findChromium();
if (chromium) runSuite('e2e', 'e2e', { CHROMIUM_PATH: chromium });
else broken = true;
if (!process.env.TEST_DATABASE_URL) console.log('bench: the list benchmark needs PostgreSQL and is skipped because TEST_DATABASE_URL is not set');
if (chromium) runSuite('bench', 'bench', { CHROMIUM_PATH: chromium });

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
