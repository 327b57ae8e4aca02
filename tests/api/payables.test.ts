/**
 * Payables and the retenciones on both sides (DESIGN.md §12, §8) on PGlite and PostgreSQL. Company
 * A sells to company B through the sandbox SRI. B registers A's factura by access key (confirmed by
 * the SRI): it owes it, with the due date from the plazo. A's nota de crédito, registered by B,
 * lowers B's saldo whichever is registered first; B's payments and the retención B issues lower it
 * too; A registers that retención and A's receivable saldo drops by it. An XML upload not yet
 * confirmed with the SRI stays out of the payables; a liquidación de compra B issues is paid like a
 * factura; a received document with payments is not deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, createSupplier, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { addDays } from '../../core/receivables.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let rucB: string;
let dataA: Awaited<ReturnType<typeof seedMasterData>>;
let dataB: Awaited<ReturnType<typeof seedMasterData>>;
let buyerB: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  const rucA = await newRuc();
  rucB = await newRuc();
  a = await signUp(t, { ruc: rucA, razonSocial: 'Distribuidora Andina' });
  b = await signUp(t, { ruc: rucB, razonSocial: 'Ferretería El Tornillo' });
  dataA = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth, { ruc: rucA, razonSocial: 'Distribuidora Andina' });
  buyerB = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: rucB, razonSocial: 'Ferretería El Tornillo', email: 'compras@tornillo.example' });
  // B is an agente de retención with its own certificate and emission point.
  const profile = (await api('GET', '/api/admin/company', b.auth)).json() as Record<string, unknown>;
  expect((await api('PUT', '/api/admin/company', b.auth, { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '1' })).statusCode).toBe(200);
  await uploadTestCertificate(t, b.auth, { ruc: rucB, razonSocial: 'Ferretería El Tornillo' });
  dataB = await seedMasterData(t, b.auth);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const today = () => guayaquilDate(new Date());

/** A factura from A to B: one laptop at 850 (IVA 15 %) and two books at 12.50: 977.50 + 25.00 = 1002.50, at 30 days. */
const saleToB = () =>
  createAndIssue(t, a.auth, 'invoice', {
    establishment: dataA.establishment._id,
    ptoEmi: '001',
    customer: buyerB._id,
    detalles: [
      { product: dataA.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' },
      { product: dataA.book._id, cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' },
    ],
    pagos: [{ formaPago: '20', total: 1002.5, plazo: 30, unidadTiempo: 'dias' }],
  });

/** A's nota de crédito on a factura: the two books back (25.00 at 0 %). */
const booksBack = (facturaId: string) =>
  createAndIssue(t, a.auth, 'credit-note', { invoice: facturaId, motivo: 'Devolución de dos libros', detalles: [{ product: dataA.book._id, codigoPrincipal: 'LIB-01', descripcion: 'Libro de contabilidad', cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] });

describe('what B owes A', () => {
  it('by key: payable with its due date; a nota de crédito, a payment and a retención B issues lower it; A sees the retención on its receivable', async () => {
    const f = await saleToB();
    expect(f).toMatchObject({ status: 'AUTORIZADA', saldo: 1002.5, paymentStatus: 'PENDIENTE', dueDate: addDays(f.fechaEmision as string, 30) });

    const received = await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso });
    expect(received.statusCode, received.body).toBe(201);
    const r = received.json();
    expect(r).toMatchObject({ codDoc: '01', confirmado: true, saldo: 1002.5, paymentStatus: 'PENDIENTE', dueDate: addDays(f.fechaEmision as string, 30) });

    // A credits the books back; B registers the nota and it counts on the factura it modifies.
    const nota = await booksBack(f._id);
    const nc = await api('POST', '/api/received-document', b.auth, { claveAcceso: nota.claveAcceso });
    expect(nc.statusCode, nc.body).toBe(201);
    expect(nc.json()).toMatchObject({ codDoc: '04', modifiedDocument: r._id, relatedInvoice: null });
    expect((await api('GET', `/api/received-document/${r._id}`, b.auth)).json()).toMatchObject({ saldo: 977.5, amountCredited: 25, paymentStatus: 'PENDIENTE' });
    // A's own factura is down by the same nota.
    expect((await api('GET', `/api/invoice/${f._id}`, a.auth)).json()).toMatchObject({ saldo: 977.5, amountCredited: 25 });

    const paid = await api('POST', `/api/received-document/${r._id}/payments`, b.auth, { fecha: today(), formaPago: '20', valor: 500, referencia: 'Transferencia Banco Pichincha 88812' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().document).toMatchObject({ resource: 'received-document', saldo: 477.5, paymentStatus: 'PARCIAL' });

    // B withholds on it: renta and IVA from the proposal; the payable saldo drops by the total withheld.
    const proposal = (await api('GET', `/api/withholding/proposal?receivedDocument=${r._id}`, b.auth)).json();
    const retencion = await createAndIssue(t, b.auth, 'withholding', { establishment: dataB.establishment._id, ptoEmi: '001', supplier: r.supplier, docsSustento: proposal.docsSustento });
    expect(retencion.status).toBe('AUTORIZADA');
    const withheld = retencion.importeTotal as number;
    expect(withheld).toBeGreaterThan(0);
    const afterRet = (await api('GET', `/api/received-document/${r._id}`, b.auth)).json();
    expect(afterRet).toMatchObject({ amountWithheld: withheld, saldo: Number((477.5 - withheld).toFixed(2)), paymentStatus: 'PARCIAL' });

    // The list of what B owes, by status.
    const owed = (await api('GET', '/api/received-document?paymentStatus=PENDIENTE,PARCIAL,VENCIDA', b.auth)).json() as Array<{ _id: string; codDoc: string }>;
    expect(owed.map((x) => x._id)).toContain(r._id);
    expect(owed.every((x) => x.codDoc === '01' || x.codDoc === '05')).toBe(true);

    // A registers B's retención: its receivable on the factura drops by it.
    const mine = await api('POST', '/api/received-document', a.auth, { claveAcceso: retencion.claveAcceso });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ codDoc: '07', relatedInvoice: f._id });
    expect((await api('GET', `/api/invoice/${f._id}`, a.auth)).json()).toMatchObject({ saldo: Number((977.5 - withheld).toFixed(2)), amountWithheld: withheld, paymentStatus: 'PARCIAL' });

    // B pays the rest: PAGADA; one cent more is refused naming the saldo.
    const rest = Number((477.5 - withheld).toFixed(2));
    const over = await api('POST', `/api/received-document/${r._id}/payments`, b.auth, { fecha: today(), formaPago: '20', valor: rest + 0.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`El pago de $ ${(rest + 0.01).toFixed(2)} supera el saldo de la factura recibida ${r.numero}: $ ${rest.toFixed(2)}`);
    const last = await api('POST', `/api/received-document/${r._id}/payments`, b.auth, { fecha: today(), formaPago: '20', valor: rest });
    expect(last.json().document).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA' });

    // Payments keep the received document: deleting it is refused.
    const removal = await api('DELETE', `/api/received-document/${r._id}`, b.auth);
    expect(removal.statusCode).toBe(409);
  });

  it('a nota de crédito registered before its factura is counted when the factura arrives', async () => {
    const f = await saleToB();
    const nota = await booksBack(f._id);
    const nc = await api('POST', '/api/received-document', b.auth, { claveAcceso: nota.claveAcceso });
    expect(nc.json()).toMatchObject({ modifiedDocument: null });
    const r = (await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso })).json();
    expect(r).toMatchObject({ saldo: 977.5, amountCredited: 25 });
    expect((await api('GET', `/api/received-document/${nc.json()._id}`, b.auth)).json()).toMatchObject({ modifiedDocument: r._id });
  });

  it('an XML upload not confirmed with the SRI is not a payable: no saldo, no payment', async () => {
    const f = await saleToB();
    const xml = (await api('GET', `/api/invoice/${f._id}/xml`, a.auth)).body;
    const up = await api('POST', '/api/received-document', b.auth, { xml });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ confirmado: false, saldo: null, paymentStatus: null });
    const res = await api('POST', `/api/received-document/${up.json()._id}/payments`, b.auth, { fecha: today(), formaPago: '20', valor: 10 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/no está confirmada con el SRI/);
    const owed = (await api('GET', '/api/received-document?paymentStatus=PENDIENTE,PARCIAL,VENCIDA&per_page=100', b.auth)).json() as Array<{ _id: string }>;
    expect(owed.map((x) => x._id)).not.toContain(up.json()._id);
  });
});

