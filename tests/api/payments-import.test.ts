/**
 * Bank statements and the company's payments (DESIGN.md §12) on PGlite and PostgreSQL:
 * `POST /api/payments/import` with a bad row in both modes (all-or-nothing records nothing, valid
 * rows records the others), its preview, Spanish per-row errors with the line and the column,
 * a statement imported twice records nothing twice; `GET /api/payments` and its CSV export; and
 * the webhook `payment.recorded` delivered over HTTP, signed, to a subscribed endpoint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { runDueJobs, type WorkerDeps } from '../../server/app-worker.ts';
import { webhookOptions } from '../../server/routes/admin/webhook-routes.ts';
import { verifySignature } from '../../server/domain/webhooks/sign-webhook.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let service: { _id: string };
let receiver: Server;
let receiverUrl: string;
const received: Array<{ signature: string; raw: string; body: { type: string; data: Record<string, unknown> } }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ signature: String(req.headers['x-emite-signature']), raw, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cobros`;
  t = await createTestApp({ extend: (deps) => void (deps.config.webhookAllowPrivate = true) });
  a = await signUp(t, { ruc: await newRuc(), razonSocial: 'Distribuidora El Ejido' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  service = await post(t, a.auth, '/api/product', { codigoPrincipal: 'SRV-100', descripcion: 'Mantenimiento mensual', precioUnitario: 100, codigoPorcentajeIva: '4' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: a.auth, ...(payload ? { payload } : {}) });
const importCsv = (csv: string, query: string) => t.app.inject({ method: 'POST', url: `/api/payments/import?${query}`, headers: { ...a.auth, 'content-type': 'text/csv' }, payload: csv });
const today = () => guayaquilDate(new Date());
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** An authorised factura of `units` × 115.00. */
async function factura(units = 1): Promise<{ _id: string; numero: string; claveAcceso: string }> {
  const issued = await createAndIssue(t, a.auth, 'invoice', {
    establishment: data.establishment._id,
    ptoEmi: '001',
    customer: data.customer._id,
    detalles: [{ product: service._id, cantidad: units, precioUnitario: 100, codigoPorcentajeIva: '4' }],
    pagos: [{ formaPago: '20', total: units * 115 }],
  });
  expect(issued.status).toBe('AUTORIZADA');
  return issued;
}
const saldoOf = async (id: string) => (await api('GET', `/api/invoice/${id}`)).json().saldo as number;

describe('POST /api/payments/import', () => {
  it('a statement with a bad row: the preview lists both; all-or-nothing records nothing; valid rows records the good ones; twice records nothing twice', async () => {
    const f1 = await factura(1);
    const f2 = await factura(2);
    const csv = [
      'Número;Clave de acceso;Fecha;Valor;Forma de pago;Referencia',
      `${f1.numero};;${dmy(today())};50,00;20;Transferencia 8841`,
      `;${f2.claveAcceso};${today()};230.00;19;Tarjeta lote 55`,
      `${f1.numero};;${today()};70,00;20;Transferencia 8842`,
      `001-001-999999999;;${today()};10,00;20;Depósito sin factura`,
    ].join('\r\n');

    const preview = await importCsv(csv, 'mode=all&dryRun=1');
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p).toMatchObject({ recorded: 0, dryRun: true, mode: 'all' });
    expect(p.rows.map((r: { row: number; saldoAntes: number; saldoDespues: number; paymentStatus: string }) => [r.row, r.saldoAntes, r.saldoDespues, r.paymentStatus])).toEqual([
      [2, 115, 65, 'PARCIAL'],
      [3, 230, 0, 'PAGADA'],
    ]);
    // Row 4 asks 70.00 of f1 after row 2 took 50.00 of its 115.00; row 5 names no document.
    expect(p.errors).toEqual([
      { row: 4, column: 'Valor', message: `El pago de $ 70.00 supera el saldo de la factura ${f1.numero} (después de las filas anteriores de este archivo): $ 65.00` },
      { row: 5, column: 'Número', message: 'No hay ninguna factura, nota de débito ni liquidación con el número 001-001-999999999' },
    ]);

    const all = await importCsv(csv, 'mode=all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ recorded: 0, dryRun: false });
    expect(all.json().errors).toHaveLength(2);
    expect(await saldoOf(f1._id)).toBe(115);
    expect(await saldoOf(f2._id)).toBe(230);

    const validPreview = (await importCsv(csv, 'mode=valid&dryRun=1')).json();
    expect(validPreview.recorded).toBe(2);
    expect(await saldoOf(f1._id)).toBe(115);

    const valid = await importCsv(csv, 'mode=valid');
    expect(valid.json()).toMatchObject({ recorded: 2, dryRun: false, mode: 'valid' });
    expect(valid.json().rows.every((r: { paymentId?: string }) => typeof r.paymentId === 'string')).toBe(true);
    expect(await saldoOf(f1._id)).toBe(65);
    const paid = (await api('GET', `/api/invoice/${f2._id}`)).json();
    expect(paid).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA' });
    const payments = (await api('GET', `/api/invoice/${f1._id}/payments`)).json();
    expect(payments).toMatchObject([{ fecha: today(), formaPago: '20', valor: 50, referencia: 'Transferencia 8841' }]);

    // The same statement again: the two rows already recorded are refused, nothing is added.
    const again = (await importCsv(csv, 'mode=valid')).json();
    expect(again.recorded).toBe(0);
    expect(again.errors.filter((e: { message: string }) => e.message.startsWith('Este pago ya está registrado')).map((e: { row: number }) => e.row)).toEqual([2, 3]);
    expect(await saldoOf(f1._id)).toBe(65);
  });

  it('per-row errors in Spanish name the line and the column; a file without a document column is refused whole', async () => {
    const f = await factura(1);
    const tomorrow = guayaquilDate(new Date(Date.now() + 2 * 86_400_000));
    const csv = [
      'numero,fecha,valor,formaPago,referencia',
      `${f.numero},${tomorrow},10.00,20,futuro`,
      `${f.numero},${today()},diez,20,texto`,
      `${f.numero},${today()},10.001,20,tres decimales`,
      `${f.numero},${today()},10.00,99,forma rara`,
      `,${today()},10.00,20,sin número`,
      `12345,${today()},10.00,20,número raro`,
    ].join('\n');
    const res = await importCsv(csv, 'mode=valid&dryRun=1');
    expect(res.statusCode, res.body).toBe(200);
    const errors = res.json().errors as Array<{ row: number; column: string; message: string }>;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'fecha'],
      [3, 'valor'],
      [4, 'valor'],
      [5, 'formaPago'],
      [6, 'numero'],
      [7, 'numero'],
    ]);
    expect(errors[0].message).toMatch(/^La fecha del pago no puede ser futura/);
    expect(errors[1].message).toBe('"diez" no es un valor (use 12.50 o 12,50)');
    expect(errors[3].message).toBe('"99" no es una forma de pago de la tabla 24 del SRI');
    expect(errors[5].message).toBe('"12345" no es un número de comprobante (001-001-000000123)');

    const whole = await importCsv('fecha,valor\n2026-01-01,10', 'mode=all');
    expect(whole.statusCode).toBe(400);
    expect(whole.json().message).toMatch(/columna "número" o "clave de acceso"/);
  });
});

