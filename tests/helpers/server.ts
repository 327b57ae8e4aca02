/**
 * The real server for end-to-end tests, as `npm start` runs it: builds the SPA once per `npm test`
 * run (into tests/.tmp/dist) and the server bundle once per test file (`npm run build:server`,
 * dist-server/main.mjs), then starts it on a free port with a temporary PGlite DATA_DIR (demo data
 * on by default) and waits until it answers /api/health.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db/client.ts';
import { runSeeds } from '../../server/db/seed/run-seeds.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** EMITE_TEST_TMP lets two checkouts' runs share a machine without sharing a build. */
const tmpRoot = process.env.EMITE_TEST_TMP ?? path.join(root, 'tests', '.tmp');
const distDir = path.join(tmpRoot, 'dist');
const pgliteTemplateDir = path.join(tmpRoot, 'pglite-template');

export function buildSpaOnce(): string {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    // Vitest sets NODE_ENV=test, which the child would inherit: Vite then bundles React's
    // development build (StrictMode's double effects, dev checks), not what `npm run build` ships.
    const env = { ...process.env, NODE_ENV: 'production' };
    const res = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
    if (res.status !== 0) throw new Error('vite build failed');
  }
  return distDir;
}

/**
 * A PGlite data folder with the migrations and seeds applied, made once per `npm test` run (the
 * runner empties the folder at start), copied into each browser suite's DATA_DIR: a server on it
 * skips initdb and the migrations (the seeds run again, as on every start, and change nothing).
 */
async function pgliteTemplateOnce(): Promise<string> {
  if (!existsSync(path.join(pgliteTemplateDir, 'PG_VERSION'))) {
    const partial = `${pgliteTemplateDir}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(tmpRoot, { recursive: true });
    const database = await openDatabase({ pgliteDir: partial });
    await runSeeds(database.db);
    await database.close();
    renameSync(partial, pgliteTemplateDir);
  }
  return pgliteTemplateDir;
}

let serverBuilt = false;
/**
 * The compiled server `npm start` runs, rebuilt from the current sources once per test file. It is
 * built into a folder of this process and renamed into dist-server/ (a rename is atomic), so a suite
 * building it at the same time as another (npm test runs two lanes) never starts a half-written file.
 */
export function buildServerOnce(): string {
  const target = path.join(root, 'dist-server');
  if (!serverBuilt) {
    const staging = path.join(target, `.build-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const res = spawnSync('npm', ['run', '--silent', 'build:server', '--', `--outdir=${staging}`], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('npm run build:server failed');
    for (const file of readdirSync(staging)) renameSync(path.join(staging, file), path.join(target, file));
    rmSync(staging, { recursive: true, force: true });
    serverBuilt = true;
  }
  return path.join(target, 'main.mjs');
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface TestServer {
  url: string;
  outboxDir: string;
  dataDir: string;
  /** Newest `.eml` files first. */
  outboxFiles(): string[];
  logs(): string;
  stop(): Promise<void>;
}

/** A server process started by {@link spawnServer}, answering /api/health. */
export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed so far. */
  logs(): string;
  /** SIGTERM and wait; removes dataDir unless the caller gave it. */
  stop(): Promise<void>;
}

/**
 * Starts a server entry (`[script]` or `['--import', 'tsx', 'server/main.ts']`) on a free port of
 * 127.0.0.1 and waits until it answers /api/health.
 * @param p.env extra environment (it wins over the defaults: PORT, HOST, DATA_DIR, APP_URL, LOG_LEVEL=warn).
 * @param p.dataDir use this DATA_DIR (e.g. to restart on the same database); the caller owns it.
 *   Default: a new temporary one, removed by `stop()`.
 * @throws Error with the server's output when it exits or does not answer within 150 s (a start on
 *   a loaded 2-core machine took over 60 s; the e2e hooks allow 180 s).
 */
export async function spawnServer(p: { entry: string[]; env?: Record<string, string>; dataDir?: string }): Promise<SpawnedServer> {
  const dataDir = p.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'emite-server-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, p.entry, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: url, LOG_LEVEL: 'warn', ...p.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 150 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!p.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * @param opts.env extra environment for the server.
 * @param opts.dataDir use this DATA_DIR (e.g. to restart on the same database); the caller owns it and
 *   `stop()` leaves it in place. Default: a new temporary one, removed by `stop()`.
 * @param opts.migrated start the new DATA_DIR from the run's migrated, seeded PGlite template
 *   instead of an empty one (the browser suites; `start.test.ts` keeps the real first start).
 */
export async function startTestServer(opts: { env?: Record<string, string>; dataDir?: string; migrated?: boolean } = {}): Promise<TestServer> {
  let ownDataDir: string | undefined;
  if (opts.migrated && !opts.dataDir) {
    ownDataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-server-'));
    cpSync(await pgliteTemplateOnce(), path.join(ownDataDir, 'pglite'), { recursive: true });
  }
  const spawned = await spawnServer({
    entry: [buildServerOnce()],
    env: { EMITE_STATIC_DIR: buildSpaOnce(), AUTH_RATE_LIMIT: '1000', ...opts.env },
    dataDir: opts.dataDir ?? ownDataDir,
  });
  const server = ownDataDir
    ? { ...spawned, stop: async () => { await spawned.stop(); rmSync(ownDataDir, { recursive: true, force: true }); } }
    : spawned;
  const outboxDir = path.join(server.dataDir, 'outbox');
  return {
    url: server.url,
    outboxDir,
    dataDir: server.dataDir,
    outboxFiles: () => (existsSync(outboxDir) ? readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort().reverse().map((f) => path.join(outboxDir, f)) : []),
    logs: server.logs,
    stop: server.stop,
  };
}
