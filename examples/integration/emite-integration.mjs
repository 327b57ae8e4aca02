#!/usr/bin/env node
/**
 * Emite integration example (node >= 20, no dependencies): what a point of sale or an ERP does.
 *  1. listens for webhooks on http://127.0.0.1:<WEBHOOK_PORT>/emite and registers that URL
 *     (the server needs WEBHOOK_ALLOW_PRIVATE=1 for a local receiver);
 *  2. creates a customer, a product and an invoice with an API key (Authorization: Bearer emk_…);
 *  3. issues it with an Idempotency-Key, and repeats the call as a retry after a timeout would:
 *     the same answer, no second secuencial;
 *  4. waits for comprobante.authorized and verifies its X-Emite-Signature;
 *  5. deletes the webhook.
 *
 * Usage: EMITE_URL=http://localhost:3000 EMITE_API_KEY=emk_… node examples/integration/emite-integration.mjs
 * The key needs a role that may create invoices and manage the company (SUPERADMIN or ADMIN).
 * API reference: <EMITE_URL>/api/docs
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const BASE = (process.env.EMITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const KEY = process.env.EMITE_API_KEY;
const PORT = Number(process.env.WEBHOOK_PORT ?? 0);
if (!KEY) {
  console.error('Falta EMITE_API_KEY (créela en Empresa > Integraciones)');
  process.exit(2);
}

/**
 * Whether `header` (X-Emite-Signature: t=<unix s>,v1=<hex>) signs `rawBody` with `secret`:
 * v1 must equal hex HMAC-SHA256(secret, "<t>.<rawBody>") over the exact bytes received, and t must
 * be recent (5 min), so a captured delivery cannot be replayed later.
 */
export function verifyEmiteSignature(secret, header, rawBody, nowSec = Math.floor(Date.now() / 1000)) {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSec - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(Buffer.from(parts.v1, 'hex'), expected);
}

/** One API call; throws with the server's Spanish message on an error answer. */
async function api(method, path, body, headers = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json?.message ?? text}`);
  return json;
}

// 1. The webhook receiver.
const events = [];
let waiting;
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    events.push({ signature: String(req.headers['x-emite-signature'] ?? ''), raw });
    res.writeHead(204).end();
    waiting?.();
  });
});
await new Promise((resolve) => receiver.listen(PORT, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/emite`;
const webhook = await api('POST', '/api/admin/webhook', { url: hookUrl, events: ['comprobante.authorized', 'comprobante.rejected'] });
console.log(`webhook ${webhook._id} -> ${hookUrl}`);

try {
  // 2. Master data and the invoice. Each POST carries its own Idempotency-Key, kept for retries.
  const stamp = Date.now().toString(36);
  const customer = await api('POST', '/api/customer', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: `Cliente de integración ${stamp}`, email: 'cliente@example.com' }, { 'idempotency-key': randomUUID() }).catch(async (err) => {
    // The cédula may already be a customer of this company: use that one.
    const [found] = await api('GET', '/api/customer?q=1714307103');
    if (!found) throw err;
    return found;
  });
  const product = await api('POST', '/api/product', { codigoPrincipal: `INT-${stamp}`, descripcion: 'Servicio de integración', precioUnitario: 10, codigoPorcentajeIva: '4' }, { 'idempotency-key': randomUUID() });
  const [establishment] = await api('GET', '/api/establishment');
  if (!establishment) throw new Error('La empresa no tiene establecimientos');
  const draft = await api(
    'POST',
    '/api/invoice',
    {
      establishment: establishment._id,
      ptoEmi: establishment.puntosEmision[0].ptoEmi,
      customer: customer._id,
      detalles: [{ product: product._id, cantidad: 2, precioUnitario: 10, descuento: 0, codigoPorcentajeIva: '4' }],
      pagos: [{ formaPago: '01', total: 23 }],
    },
    { 'idempotency-key': randomUUID() },
  );
  console.log(`borrador ${draft._id}: total ${draft.importeTotal}`);

  // 3. Issue, then retry with the same key: the stored answer comes back, nothing is issued twice.
  const issueKey = randomUUID();
  const issued = await api('POST', `/api/invoice/${draft._id}/issue`, {}, { 'idempotency-key': issueKey });
  const retried = await api('POST', `/api/invoice/${draft._id}/issue`, {}, { 'idempotency-key': issueKey });
  if (retried.secuencial !== issued.secuencial || retried.claveAcceso !== issued.claveAcceso) throw new Error('El reintento no devolvió la misma respuesta');
  console.log(`emitida ${issued.numero} (${issued.status}), clave ${issued.claveAcceso}; el reintento devolvió la misma respuesta`);

  // 4. The webhook: comprobante.authorized for this invoice, signed with the webhook's secret.
  const deadline = Date.now() + 30_000;
  let event;
  while (!event && Date.now() < deadline) {
    event = events.map((e) => ({ ...e, body: JSON.parse(e.raw) })).find((e) => e.body.data?._id === draft._id);
    if (!event) await new Promise((resolve) => ((waiting = resolve), setTimeout(resolve, 1000)));
  }
  if (!event) throw new Error('No llegó el webhook en 30 s (¿el servidor tiene WEBHOOK_ALLOW_PRIVATE=1?)');
  const valid = verifyEmiteSignature(webhook.secret, event.signature, event.raw);
  console.log(`webhook ${event.body.type} ${event.body.id}: firma ${valid ? 'válida' : 'INVÁLIDA'}`);
  if (!valid) process.exitCode = 1;
} finally {
  // 5. Clean up.
  await api('DELETE', `/api/admin/webhook/${webhook._id}`);
  receiver.close();
}
