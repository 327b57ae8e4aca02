/**
 * Fixtures for the SRI tests: facturas from the shared 1.1.0 sample with a fresh, valid claveAcceso,
 * signed with Emite's signer (or the reference signer), and the sandbox on an ephemeral port.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { guayaquilDate, toSriDate } from '../../../core/guayaquil-date.ts';
import { signComprobante } from '../../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { sriSandboxPlugin, type SandboxOptions } from '../../../server/sri/sandbox.ts';
import { createSriClient, sriEndpoints, type SriClient } from '../../../server/sri/soap-client.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = readFileSync(path.resolve(REPO_ROOT, '../shared/sri/samples/factura-1.1.0-unsigned.xml'), 'utf8');
export const RUC = '1790016919001';
export const P12_PASSWORD = 'clave-de-prueba';
export const p12 = generateTestP12({ ruc: RUC, razonSocial: 'EMPRESA DE PRUEBA S.A.', password: P12_PASSWORD });
const credentials = loadSigningCredentials(p12, P12_PASSWORD);

let nextSecuencial = 1;
/** Unique per test file run, so receptions never collide unless a test wants them to. */
export const freshSecuencial = () => nextSecuencial++;

export interface FacturaOptions {
  secuencial?: number;
  /** 'YYYY-MM-DD'; default today in Ecuador. */
  fecha?: string;
  codigoNumerico?: string;
  ambiente?: '1' | '2';
}

/** The shared sample with fechaEmision, secuencial, ambiente and a matching claveAcceso. */
export function unsignedFactura(opts: FacturaOptions = {}): { xml: string; claveAcceso: string } {
  const fecha = opts.fecha ?? guayaquilDate(new Date());
  const secuencial = opts.secuencial ?? freshSecuencial();
  const ambiente = opts.ambiente ?? '1';
  const claveAcceso = buildClaveAcceso({ fechaEmision: fecha, codDoc: '01', ruc: RUC, ambiente, estab: '001', ptoEmi: '001', secuencial, codigoNumerico: opts.codigoNumerico ?? '12345678' });
  const xml = SAMPLE.replace(/<claveAcceso>\d+<\/claveAcceso>/, `<claveAcceso>${claveAcceso}</claveAcceso>`)
    .replace(/<secuencial>\d+<\/secuencial>/, `<secuencial>${String(secuencial).padStart(9, '0')}</secuencial>`)
    .replace(/<fechaEmision>[^<]+<\/fechaEmision>/, `<fechaEmision>${toSriDate(fecha)}</fechaEmision>`)
    .replace(/<ambiente>\d<\/ambiente>/, `<ambiente>${ambiente}</ambiente>`);
  return { xml, claveAcceso };
}

export const sign = (xml: string) => signComprobante(xml, credentials);

/** A signed factura ready to send. */
export function signedFactura(opts: FacturaOptions = {}): { xml: string; claveAcceso: string } {
  const { xml, claveAcceso } = unsignedFactura(opts);
  return { xml: sign(xml), claveAcceso };
}

export interface RunningSandbox {
  app: FastifyInstance;
  baseUrl: string;
  client: SriClient;
  close(): Promise<void>;
}

/** Fastify + the sandbox plugin listening on 127.0.0.1:0, and a SOAP client pointed at it. */
export async function startSandbox(options: SandboxOptions = {}, clientTimeoutMs = 5_000): Promise<RunningSandbox> {
  const app = Fastify({ logger: false });
  await app.register(sriSandboxPlugin, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return { app, baseUrl, client: createSriClient({ ...sriEndpoints('sandbox', baseUrl), timeoutMs: clientTimeoutMs }), close: () => app.close() };
}
