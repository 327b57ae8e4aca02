/**
 * `npm run bench:issue [-- N]`: issue N invoices (draft -> AUTORIZADA through the sandbox SRI) with
 * 1, 8 and 32 concurrent clients across 4 emission points, on PGlite and (when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set) on PostgreSQL. In the same run: bare node:crypto RSA-SHA1 signatures per
 * second with the same key (the limit of the signing step) and the pipeline's own steps timed.
 * Prints a table and writes bench/results/issue.json.
 */
import { createSign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestApp, newRuc, signUp } from '../tests/helpers/test-app.ts';
import { generateTestP12 } from '../server/domain/comprobantes/test-certificate.ts';
import { loadSigningCredentials } from '../server/domain/comprobantes/signing-credentials.ts';
import { buildFacturaXml } from '../server/domain/comprobantes/factura/build-factura-xml.ts';
import { validateFacturaXml } from '../server/domain/comprobantes/validate-xsd.ts';
import { signComprobante } from '../server/domain/comprobantes/sign-xades.ts';
import { buildSignedFactura } from '../server/domain/comprobantes/sign-comprobante.ts';
import { checkComprobante } from '../server/sri/sandbox-checks.ts';
import { createMemorySandboxStore } from '../server/sri/sandbox-store.ts';
import { createSriClient, sriEndpoints } from '../server/sri/soap-client.ts';
import { injectFetch } from '../server/http/inject-fetch.ts';
import { allocateSecuencial } from '../server/domain/comprobantes/allocate-secuencial.ts';
import { buildClaveAcceso, randomCodigoNumerico } from '../core/access-key.ts';
import { sampleFactura } from '../tests/helpers/factura-sample.ts';
import { peakRssMb, writeResult } from './machine.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const CONCURRENCY = [1, 8, 32];

function perSecond(count: number, ms: number) {
  return Math.round((count / ms) * 1000 * 10) / 10;
}

function time(label: string, iterations: number, fn: () => void) {
  fn();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i += 1) fn();
  const ms = (performance.now() - t0) / iterations;
  return { step: label, msPerCall: Math.round(ms * 1000) / 1000 };
}

async function timeAsync(label: string, iterations: number, fn: () => Promise<unknown>) {
  await fn();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i += 1) await fn();
  const ms = (performance.now() - t0) / iterations;
  return { step: label, msPerCall: Math.round(ms * 1000) / 1000 };
}

async function setup(kind: 'pglite' | 'postgres') {
  process.env.EMITE_TEST_DB = kind;
  const t = await createTestApp();
  const user = await signUp(t, { ruc: await newRuc() });
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Bench S.A.', password: 'x' });
  await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: user.auth, payload: { p12: p12.toString('base64'), password: 'x' } });
  const est = (await t.app.inject({ method: 'POST', url: '/api/establishment', headers: user.auth, payload: { estab: '001', nombre: 'Matriz', dirEstablecimiento: 'Quito', puntosEmision: ['001', '002', '003', '004'].map((ptoEmi) => ({ ptoEmi })) } })).json();
  const customer = (await t.app.inject({ method: 'POST', url: '/api/customer', headers: user.auth, payload: { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Cliente Bench' } })).json();
  const product = (await t.app.inject({ method: 'POST', url: '/api/product', headers: user.auth, payload: { codigoPrincipal: 'P1', descripcion: 'Producto', precioUnitario: 10, codigoPorcentajeIva: '4' } })).json();
  return { t, user, est, customer, product, p12 };
}

async function run(kind: 'pglite' | 'postgres') {
  const { t, user, est, customer, product } = await setup(kind);
  const rows = [];
  for (const c of CONCURRENCY) {
    const ids: string[] = [];
    for (let i = 0; i < N; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/invoice',
        headers: user.auth,
        payload: { establishment: est._id, ptoEmi: ['001', '002', '003', '004'][i % 4], customer: customer._id, detalles: [{ product: product._id, cantidad: 2, precioUnitario: 10, descuento: 0, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '01', total: 23 }] },
      });
      ids.push(res.json()._id);
    }
    let next = 0;
    let authorised = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: c }, async () => {
        for (let i = next++; i < ids.length; i = next++) {
          const res = await t.app.inject({ method: 'POST', url: `/api/invoice/${ids[i]}/issue`, headers: user.auth });
          if (res.json().status === 'AUTORIZADA') authorised += 1;
        }
      }),
    );
    const ms = performance.now() - t0;
    rows.push({ db: kind, clients: c, invoices: N, authorised, invoicesPerSecond: perSecond(N, ms), msPerInvoice: Math.round((ms / N) * 100) / 100 });
  }
  // The two steps that depend on the database and the SRI, timed on their own.
  const { companyId } = user;
  const numero = await timeAsync(`número: secuencial bloqueado (${kind})`, 50, () => t.deps.db.transaction((tx) => allocateSecuencial(tx, { companyId, estab: '999', ptoEmi: '999', codDoc: '01' })));
  const sri = createSriClient({ ...sriEndpoints('sandbox', 'http://emite.internal'), fetch: injectFetch(t.app) });
  const docs = Array.from({ length: 50 }, (_, i) => signComprobante(buildFacturaXml(sampleFactura({ secuencial: 900_000 + i })), creds));
  let next = 0;
  const recepcion = await timeAsync(`SRI: recepción, ida y vuelta SOAP (${kind})`, docs.length - 1, () => sri.validarComprobante(docs[next++]));
  const key = /<claveAcceso>(\d{49})</.exec(docs[0])![1];
  const autorizacion = await timeAsync(`SRI: autorización, ida y vuelta SOAP (${kind})`, 50, () => sri.autorizacionComprobante(key));
  await t.close();
  return { rows, steps: [numero, recepcion, autorizacion] };
}

