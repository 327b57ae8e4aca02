/**
 * `npx tsx bench/sign.ts [N]`: XAdES-BES signing throughput, single thread.
 *
 * - Emite's signer: N (default 500) distinct facturas, each signed with credentials fetched through
 *   `loadSigningCredentials` (a cache hit per invoice, as the issuing pipeline does).
 * - ec-sri-invoice-signer (the reference package): 20 facturas; it re-reads the .p12 every time.
 * - Bare node:crypto RSA-SHA1 over 1 KB with the same key, 2 s in total: the ceiling for any signer,
 *   since each document needs one RSA signature.
 * Emite's N documents and the 2 s of bare RSA run interleaved in ROUNDS slices (N/ROUNDS documents,
 * then 2 s/ROUNDS of RSA, …) so that load from other processes weighs on both alike; the ratio is
 * total documents per second over total signatures per second.
 *
 * Goal: Emite's signer at >= 0.5x the bare RSA rate. Prints the figures and writes
 * bench/results/sign.json ({name, machine, date, figures}).
 */
import os from 'node:os';
import { sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { signInvoiceXml } from 'ec-sri-invoice-signer';
import { buildFacturaXml } from '../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../server/domain/comprobantes/test-certificate.ts';
import { sampleFactura } from '../tests/helpers/factura-sample.ts';
import { writeResult } from './machine.ts';

const N = Number(process.argv[2] ?? 500);
const N_REFERENCE = 20;
const ROUNDS = 5;
const RSA_MS = 2000;
const PASSWORD = 'bench';

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'BENCH S.A.', password: PASSWORD });
const creds = loadSigningCredentials(p12, PASSWORD);
// Two-line facturas (sampleFactura: totals through core/totals), distinct secuenciales.
const facturas = Array.from({ length: Math.max(N, N_REFERENCE) }, (_, i) => buildFacturaXml(sampleFactura({ secuencial: i + 1 })));
const load1mStart = os.loadavg()[0];

function bareRsa(ms: number): { signs: number; ms: number } {
  const payload = Buffer.alloc(1024, 7);
  let signs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    sign('sha1', payload, creds.privateKey);
    signs += 1;
  }
  return { signs, ms: performance.now() - t0 };
}

function timeDocs(count: number, signOne: (xml: string) => string, from = 0): { docs: number; ms: number; bytes: number } {
  let bytes = 0;
  const t0 = performance.now();
  for (let i = from; i < from + count; i += 1) bytes += signOne(facturas[i]).length;
  return { docs: count, ms: performance.now() - t0, bytes };
}

const emiteSign = (xml: string) => signComprobante(xml, loadSigningCredentials(p12, PASSWORD));
const referenceSign = (xml: string) => signInvoiceXml(xml, p12, { pkcs12Password: PASSWORD });

// Warm-up: JIT, libxml2-wasm's first allocations.
bareRsa(200);
for (let i = 0; i < 50; i += 1) emiteSign(facturas[i % facturas.length]);
referenceSign(facturas[0]);

const emite = { docs: 0, ms: 0, bytes: 0 };
const rsa = { signs: 0, ms: 0 };
const rsaRounds: number[] = [];
const emiteRounds: number[] = [];
for (let r = 0; r < ROUNDS; r += 1) {
  const docs = Math.floor((N * (r + 1)) / ROUNDS) - Math.floor((N * r) / ROUNDS);
  const e = timeDocs(docs, (xml) => emiteSign(xml), emite.docs);
  emite.docs += e.docs;
  emite.ms += e.ms;
  emite.bytes += e.bytes;
  emiteRounds.push(round((e.docs / e.ms) * 1000));
  const b = bareRsa(RSA_MS / ROUNDS);
  rsa.signs += b.signs;
  rsa.ms += b.ms;
  rsaRounds.push(round((b.signs / b.ms) * 1000));
}
const reference = timeDocs(N_REFERENCE, referenceSign);

const rsaPerSecond = (rsa.signs / rsa.ms) * 1000;
const emitePerSecond = (emite.docs / emite.ms) * 1000;
const referencePerSecond = (reference.docs / reference.ms) * 1000;
const ratio = emitePerSecond / rsaPerSecond;

const figures = {
  emiteSigner: { docs: emite.docs, seconds: round(emite.ms / 1000, 3), docsPerSecond: round(emitePerSecond), msPerDoc: round(emite.ms / emite.docs, 3), avgSignedBytes: Math.round(emite.bytes / emite.docs), perRound: emiteRounds },
  ecSriInvoiceSigner: { docs: reference.docs, seconds: round(reference.ms / 1000, 3), docsPerSecond: round(referencePerSecond), msPerDoc: round(reference.ms / reference.docs, 3) },
  bareRsaSha1_1KB: { signs: rsa.signs, seconds: round(rsa.ms / 1000, 3), signsPerSecond: round(rsaPerSecond), perRound: rsaRounds },
  emiteToBareRsa: round(ratio, 2),
  emiteOverheadMsPerDoc: round(1000 / emitePerSecond - 1000 / rsaPerSecond, 3),
  emiteToEcSriInvoiceSigner: round(emitePerSecond / referencePerSecond, 1),
  goal: '>= 0.5x bare RSA',
  goalMet: ratio >= 0.5,
  loadAverage1m: { start: round(load1mStart, 2), end: round(os.loadavg()[0], 2) },
};

console.log(`Emite signer           ${figures.emiteSigner.docsPerSecond} docs/s (${figures.emiteSigner.msPerDoc} ms/doc, N=${N})`);
console.log(`ec-sri-invoice-signer  ${figures.ecSriInvoiceSigner.docsPerSecond} docs/s (${figures.ecSriInvoiceSigner.msPerDoc} ms/doc, N=${N_REFERENCE})`);
console.log(`bare RSA-SHA1 (1 KB)   ${figures.bareRsaSha1_1KB.signsPerSecond} signs/s (per round: ${rsaRounds.join(', ')}; Emite per round: ${emiteRounds.join(', ')})`);
console.log(`Emite / bare RSA       ${figures.emiteToBareRsa}x (goal >= 0.5x: ${figures.goalMet ? 'met' : 'NOT met'}); overhead ${figures.emiteOverheadMsPerDoc} ms/doc`);
console.log(`Emite / reference      ${figures.emiteToEcSriInvoiceSigner}x; 1-min load average ${figures.loadAverage1m.start} -> ${figures.loadAverage1m.end} on ${os.cpus().length} cores`);
console.log(`results: ${writeResult(process.env.BENCH_SMOKE ? 'sign-smoke' : 'sign', { date: new Date().toISOString(), figures })}`);
