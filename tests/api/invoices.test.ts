import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-20T15:00:00Z') });
  a = await signUp(t, { ruc: await newRuc() });
  b = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

const draft = (over: Record<string, unknown> = {}) => ({
  establishment: data.establishment._id,
  ptoEmi: '001',
  customer: data.customer._id,
  detalles: [
    { product: data.laptop._id, cantidad: 2, precioUnitario: 850, descuento: 50, codigoPorcentajeIva: '4' },
    { product: data.book._id, cantidad: 3, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' },
  ],
  pagos: [{ formaPago: '19', total: 1876 }],
  infoAdicional: [{ nombre: 'Vendedor', valor: 'Ana' }],
  ...over,
});

describe('invoice drafts', () => {
  it('computes totals on the server and ignores totals sent by the client', async () => {
    const inv = await post(t, a.auth, '/api/invoice', { ...draft(), importeTotal: 1, totalSinImpuestos: 1, status: 'AUTORIZADA', secuencial: '000000001' });
    // 2 × 850 − 50 = 1650 at 15 %; 3 × 12.50 = 37.50 at 0 %.
    expect(inv).toMatchObject({ status: 'BORRADOR', secuencial: null, totalSinImpuestos: 1687.5, totalDescuento: 50, totalIva: 247.5, importeTotal: 1935, fechaEmision: '2026-11-20' });
    expect(inv.razonSocialComprador).toBe('María Fernanda Lozada');
    const lines = inv.detalles as Array<Record<string, unknown>>;
    expect(lines[0]).toMatchObject({ codigoPrincipal: 'LAP-01', descripcion: 'Laptop 14"', precioTotalSinImpuesto: 1650, valorIva: 247.5 });
    const taxes = inv.totalConImpuestos as Array<Record<string, unknown>>;
    expect(taxes).toEqual([
      expect.objectContaining({ codigoPorcentaje: '0', baseImponible: 37.5, valor: 0 }),
      expect.objectContaining({ codigoPorcentaje: '4', baseImponible: 1650, valor: 247.5 }),
    ]);
  });

  it('updates a draft with PUT and reopens it unchanged', async () => {
    const inv = await post(t, a.auth, '/api/invoice', draft());
    const put = await api('PUT', `/api/invoice/${inv._id}`, a.auth, draft({ detalles: [{ product: data.book._id, cantidad: 0.5, precioUnitario: 12.345678, descuento: 0, codigoPorcentajeIva: '0', descripcion: 'Media copia' }] }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ importeTotal: 6.17, totalIva: 0 });
    const again = (await api('GET', `/api/invoice/${inv._id}`, a.auth)).json();
    expect(again.detalles[0]).toMatchObject({ descripcion: 'Media copia', cantidad: 0.5, precioUnitario: 12.345678 });
  });

  it('rejects bad drafts with field paths', async () => {
    const empty = await api('POST', '/api/invoice', a.auth, draft({ detalles: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('detalles');
    const pto = await api('POST', '/api/invoice', a.auth, draft({ ptoEmi: '009' }));
    expect(pto.statusCode).toBe(400);
    expect(pto.json().details[0].path).toBe('ptoEmi');
    const discount = await api('POST', '/api/invoice', a.auth, draft({ detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 10, descuento: 11, codigoPorcentajeIva: '0' }] }));
    expect(discount.statusCode).toBe(400);
    expect(discount.json().details[0].path).toMatch(/^detalles\.0/);
    const qty = await api('POST', '/api/invoice', a.auth, draft({ detalles: [{ product: data.book._id, cantidad: 0, precioUnitario: 10, codigoPorcentajeIva: '0' }] }));
    expect(qty.statusCode).toBe(400);
    expect(qty.json().details[0].path).toBe('detalles.0.cantidad');
    const otherCompanyProduct = await post(t, b.auth, '/api/product', { codigoPrincipal: 'B-1', descripcion: 'de B', precioUnitario: 1, codigoPorcentajeIva: '0' });
    const foreign = await api('POST', '/api/invoice', a.auth, draft({ detalles: [{ product: otherCompanyProduct._id, cantidad: 1, precioUnitario: 1, codigoPorcentajeIva: '0' }] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('detalles.0.product');
    // x-ref values: an id of another company, or not an id at all, is a 400 on that field
    const otherCustomer = await post(t, b.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Cliente de B' });
    const foreignCustomer = await api('POST', '/api/invoice', a.auth, draft({ customer: otherCustomer._id }));
    expect([foreignCustomer.statusCode, foreignCustomer.json().details[0].path]).toEqual([400, 'customer']);
    const junk = await api('POST', '/api/invoice', a.auth, draft({ establishment: 'matriz' }));
    expect([junk.statusCode, junk.json().details[0]]).toEqual([400, { path: 'establishment', message: '"matriz" no es un identificador válido' }]);
    const pago = await api('POST', '/api/invoice', a.auth, draft({ pagos: [{ formaPago: '99', total: 1 }] }));
    expect(pago.statusCode).toBe(400);
    expect(pago.json().details[0].path).toBe('pagos.0.formaPago');
  });

  it('keeps only formaPago, total, plazo and unidadTiempo of a payment, and refuses anything else', async () => {
    const pagos = [{ formaPago: '19', total: 1000, plazo: 30, unidadTiempo: 'dias' }, { formaPago: '01', total: 935 }];
    const inv = await post(t, a.auth, '/api/invoice', draft({ pagos }));
    expect(inv.pagos).toEqual(pagos);
    // a GET -> PUT round trip stays valid
    const again = (await api('GET', `/api/invoice/${inv._id}`, a.auth)).json();
    expect((await api('PUT', `/api/invoice/${inv._id}`, a.auth, { ...draft(), pagos: again.pagos, infoAdicional: again.infoAdicional })).statusCode).toBe(200);
    const extra = await api('POST', '/api/invoice', a.auth, draft({ pagos: [{ formaPago: '19', total: 1935, banco: 'Pichincha', importeTotal: 1 }] }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details.map((d: { path: string }) => d.path)).toEqual(['pagos.0.banco', 'pagos.0.importeTotal']);
    const info = await api('POST', '/api/invoice', a.auth, draft({ infoAdicional: [{ nombre: 'Vendedor', valor: 'Ana', color: 'rojo' }] }));
    expect(info.json().details?.[0].path).toBe('infoAdicional.0.color');
  });

  it('allows as many infoAdicional entries as leave room for the buyer e-mail and phone the XML adds (15 in all)', async () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ nombre: `Dato ${i + 1}`, valor: 'x' }));
    expect((await api('POST', '/api/invoice', a.auth, draft({ infoAdicional: entries(13) }))).statusCode).toBe(201);
    const over = await api('POST', '/api/invoice', a.auth, draft({ infoAdicional: entries(14) }));
    expect(over.statusCode).toBe(400);
    expect(over.json().details[0].path).toBe('infoAdicional');
  });

  it('caps consumidor final sales', async () => {
    const small = await api('POST', '/api/invoice', a.auth, draft({ customer: data.consumidorFinal._id, detalles: [{ product: data.book._id, cantidad: 4, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] }));
    expect(small.statusCode).toBe(201);
    const big = await api('POST', '/api/invoice', a.auth, draft({ customer: data.consumidorFinal._id, detalles: [{ product: data.book._id, cantidad: 5, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] }));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/consumidor final/);
  });

  it('lists with filters by status and date, search by buyer, and sort', async () => {
    await post(t, a.auth, '/api/invoice', draft({ fechaEmision: '2026-10-01' }));
    await post(t, a.auth, '/api/invoice', draft({ fechaEmision: '2026-09-15', customer: data.consumidorFinal._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] }));
    const october = await api('GET', '/api/invoice?from=2026-10-01&to=2026-10-31', a.auth);
    expect(october.json().map((i: { fechaEmision: string }) => i.fechaEmision)).toEqual(['2026-10-01']);
    const drafts = await api('GET', '/api/invoice?status=BORRADOR&per_page=100', a.auth);
    expect(Number(drafts.headers['x-total-count'])).toBe(drafts.json().length);
    // A page past the last one is empty and still carries the total.
    const past = await api('GET', '/api/invoice?status=BORRADOR&per_page=100&page=50', a.auth);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(drafts.headers['x-total-count']);
    expect((await api('GET', '/api/invoice?status=AUTORIZADA', a.auth)).headers['x-total-count']).toBe('0');
    const byBuyer = await api('GET', '/api/invoice?q=consumidor', a.auth);
    expect(byBuyer.json().every((i: { razonSocialComprador: string }) => i.razonSocialComprador === 'CONSUMIDOR FINAL')).toBe(true);
    const oldest = await api('GET', '/api/invoice?sort=fechaEmision&per_page=1', a.auth);
    expect(oldest.json()[0].fechaEmision).toBe('2026-09-15');
    const biggest = await api('GET', '/api/invoice?sort=-importeTotal&per_page=1', a.auth);
    expect(biggest.json()[0].importeTotal).toBe(1935);
    expect((await api('GET', '/api/invoice?status=PAGADA', a.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/invoice?from=2026-13-01', a.auth)).statusCode).toBe(400);
    expect((await api('GET', '/api/invoice', b.auth)).headers['x-total-count']).toBe('0');
  });

  it('lists each row with the same timestamps, to the millisecond, as the comprobante read alone', async () => {
    // The list reads timestamps straight from the database's text (server/db/timestamp-iso.ts); the
    // comprobante alone reads them through a Date: both must send the same ISO text.
    const inv = await post(t, a.auth, '/api/invoice', draft());
    const list = (await api('GET', '/api/invoice?status=BORRADOR&per_page=100', a.auth)).json() as Array<Record<string, unknown>>;
    const row = list.find((r) => r._id === inv._id)!;
    const alone = (await api('GET', `/api/invoice/${inv._id}`, a.auth)).json();
    for (const field of ['createdAt', 'updatedAt', 'issuedAt', 'fechaAutorizacion', 'emailedAt']) expect(row[field], field).toBe(alone[field]);
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.issuedAt).toBeNull();
  });

  it('filters by customer, within the company', async () => {
    const other = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1104181183', razonSocial: 'Pedro Loja' });
    const mine = await post(t, a.auth, '/api/invoice', draft({ customer: other._id }));
    const res = await api('GET', `/api/invoice?customer=${other._id}&per_page=100`, a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json().map((i: { _id: string; customer: string }) => [i._id, i.customer])).toEqual([[mine._id, other._id]]);
    const all = Number((await api('GET', '/api/invoice', a.auth)).headers['x-total-count']);
    const maria = Number((await api('GET', `/api/invoice?customer=${data.customer._id}`, a.auth)).headers['x-total-count']);
    expect(maria).toBeGreaterThan(0);
    expect(maria).toBeLessThan(all);
    // another company's customer id finds nothing, even its own invoices stay hidden
    expect((await api('GET', `/api/invoice?customer=${other._id}`, b.auth)).headers['x-total-count']).toBe('0');
    expect((await api('GET', '/api/invoice?customer=nope', a.auth)).statusCode).toBe(400);
  });

  it('keeps other companies out', async () => {
    const inv = await post(t, a.auth, '/api/invoice', draft());
    expect((await api('GET', `/api/invoice/${inv._id}`, b.auth)).statusCode).toBe(404);
    expect((await api('PUT', `/api/invoice/${inv._id}`, b.auth, draft())).statusCode).toBe(404);
    expect((await api('DELETE', `/api/invoice/${inv._id}`, b.auth)).statusCode).toBe(404);
  });
});
