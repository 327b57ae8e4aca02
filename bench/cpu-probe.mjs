/**
 * Preloaded into a benchmarked server (`node --import ./bench/cpu-probe.mjs …`): on SIGUSR2 it
 * writes `process.cpuUsage()` of that process ({ user, system, seq }: microseconds of CPU since
 * start, summed over all its threads, and a counter) to the file named by BENCH_CPU_FILE, so the
 * benchmark can charge the CPU of a timed window to the server alone. Plain JavaScript so that the
 * compiled server (dist-server/main.mjs) loads it without tsx.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_CPU_FILE;
let seq = 0;
if (file) {
  process.on('SIGUSR2', () => {
    seq += 1;
    writeFileSync(file, JSON.stringify({ ...process.cpuUsage(), seq }));
  });
}
