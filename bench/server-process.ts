/**
 * The real server as a child process for benchmarks: its own event loop and core, as in
 * production, so a load generator in the bench process does not steal its CPU. Started by the same
 * helper as the end-to-end tests (tests/helpers/server.ts); adds the child's resident set size from
 * /proc (VmHWM for the peak) and its CPU time (process.cpuUsage() inside the child, bench/cpu-probe.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerOnce, freePort, spawnServer } from '../tests/helpers/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const probe = path.join(here, 'cpu-probe.mjs');

export interface BenchServer {
  url: string;
  pid: number;
  /** The server's DATA_DIR (its outbox of mails is `<dataDir>/outbox`). */
  dataDir: string;
  /** Peak RSS of the server so far, MB (VmHWM). */
  peakRssMb(): number;
  /** Current RSS, MB. */
  rssMb(): number;
  /** The server's process.cpuUsage() now: user + system CPU since it started, ms. */
  cpuMs(): Promise<number>;
  /** {@link cpuMs} and the statements the server sent to its database since it started (server/db/client.ts counts them). */
  usage(): Promise<Usage>;
  /**
   * The server's process.memoryUsage() now and the peak of each field since the previous call
   * (sampled every 100 ms inside the server by bench/cpu-probe.mjs), MB: call it before a request to
   * start a window and after it for the request's peaks.
   */
  memory(): Promise<{ now: MemoryMb; peak: MemoryMb }>;
  logs(): string;
  stop(): Promise<void>;
}

/** process.memoryUsage() of the server in MB (rounded): resident set, V8 heap, memory outside it (external, of which arrayBuffers). */
export interface MemoryMb {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** What the server reports through bench/cpu-probe.mjs: CPU (ms), database statements, memory (MB). */
export type Usage = { cpuMs: number; systemCpuMs: number; sqlStatements: number; memory: { now: MemoryMb; peak: MemoryMb } };
const toMb = (m: Record<string, number> | undefined): MemoryMb => {
  const mb = (n: number | undefined) => Math.round((n ?? NaN) / 1024 / 1024);
  return { rss: mb(m?.rss), heapTotal: mb(m?.heapTotal), heapUsed: mb(m?.heapUsed), external: mb(m?.external), arrayBuffers: mb(m?.arrayBuffers) };
};

function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Asks the child for its process.cpuUsage() (SIGUSR2, answered in `file` by bench/cpu-probe.mjs).
 * @returns user + system CPU since the child started (and the system part), ms, its database statements
 *   so far, and its memory now and at its peak since the previous call (MB).
 * @throws Error when the child does not answer within 10 s.
 */
async function childUsage(child: ChildProcess, file: string): Promise<Usage> {
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { seq: number }).seq : 0;
  child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const u = JSON.parse(readFileSync(file, 'utf8')) as { user: number; system: number; seq: number; sqlStatements?: number; memory?: { now: Record<string, number>; peak: Record<string, number> } };
      if (u.seq > before) return { cpuMs: (u.user + u.system) / 1000, systemCpuMs: u.system / 1000, sqlStatements: u.sqlStatements ?? 0, memory: { now: toMb(u.memory?.now), peak: toMb(u.memory?.peak) } };
    } catch {
      // not written yet, or being written
    }
    if (Date.now() > deadline) throw new Error(`pid ${child.pid} did not report its CPU (bench/cpu-probe.mjs)`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Starts the server and waits for /api/health.
 * @param env extra environment (DATABASE_URL, JWT_SECRET, DATA_DIR, …); EMITE_DEMO=0 unless given.
 * @param opts.compiled run dist-server/main.mjs, rebuilt from the sources (what `npm start` runs),
 *   instead of the TypeScript sources through tsx; BENCH_SERVER_ENTRY=path runs that compiled
 *   server as is instead (an A/B against another build, e.g. main's copied into bench/.tmp/ inside
 *   the repository so that its packages resolve).
 * @param opts.nodeArgs extra node options before the entry (e.g. `--cpu-prof`).
 * @throws Error with the server's output when it exits or does not answer within 60 s.
 */
export async function startBenchServer(env: Record<string, string>, opts: { compiled?: boolean; nodeArgs?: string[] } = {}): Promise<BenchServer> {
  const cpuDir = mkdtempSync(path.join(os.tmpdir(), 'emite-cpu-'));
  const cpuFile = path.join(cpuDir, 'cpu.json');
  const server = await spawnServer({
    entry: ['--import', probe, ...(opts.nodeArgs ?? []), ...(opts.compiled ? [process.env.BENCH_SERVER_ENTRY ? path.resolve(process.env.BENCH_SERVER_ENTRY) : buildServerOnce()] : ['--import', 'tsx', 'server/main.ts'])],
    env: { EMITE_DEMO: '0', AUTH_RATE_LIMIT: '100000', BENCH_CPU_FILE: cpuFile, ...env },
    dataDir: env.DATA_DIR,
  });
  const pid = server.child.pid!;
  return {
    url: server.url,
    pid,
    dataDir: server.dataDir,
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    cpuMs: async () => (await childUsage(server.child, cpuFile)).cpuMs,
    usage: () => childUsage(server.child, cpuFile),
    memory: async () => (await childUsage(server.child, cpuFile)).memory,
    logs: server.logs,
    async stop() {
      await server.stop();
      rmSync(cpuDir, { recursive: true, force: true });
    },
  };
}

export interface SandboxSri {
  /** Base URL: recepción and autorización are at sriEndpoints('sandbox', url). */
  url: string;
  cpuMs(): Promise<number>;
  /** SOAP calls it answered so far (reception, authorisation, lotes). */
  soapCalls(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The sandbox SRI in its own process (`npm run sri:sandbox`, server/sri/sandbox-main.ts), as the
 * real SRI runs on its own machines: its XSD and signature checks are not charged to the server.
 * @throws Error when it does not listen within 60 s.
 */
export async function startSandboxSri(): Promise<SandboxSri> {
  const cpuDir = mkdtempSync(path.join(os.tmpdir(), 'emite-cpu-'));
  const cpuFile = path.join(cpuDir, 'cpu.json');
  const port = await freePort();
  const root = path.resolve(here, '..');
  // BENCH_SRI_CPU_PROF=dir: a V8 CPU profile of the sandbox SRI too (written when it stops; one file per thread, default names: the main thread's is the larger).
  const prof = process.env.BENCH_SRI_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_SRI_CPU_PROF)}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', probe, '--import', 'tsx', 'server/sri/sandbox-main.ts'], {
    cwd: root,
    env: { ...process.env, SRI_SANDBOX_PORT: String(port), SRI_SANDBOX_HOST: '127.0.0.1', BENCH_CPU_FILE: cpuFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes('escuchando')) {
    if (child.exitCode !== null) throw new Error(`sri:sandbox exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`sri:sandbox did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: async () => (await childUsage(child, cpuFile)).cpuMs,
    soapCalls: async () => ((await (await fetch(`http://127.0.0.1:${port}/sri-sandbox/calls`)).json()) as { calls: number }).calls,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(cpuDir, { recursive: true, force: true });
    },
  };
}