describe('the company’s payments', () => {
  it('GET /api/payments lists cobros with their document; /export is the CSV of payments', async () => {
    const f = await factura(1);
    const paid = await api('POST', `/api/invoice/${f._id}/payments`, { fecha: today(), formaPago: '01', valor: 15, referencia: 'Caja chica 12' });
    expect(paid.statusCode, paid.body).toBe(201);
    const list = await api('GET', '/api/payments?side=receivable&q=Caja%20chica');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toMatchObject([{ _id: paid.json()._id, valor: 15, side: 'receivable', documentType: 'Factura', numero: f.numero, razonSocial: 'María Fernanda Lozada', document: { _id: f._id, resource: 'invoice' } }]);
    expect((await api('GET', '/api/payments?side=payable&q=Caja%20chica')).json()).toEqual([]);

    const csv = await api('GET', '/api/payments/export?q=Caja%20chica');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Fecha,Comprobante,Número,Cliente / proveedor,Forma de pago,Referencia,Valor');
    expect(lines.slice(1)).toEqual([`${today()},Factura,${f.numero},María Fernanda Lozada,01,Caja chica 12,15.00`]);
  });

  it('payment.recorded reaches a subscribed endpoint over HTTP, signed, with the document after the payment', async () => {
    const hook = await api('POST', '/api/admin/webhook', { url: receiverUrl, events: ['payment.recorded'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const f = await factura(1);
    const paid = await api('POST', `/api/invoice/${f._id}/payments`, { fecha: today(), formaPago: '20', valor: 40, referencia: 'Transferencia 901' });
    expect(paid.statusCode, paid.body).toBe(201);
    const worker: WorkerDeps = { ...t.deps, sri: t.deps.sri!, webhooks: webhookOptions(t.deps), clock: () => new Date() };
    for (let i = 0; i < 10 && (await runDueJobs(worker, { kinds: ['webhook_delivery'] })) > 0; i += 1);
    const mine = received.filter((r) => r.body.type === 'payment.recorded' && r.body.data._id === paid.json()._id);
    expect(mine).toHaveLength(1);
    expect(mine[0].body.data).toMatchObject({ valor: 40, referencia: 'Transferencia 901', side: 'receivable', document: { _id: f._id, numero: f.numero, saldo: 75, paymentStatus: 'PARCIAL' } });
    expect(verifySignature({ secret: hook.json().secret, header: mine[0].signature, rawBody: mine[0].raw, nowSec: Math.floor(Date.now() / 1000) })).toBe(true);
  });
});
