/**
 * Preloaded into a benchmarked server (`node --import ./bench/cpu-probe.mjs …`): on SIGUSR2 it
 * writes `process.cpuUsage()` of that process ({ user, system, seq }: microseconds of CPU since
 * start, summed over all its threads, a counter, and sqlStatements: the statements the server sent
 * to its database so far, counted by server/db/client.ts) to the file named by BENCH_CPU_FILE, so the
 * benchmark can charge the CPU of a timed window to the server alone. It also samples
 * `process.memoryUsage()` every 100 ms and adds `memory: { now, peak }` (bytes of rss, heapTotal,
 * heapUsed, external, arrayBuffers; each peak is the highest sample of that field since the previous
 * report, so a report before and one after a request give that request's peaks). Plain JavaScript so
 * that the compiled server (dist-server/main.mjs) loads it without tsx.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_CPU_FILE;
let seq = 0;
if (file) {
  // server/db/client.ts counts the statements it sends when this is a number.
  globalThis.__emiteSqlStatements = 0;
  const fields = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'];
  const pick = (m) => Object.fromEntries(fields.map((f) => [f, m[f]]));
  let peak = pick(process.memoryUsage());
  const sample = () => {
    const m = process.memoryUsage();
    for (const f of fields) peak[f] = Math.max(peak[f], m[f]);
    return m;
  };
  setInterval(sample, 100).unref();
  process.on('SIGUSR2', () => {
    seq += 1;
    const now = pick(sample());
    writeFileSync(file, JSON.stringify({ ...process.cpuUsage(), seq, sqlStatements: globalThis.__emiteSqlStatements, memory: { now, peak } }));
    peak = now;
  });
}
