/**
 * `npm run sri:sandbox`: the sandbox SRI alone, to point another client (or a second Emite) at it.
 * Environment: SRI_SANDBOX_PORT (default 8089), SRI_SANDBOX_HOST (default 127.0.0.1),
 * SRI_SANDBOX_DELAY_MS (authorisation delay, ms, default 0), SRI_WSDL_DIR (see sandbox.ts).
 */
import Fastify from 'fastify';
import { sriSandboxPlugin } from './sandbox.ts';
import { sriEndpoints } from './soap-client.ts';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name}="${raw}" debe ser un entero no negativo`);
    process.exit(1);
  }
  return value;
}

const port = numberFromEnv('SRI_SANDBOX_PORT', 8089);
const host = process.env.SRI_SANDBOX_HOST || '127.0.0.1';
const app = Fastify({ logger: false });
// SOAP calls answered so far (GET /sri-sandbox/calls): bench/issue.ts counts SRI calls per invoice with it.
let soapCalls = 0;
app.addHook('onRequest', async (request) => {
  if (request.method === 'POST' && request.url.includes('/comprobantes-electronicos-ws/')) soapCalls += 1;
});
app.get('/sri-sandbox/calls', async () => ({ calls: soapCalls }));
await app.register(sriSandboxPlugin, { authorizeDelayMs: numberFromEnv('SRI_SANDBOX_DELAY_MS', 0) });
await app.listen({ port, host });

const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
const urls = sriEndpoints('sandbox', `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`);
console.log(
  `SRI sandbox escuchando\n  Recepción:    ${urls.recepcionUrl}\n  Autorización: ${urls.autorizacionUrl}\n  Consulta:     ${urls.consultaUrl}\n` +
    `  Anulación (SRI en línea, JSON): POST ${urls.recepcionUrl.split('/comprobantes-electronicos-ws')[0]}/portal/anulacion\n  (WSDL: añada ?wsdl)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
