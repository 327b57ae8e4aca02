/**
 * Preloaded into a benchmarked server (`node --import ./bench/cpu-probe.mjs …`): on SIGUSR2 it
 * writes `process.cpuUsage()` of that process ({ user, system, seq }: microseconds of CPU since
 * start, summed over all its threads, a counter, and sqlStatements: the statements the server sent
 * to its database so far, counted by server/db/client.ts) to the file named by BENCH_CPU_FILE, so the
 * benchmark can charge the CPU of a timed window to the server alone. Plain JavaScript so that the
 * compiled server (dist-server/main.mjs) loads it without tsx.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_CPU_FILE;
let seq = 0;
if (file) {
  // server/db/client.ts counts the statements it sends when this is a number.
  globalThis.__emiteSqlStatements = 0;
  process.on('SIGUSR2', () => {
    seq += 1;
    writeFileSync(file, JSON.stringify({ ...process.cpuUsage(), seq, sqlStatements: globalThis.__emiteSqlStatements }));
  });
}
