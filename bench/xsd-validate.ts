/**
 * `npm run bench:xsd [-- N]`: validate a factura 1.1.0 (built by Emite's XML builder from the test
 * sample) N times (default 2000) with the compiled XSD (server/sri/validate-xsd.ts)
 * and print docs/s. The first call, which compiles the XSD, is timed apart.
 * Writes bench/results/xsd-validate.json (or BENCH_RESULTS_DIR).
 */
import { performance } from 'node:perf_hooks';
import { validateFacturaXml } from '../server/sri/validate-xsd.ts';
import { buildFacturaXml } from '../server/domain/comprobantes/factura/build-factura-xml.ts';
import { sampleFactura } from '../tests/helpers/factura-sample.ts';
import { machine, writeResult } from './machine.ts';

const N = Number(process.argv[2] ?? 2000);
const sample = buildFacturaXml(sampleFactura());

const t0 = performance.now();
if (!validateFacturaXml(sample).valid) throw new Error('The sample does not validate: nothing to measure');
const firstCallMs = performance.now() - t0;

for (let i = 0; i < 100; i += 1) validateFacturaXml(sample); // warm-up (JIT)
const start = performance.now();
for (let i = 0; i < N; i += 1) validateFacturaXml(sample);
const ms = performance.now() - start;

const figures = {
  docsPerSecond: Math.round((N / ms) * 1000),
  n: N,
  msPerDoc: Math.round((ms / N) * 1000) / 1000,
  firstCallWithCompileMs: Math.round(firstCallMs),
  documentBytes: Buffer.byteLength(sample),
};
const file = writeResult(process.env.BENCH_SMOKE ? 'xsd-validate-smoke' : 'xsd-validate', figures);
console.log(`XSD validation (factura 1.1.0, ${figures.documentBytes} B): ${figures.docsPerSecond} docs/s, ${figures.msPerDoc} ms/doc over ${N}; first call with compile ${figures.firstCallWithCompileMs} ms (${machine().cpu})`);
console.log(`results: ${file}`);