describe('a liquidación de compra B issues', () => {
  it('is a payable: paid in two parts, PARCIAL then PAGADA; A cannot see it', async () => {
    const supplier = await createSupplier(t, b.auth);
    const liq = await createAndIssue(t, b.auth, 'purchase-settlement', {
      establishment: dataB.establishment._id,
      ptoEmi: '002',
      supplier: supplier._id,
      detalles: [{ codigoPrincipal: 'PAPA-QQ', descripcion: 'Papa chola (quintal)', cantidad: 4, precioUnitario: 18.75, descuento: 0, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 75 }],
    });
    expect(liq).toMatchObject({ status: 'AUTORIZADA', importeTotal: 75, saldo: 75, paymentStatus: 'PENDIENTE' });
    const one = await api('POST', `/api/purchase-settlement/${liq._id}/payments`, b.auth, { fecha: today(), formaPago: '01', valor: 30 });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().document).toMatchObject({ resource: 'purchase-settlement', saldo: 45, paymentStatus: 'PARCIAL' });
    const two = await api('POST', `/api/purchase-settlement/${liq._id}/payments`, b.auth, { fecha: today(), formaPago: '01', valor: 45 });
    expect(two.json().document).toMatchObject({ saldo: 0, paymentStatus: 'PAGADA' });
    expect((await api('GET', `/api/purchase-settlement/${liq._id}/payments`, a.auth)).statusCode).toBe(404);
    expect((await api('GET', `/api/purchase-settlement?paymentStatus=PAGADA`, b.auth)).json().map((x: { _id: string }) => x._id)).toEqual([liq._id]);
  });
});
