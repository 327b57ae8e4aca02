/**
 * `npm run bench:memory`: what `npm start` costs in memory on PGlite. Builds the server
 * (dist-server/main.mjs) and starts it the way `npm start` does, with the demo company, on a new
 * DATA_DIR (first start: creates, migrates and seeds the database) and again on the same folder
 * (restart). For each: RSS after 5 s idle, and the peak (VmHWM). For comparison, the same restart
 * through tsx from the TypeScript sources (`npm run dev`, and what `npm start` ran before it was
 * compiled). Goal: idle under 300 MB.
 * Writes bench/results/memory.json (or BENCH_RESULTS_DIR).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './server-process.ts';
import { writeResult } from './machine.ts';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);

async function measure(label: string, dataDir: string, compiled: boolean) {
  const server = await startBenchServer({ EMITE_DEMO: '1', DATA_DIR: dataDir }, { compiled });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const row = { run: label, idleRssMb: server.rssMb(), peakRssMb: server.peakRssMb() };
  await server.stop();
  return row;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-memory-'));
try {
  const rows = [
    await measure('npm start, base nueva (PGlite)', dataDir, true),
    await measure('npm start, reinicio (PGlite)', dataDir, true),
    await measure('tsx server/main.ts, reinicio (PGlite)', dataDir, false),
  ];
  console.table(rows);
  const file = writeResult('memory', { goal: { idleRssMb: 300 }, idleMs: IDLE_MS, rows });
  console.log(`resultados: ${file}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
