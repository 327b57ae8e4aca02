/**
 * The real server as a child process for benchmarks: its own event loop and core, as in
 * production, so a load generator in the bench process does not steal its CPU. Started by the same
 * helper as the end-to-end tests (tests/helpers/server.ts); adds the child's resident set size from
 * /proc (VmHWM for the peak).
 */
import { readFileSync } from 'node:fs';
import { buildServerOnce, spawnServer } from '../tests/helpers/server.ts';

export interface BenchServer {
  url: string;
  pid: number;
  /** Peak RSS of the server so far, MB (VmHWM). */
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
 * @param env extra environment (DATABASE_URL, JWT_SECRET, DATA_DIR, …); EMITE_DEMO=0 unless given.
 * @param opts.compiled run dist-server/main.mjs, rebuilt from the sources (what `npm start` runs),
 *   instead of the TypeScript sources through tsx.
 * @throws Error with the server's output when it exits or does not answer within 60 s.
 */
export async function startBenchServer(env: Record<string, string>, opts: { compiled?: boolean } = {}): Promise<BenchServer> {
  const server = await spawnServer({
    entry: opts.compiled ? [buildServerOnce()] : ['--import', 'tsx', 'server/main.ts'],
    env: { EMITE_DEMO: '0', AUTH_RATE_LIMIT: '100000', ...env },
    dataDir: env.DATA_DIR,
  });
  const pid = server.child.pid!;
  return {
    url: server.url,
    pid,
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    stop: server.stop,
  };
}
