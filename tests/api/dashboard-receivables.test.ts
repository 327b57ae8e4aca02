/**
 * The dashboard's receivables (issue 26) on PGlite and PostgreSQL: "Por cobrar" (the saldo of the
 * authorised facturas) and "Vencido" (the part past its due date) move with payments and the
 * clock, and the overdue facturas are on the attention list, oldest due date first; another
 * company sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { addDays } from '../../core/receivables.ts';

/** The app's clock: real time shifted by `shiftDays`. */
let shiftDays = 0;
const clock = () => new Date(Date.now() + shiftDays * 86_400_000);

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let service: { _id: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  a = await signUp(t, { ruc: await newRuc(), razonSocial: 'Ferretería La Vicentina' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  service = await post(t, a.auth, '/api/product', { codigoPrincipal: 'SRV-100', descripcion: 'Instalación', precioUnitario: 100, codigoPorcentajeIva: '4' });
});
afterAll(async () => t?.close());

const dashboard = async (auth = a.auth) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A fresh token under the shifted clock (the first one has expired by then). */
async function signInAgain() {
  const res = await t.app.inject({ method: 'PUT', url: `/auth/company/${a.companyId}/login`, payload: { email: a.email, password: a.password } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** An authorised factura of `units` × 115.00 due `plazo` days after its emission. */
const factura = (units: number, plazo: number) =>
  createAndIssue(t, a.auth, 'invoice', {
    establishment: data.establishment._id,
    ptoEmi: '001',
    customer: data.customer._id,
    detalles: [{ product: service._id, cantidad: units, precioUnitario: 100, codigoPorcentajeIva: '4' }],
    pagos: [{ formaPago: '20', total: units * 115, plazo, unidadTiempo: 'dias' }],
  });

describe('Por cobrar, Vencido and the overdue facturas', () => {
  it('follow payments and due dates', async () => {
    expect((await dashboard()).receivables).toEqual({ open: 0, overdue: 0, openCount: 0, overdueCount: 0 });
    const soon = await factura(1, 30);
    const later = await factura(2, 60);
    expect(soon.status).toBe('AUTORIZADA');
    const paid = await t.app.inject({ method: 'POST', url: `/api/invoice/${later._id}/payments`, headers: a.auth, payload: { fecha: guayaquilDate(clock()), formaPago: '20', valor: 30 } });
    expect(paid.statusCode, paid.body).toBe(201);

    let d = await dashboard();
    expect(d.receivables).toEqual({ open: 315, overdue: 0, openCount: 2, overdueCount: 0 });
    expect(d.attention.filter((x: { reason: string }) => x.reason === 'overdue')).toEqual([]);

    // 45 days on: the first is 15 days past due, the second not yet.
    shiftDays = 45;
    let auth = await signInAgain();
    d = await dashboard(auth);
    expect(d.receivables).toEqual({ open: 315, overdue: 115, openCount: 2, overdueCount: 1 });
    expect(d.attention.filter((x: { reason: string }) => x.reason === 'overdue')).toEqual([
      expect.objectContaining({ reason: 'overdue', _id: soon._id, numero: soon.numero, codDoc: '01', saldo: 115, importeTotal: 115, dueDate: addDays(String(soon.fechaEmision), 30), daysOverdue: 15, razonSocialComprador: 'María Fernanda Lozada' }),
    ]);

    // 75 days on, both overdue, the oldest due date first; a payment lowers both figures.
    shiftDays = 75;
    auth = await signInAgain();
    const more = await t.app.inject({ method: 'POST', url: `/api/invoice/${soon._id}/payments`, headers: auth, payload: { fecha: guayaquilDate(clock()), formaPago: '01', valor: 15 } });
    expect(more.statusCode, more.body).toBe(201);
    d = await dashboard(auth);
    expect(d.receivables).toEqual({ open: 300, overdue: 300, openCount: 2, overdueCount: 2 });
    expect(d.attention.filter((x: { reason: string }) => x.reason === 'overdue').map((x: { _id: string; saldo: number }) => [x._id, x.saldo])).toEqual([
      [soon._id, 100],
      [later._id, 200],
    ]);

    shiftDays = 0;
    const b = await signUp(t, { ruc: await newRuc() });
    expect((await dashboard(b.auth)).receivables).toEqual({ open: 0, overdue: 0, openCount: 0, overdueCount: 0 });
  });
});
