/**
 * `npx tsx bench/xsd-validate.ts [N]`: validate the SRI sample factura 1.1.0 N times (default 2000)
 * with the compiled XSD (server/domain/invoicing/validate-xsd.ts) and print docs/s. The first call,
 * which compiles the XSD, is timed apart. Writes bench/results/xsd-validate.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateFacturaXml } from '../server/domain/invoicing/validate-xsd.ts';
import { machine } from './machine.ts';
import { REPO_ROOT } from '../server/repo-root.ts';

const N = Number(process.argv[2] ?? 2000);
// The SRI's own sample factura (the project's reference copy beside the repository).
const sample = readFileSync(path.resolve(REPO_ROOT, '../shared/sri/samples/factura-1.1.0-unsigned.xml'), 'utf8');

const t0 = performance.now();
if (!validateFacturaXml(sample).valid) throw new Error('The sample does not validate: nothing to measure');
const firstCallMs = performance.now() - t0;

for (let i = 0; i < 100; i += 1) validateFacturaXml(sample); // warm-up (JIT)
const start = performance.now();
for (let i = 0; i < N; i += 1) validateFacturaXml(sample);
const ms = performance.now() - start;

const result = {
  machine: os.cpus()[0]?.model ?? 'unknown',
  date: new Date().toISOString(),
  docsPerSecond: Math.round((N / ms) * 1000),
  n: N,
  msPerDoc: Math.round((ms / N) * 1000) / 1000,
  firstCallWithCompileMs: Math.round(firstCallMs),
  documentBytes: Buffer.byteLength(sample),
  environment: machine(),
};
const dir = path.resolve('bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'xsd-validate.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`XSD validation (factura 1.1.0, ${result.documentBytes} B): ${result.docsPerSecond} docs/s, ${result.msPerDoc} ms/doc over ${N}; first call with compile ${result.firstCallWithCompileMs} ms (${result.machine})`);
