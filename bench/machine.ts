/** What every benchmark result records about where and when it ran (with the load averages at the end: 1, 5, 15 min). */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function machine() {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString(), commit, loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) };
}

/** Writes `<BENCH_RESULTS_DIR or bench/results>/<name>.json` with the machine. @returns the path. */
export function writeResult(name: string, figures: Record<string, unknown>): string {
  const dir = path.resolve(process.env.BENCH_RESULTS_DIR ?? 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, machine: machine(), ...figures }, null, 2)}\n`);
  return file;
}

/** Peak resident set size of this process so far, MB (Linux /proc; falls back to current RSS). */
export function peakRssMb(): number {
  try {
    const status = execSync(`cat /proc/${process.pid}/status`, { encoding: 'utf8' });
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.memoryUsage().rss / 2 ** 20);
}