const creds = loadSigningCredentials(generateTestP12({ ruc: '1790016919001', razonSocial: 'Bench S.A.', password: 'x' }), 'x');
const doc = sampleFactura();
const xml = buildFacturaXml(doc);
const payload = Buffer.alloc(1024, 7);
// The pipeline (key + XML + XSD + signature, what issuing does in-process) and bare RSA-SHA1 with
// the same key, in interleaved slices, so that load from other processes weighs on both alike.
const ROUNDS = 5;
// An XSD-invalid document would "pipeline" without signing and inflate the rate: refuse to measure.
if (!buildSignedFactura(doc, creds, new Date()).valid) throw new Error('The sample factura does not validate: nothing to measure');
for (let i = 0; i < 100; i += 1) buildSignedFactura(doc, creds, new Date()); // XSD compile, templates, JIT
let signs = 0;
let bareMs = 0;
let pipelined = 0;
let pipelineMs = 0;
for (let r = 0; r < ROUNDS; r += 1) {
  const t0 = performance.now();
  while (performance.now() - t0 < 400) {
    createSign('RSA-SHA1').update(payload).sign(creds.privateKey);
    signs += 1;
  }
  bareMs += performance.now() - t0;
  const t1 = performance.now();
  for (let i = 0; i < 200; i += 1) {
    buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: i + 1, codigoNumerico: randomCodigoNumerico() });
    buildSignedFactura(doc, creds, new Date());
  }
  pipelineMs += performance.now() - t1;
  pipelined += 200;
}
const bareSignsPerSecond = perSecond(signs, bareMs);
const signed = signComprobante(xml, creds);
const steps = [
  time('clave de acceso', 2000, () => buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 1, codigoNumerico: randomCodigoNumerico() })),
  time('XML', 2000, () => buildFacturaXml(doc)),
  time('XSD', 1000, () => validateFacturaXml(xml)),
  time('firma XAdES-BES', 300, () => signComprobante(xml, creds)),
  time('XML + XSD + firma (emisión, un solo análisis)', 300, () => buildSignedFactura(doc, creds, new Date())),
  // What the sandbox SRI does per reception (the real SRI does it on its own machines).
  await timeAsync('SRI de pruebas: recepción (XSD, firma, clave)', 100, () => checkComprobante(signed, createMemorySandboxStore(), new Date())),
];
const signerPerSecond = Math.round(1000 / steps[3].msPerCall);
const pipelinePerSecond = Math.round(perSecond(pipelined, pipelineMs));

const runs = [await run('pglite')];
if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  runs.push(await run('postgres'));
} else {
  console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to also measure it');
}

const results = runs.flatMap((r) => r.rows);
steps.push(...runs.flatMap((r) => r.steps));
console.table(steps);
console.table(results);
console.log(`bare node:crypto RSA-SHA1: ${bareSignsPerSecond}/s; Emite's signer: ${signerPerSecond}/s (${Math.round((signerPerSecond / bareSignsPerSecond) * 100)} % of bare); key + XML + XSD + signature: ${pipelinePerSecond}/s (${Math.round((pipelinePerSecond / bareSignsPerSecond) * 100)} % of bare, goal 50 %)`);
const file = writeResult(process.env.BENCH_SMOKE ? 'issue-smoke' : 'issue', {
  goal: { invoicesPerSecondPostgres: 200, pipelineToBareRatio: 0.5 },
  n: N,
  bareSignsPerSecond,
  signerPerSecond,
  pipelinePerSecond,
  pipelineToBareRatio: Math.round((pipelinePerSecond / bareSignsPerSecond) * 100) / 100,
  steps,
  results,
  peakRssMb: peakRssMb(),
});
console.log(`results: ${file}`);
process.exit(0);
