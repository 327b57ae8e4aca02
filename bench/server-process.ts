/**
 * The real server (`server/main.ts`) as a child process for benchmarks: its own event loop and
 * core, as in production, so a load generator in the bench process does not steal its CPU.
 * Reports the child's peak resident set size from /proc (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/helpers/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  url: string;
  pid: number;
  /** Peak RSS of the server so far, MB (VmHWM; current RSS where /proc has no VmHWM). */
  peakRssMb(): number;
  /** Current RSS, MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Starts the server and waits for /api/health.
 * @param env extra environment (DATABASE_URL, JWT_SECRET, DATA_DIR, …); EMITE_DEMO=0, workers on.
 * @param opts.compiled run dist-server/main.mjs (what `npm start` runs; build it first) instead of
 *   the TypeScript sources through tsx.
 * @throws Error with the server's output when it exits or does not answer within 60 s.
 */
export async function startBenchServer(env: Record<string, string>, opts: { compiled?: boolean } = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-bench-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const entry = opts.compiled ? ['dist-server/main.mjs'] : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMITE_DEMO: '0', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
