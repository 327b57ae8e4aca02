import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post } from '../helpers/fixtures.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

let t: TestApp;
let baseUrl: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp({
    extend: (deps) => {
      deps.config.worker = true; // webhooks are delivered by the running worker, as in production
      deps.config.webhookAllowPrivate = true;
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const a = await signUp(t, { ruc: await newRuc() });
  const p12 = generateTestP12({ ruc: '1790016919001', razonSocial: 'Empresa de prueba', password: 'x' });
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: a.auth, payload: { p12: p12.toString('base64'), password: 'x' } })).statusCode).toBe(200);
  await post(t, a.auth, '/api/establishment', { estab: '001', nombre: 'Matriz', dirEstablecimiento: 'Quito', puntosEmision: [{ ptoEmi: '001' }] });
  key = (await post(t, a.auth, '/api/admin/api-key', { name: 'Integración de ejemplo', role: 'ADMIN' })).key as string;
});
afterAll(async () => t?.close());

describe('examples/integration', () => {
  it('creates, issues idempotently and verifies the signed comprobante.authorized with an API key', async () => {
    // Asynchronously: this process serves the API the script calls.
    const res = await promisify(execFile)(process.execPath, ['examples/integration/emite-integration.mjs'], { env: { ...process.env, EMITE_URL: baseUrl, EMITE_API_KEY: key }, timeout: 90_000 });
    expect(res.stdout).toMatch(/el reintento devolvió la misma respuesta/);
    expect(res.stdout).toMatch(/webhook comprobante\.authorized evt_[0-9a-f]{32}: firma válida/);
  });
});
