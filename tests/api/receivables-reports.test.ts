/**
 * Receivables reports (DESIGN.md §12) on PGlite and PostgreSQL, with the clock moved forward: aging
 * per customer on a date (buckets by days past due, totals, drill-down, CSV export), the same as of
 * an earlier date (a later payment does not count yet), the estado de cuenta's figures (balance
 * brought forward, cargos, abonos, running balance, open documents), its PDF and its e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { pdfText } from '../helpers/xml-tools.ts';
import { guayaquilDate, toSriDate } from '../../core/guayaquil-date.ts';
import { addDays } from '../../core/receivables.ts';

let shiftDays = 0;
const clock = () => new Date(Date.now() + shiftDays * 86_400_000);
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let service: { _id: string };
let other: { _id: string };
const day0 = guayaquilDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ clock });
  a = await signUp(t, { ruc: await newRuc(), razonSocial: 'Comercial Cotopaxi' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  service = await post(t, a.auth, '/api/product', { codigoPrincipal: 'SRV-100', descripcion: 'Mantenimiento', precioUnitario: 100, codigoPorcentajeIva: '4' });
  other = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '0926687856', razonSocial: 'Zoila Castro Mora', email: 'zoila@example.com' });
});
afterAll(async () => t?.close());

/** A fresh session on the shifted clock (tokens expire with it). */
async function authAt(days: number): Promise<Record<string, string>> {
  shiftDays = days;
  const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${a.companyId}/login`, payload: { email: a.email, password: a.password } });
  return { authorization: `Bearer ${login.json().token}` };
}
const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: auth });

let f1: { _id: string; numero: string };
let f2: { _id: string; numero: string };
let f3: { _id: string; numero: string };
let nota: { _id: string; numero: string };

describe('aging and estado de cuenta', () => {
  it('sets up: María owes a cash factura (115) and one at 60 days (230), with a nota of 23; Zoila owes 50, pays 20 on day 10', async () => {
    const sale = (customer: string, units: number, pagos: object[]) =>
      createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer, detalles: [{ product: service._id, cantidad: units, precioUnitario: 100, codigoPorcentajeIva: '4' }], pagos });
    f1 = await sale(data.customer._id, 1, [{ formaPago: '01', total: 115 }]);
    f2 = await sale(data.customer._id, 2, [{ formaPago: '20', total: 230, plazo: 60, unidadTiempo: 'dias' }]);
    f3 = await createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: other._id, detalles: [{ product: data.book._id, cantidad: 4, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '20', total: 50, plazo: 15, unidadTiempo: 'días' }] });
    nota = await createAndIssue(t, a.auth, 'credit-note', { invoice: f2._id, motivo: 'Descuento comercial', detalles: [{ product: service._id, codigoPrincipal: 'SRV-100', descripcion: 'Descuento', cantidad: 1, precioUnitario: 20, codigoPorcentajeIva: '4' }] });
    const auth10 = await authAt(10);
    const paid = await t.app.inject({ method: 'POST', url: `/api/invoice/${f3._id}/payments`, headers: auth10, payload: { fecha: addDays(day0, 10), formaPago: '20', valor: 20, referencia: 'Depósito 5521' } });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('on day 45: María 115 in 31–60 and 207 al día; Zoila 30 in 1–30; totals; drill-down; CSV', async () => {
    const auth = await authAt(45);
    const res = await get('/api/reports/receivables', auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-report-date']).toBe(addDays(day0, 45));
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      expect.objectContaining({ _id: data.customer._id, razonSocial: 'María Fernanda Lozada', documents: 2, current: 207, d1_30: 0, d31_60: 115, d61_90: 0, over90: 0, total: 322, oldestDueDate: day0 }),
      expect.objectContaining({ _id: other._id, razonSocial: 'Zoila Castro Mora', documents: 1, current: 0, d1_30: 30, total: 30 }),
    ]);
    expect(JSON.parse(String(res.headers['x-totals']))).toEqual({ current: 207, d1_30: 30, d31_60: 115, d61_90: 0, over90: 0, total: 352, documents: 3 });
    expect(res.headers['x-total-count']).toBe('2');
    expect((await get('/api/reports/receivables?q=zoila', auth)).json()).toHaveLength(1);

    const docs = (await get(`/api/reports/receivables/${data.customer._id}`, auth)).json() as Array<Record<string, unknown>>;
    expect(docs).toEqual([
      expect.objectContaining({ _id: f1._id, resource: 'invoice', documentType: 'Factura', numero: f1.numero, dueDate: day0, daysOverdue: 45, bucket: 'd31_60', bucketLabel: '31–60 días', importeTotal: 115, saldo: 115 }),
      expect.objectContaining({ _id: f2._id, numero: f2.numero, dueDate: addDays(day0, 60), daysOverdue: 0, bucket: 'current', importeTotal: 230, saldo: 207 }),
    ]);

    const csv = await get('/api/reports/receivables/export', auth);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const table = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(table[0]).toEqual(['Cliente', 'Identificación', 'Doc.', 'Al día', '1–30 días', '31–60 días', '61–90 días', 'Más de 90 días', 'Total']);
    expect(table).toHaveLength(3);
    expect(table[1][0]).toBe('María Fernanda Lozada');

    // Another company's customer has nothing here; a future cut-off date is refused.
    expect((await get(`/api/reports/receivables/${data.customer._id}`, (await signUp(t, { ruc: await newRuc() })).auth)).json()).toEqual([]);
    expect((await get(`/api/reports/receivables?date=${addDays(day0, 46)}`, auth)).statusCode).toBe(400);
  });

  it('as of day 5: the payment of day 10 has not happened yet, and everything is al día but the cash sale', async () => {
    const auth = await authAt(45);
    const rows = (await get(`/api/reports/receivables?date=${addDays(day0, 5)}`, auth)).json() as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      expect.objectContaining({ razonSocial: 'María Fernanda Lozada', current: 207, d1_30: 115, total: 322 }),
      expect.objectContaining({ razonSocial: 'Zoila Castro Mora', current: 50, total: 50 }),
    ]);
    // Before any sale: nothing.
    expect((await get(`/api/reports/receivables?date=${addDays(day0, -1)}`, auth)).json()).toEqual([]);
  });

  it("María's estado de cuenta: the period's movements with the running balance, and what is open at its end", async () => {
    const auth = await authAt(45);
    const res = await get(`/api/customer/${data.customer._id}/statement?from=${day0}&to=${addDays(day0, 45)}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ from: day0, to: addDays(day0, 45), openingBalance: 0, totals: { cargos: 345, abonos: 23 }, closingBalance: 322 });
    expect(s.customer).toMatchObject({ _id: data.customer._id, razonSocial: 'María Fernanda Lozada', identificacion: '1714307103' });
    expect(s.lines.map((l: Record<string, unknown>) => [l.documentType, l.numero, l.cargo, l.abono, l.saldo])).toEqual([
      ['Factura', f1.numero, 115, 0, 115],
      ['Factura', f2.numero, 230, 0, 345],
      ['Nota de crédito', nota.numero, 0, 23, 322],
    ]);
    expect(s.lines[2].detalle).toBe(`Sobre la factura ${f2.numero}`);
    expect(s.openDocuments.map((d: { numero: string; saldo: number }) => [d.numero, d.saldo])).toEqual([
      [f1.numero, 115],
      [f2.numero, 207],
    ]);

    // Zoila's from day 5: 50 brought forward, the payment of day 10 with its forma de pago.
    const z = (await get(`/api/customer/${other._id}/statement?from=${addDays(day0, 5)}&to=${addDays(day0, 45)}`, auth)).json();
    expect(z).toMatchObject({ openingBalance: 50, totals: { cargos: 0, abonos: 20 }, closingBalance: 30 });
    expect(z.lines).toEqual([expect.objectContaining({ fecha: addDays(day0, 10), documentType: 'Pago', numero: f3.numero, abono: 20, saldo: 30, detalle: `Factura ${f3.numero} · 20 OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO · Depósito 5521` })]);

    expect((await get(`/api/customer/${other._id}/statement?from=${addDays(day0, 5)}&to=${day0}`, auth)).statusCode).toBe(400);
  });

  it('the estado de cuenta as a PDF and by e-mail', async () => {
    const auth = await authAt(45);
    const res = await get(`/api/customer/${data.customer._id}/statement?from=${day0}&to=${addDays(day0, 45)}&format=pdf`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    for (const expected of ['ESTADO DE CUENTA', 'María Fernanda Lozada', '1714307103', f1.numero, nota.numero, 'Saldo anterior', 'Totales del periodo', '322.00', 'Documentos pendientes', '31–60 días', `${toSriDate(day0)} al ${toSriDate(addDays(day0, 45))}`]) {
      expect(text, expected).toContain(expected);
    }

    const mailed = await t.app.inject({ method: 'POST', url: `/api/customer/${data.customer._id}/statement/email?from=${day0}&to=${addDays(day0, 45)}`, headers: auth, payload: {} });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toEqual({ message: 'Estado de cuenta enviado a maria@example.com', to: 'maria@example.com' });
    const mail = (await t.mails()).at(-1)!;
    expect(mail.subject).toBe('Estado de cuenta de Comercial Cotopaxi');
    expect(mail.text).toContain('$ 322.00');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `estado-de-cuenta-1714307103-${day0}-${addDays(day0, 45)}.pdf`, contentType: 'application/pdf' })]);
  });
});
