/**
 * Liquidaciones de compra (codDoc 03) through the shared pipeline, on PGlite and PostgreSQL: a
 * supplier record -> a draft with lines at 15 % and 0 % (one from a product, one free) -> issue ->
 * AUTORIZADA in the sandbox SRI, XML and RIDE from the signed document, mail to the supplier; the
 * rules with their field paths (descuento required, another company's supplier, consumidor final);
 * the dashboard's sales do not count a purchase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, createSupplier, issuingCompany, post, seedMasterData } from '../helpers/fixtures.ts';
import { parseClaveAcceso } from '../../core/access-key.ts';
import { pdfText } from '../helpers/xml-tools.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** 2 laptops bought at 800.00 less 10.00 (15 %) and 3 quintales at 18.75 (0 %): 1590.00 + 56.25 + IVA 238.50 = 1884.75. */
const purchase = (supplier: string) => ({
  establishment: data.establishment._id,
  ptoEmi: '002',
  supplier,
  detalles: [
    { product: data.laptop._id, descripcion: 'Laptop 14" usada', cantidad: 2, precioUnitario: 800, descuento: 10, codigoPorcentajeIva: '4' },
    { codigoPrincipal: 'PAPA-QQ', descripcion: 'Papa chola (quintal)', cantidad: 3, precioUnitario: 18.75, descuento: 0, codigoPorcentajeIva: '0' },
  ],
  pagos: [{ formaPago: '20', total: 1884.75 }],
});

describe('liquidación de compra', () => {
  it('supplier -> draft -> issue -> AUTORIZADA, proveedor in the XML and RIDE, mailed to the supplier, not counted as a sale', async () => {
    const before = (await api('GET', '/api/dashboard')).json();
    const supplier = await createSupplier(t, a.auth);
    const draft = await post(t, a.auth, '/api/purchase-settlement', purchase(supplier._id));
    expect(draft).toMatchObject({
      status: 'BORRADOR',
      codDoc: '03',
      customer: null,
      supplier: supplier._id,
      tipoIdentificacionProveedor: '05',
      identificacionProveedor: '1104181183',
      razonSocialProveedor: 'José Quishpe Tipán',
      direccionProveedor: 'Comuna Tola Chica, Tumbaco',
      razonSocialComprador: 'José Quishpe Tipán',
      totalSinImpuestos: 1646.25,
      totalDescuento: 10,
      totalIva: 238.5,
      importeTotal: 1884.75,
    });
    expect((draft.detalles as Array<Record<string, unknown>>).map((d) => [d.codigoPrincipal, d.descripcion, d.precioTotalSinImpuesto])).toEqual([
      ['LAP-01', 'Laptop 14" usada', 1590],
      ['PAPA-QQ', 'Papa chola (quintal)', 56.25],
    ]);

    const issued = await api('POST', `/api/purchase-settlement/${draft._id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const liq = issued.json();
    expect(liq).toMatchObject({ status: 'AUTORIZADA', numero: '001-002-000000001', supplier: supplier._id });
    expect(parseClaveAcceso(liq.claveAcceso)).toMatchObject({ codDoc: '03', estab: '001', ptoEmi: '002' });

    const xml = (await api('GET', `/api/purchase-settlement/${draft._id}/xml`)).body;
    expect(xml).toContain('<liquidacionCompra id="comprobante" version="1.1.0">');
    expect(xml).toContain('<tipoIdentificacionProveedor>05</tipoIdentificacionProveedor><razonSocialProveedor>José Quishpe Tipán</razonSocialProveedor><identificacionProveedor>1104181183</identificacionProveedor>');
    expect(xml).toContain('<totalDescuento>10.00</totalDescuento>');
    expect(xml).toContain('<importeTotal>1884.75</importeTotal>');
    const pdf = await api('GET', `/api/purchase-settlement/${draft._id}/pdf`);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of ['LIQUIDACIÓN DE COMPRA', 'José Quishpe Tipán', '1104181183', 'TOTAL DESCUENTO 10.00', 'IVA 15 % 238.50', 'VALOR TOTAL 1,884.75']) expect(text).toContain(expected);

    // Not a factura: /api/invoice does not answer for it, and the list of liquidaciones finds it by the proveedor.
    expect((await api('GET', `/api/invoice/${draft._id}`)).statusCode).toBe(404);
    const list = (await api('GET', '/api/purchase-settlement?q=quishpe')).json() as Array<Record<string, unknown>>;
    expect(list.map((r) => [r._id, r.numero, r.razonSocialComprador, r.importeTotal])).toEqual([[draft._id, '001-002-000000001', 'José Quishpe Tipán', 1884.75]]);
    const csv = await api('GET', '/api/purchase-settlement/export?q=quishpe');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Número,Estado,Fecha,Proveedor,Total');
    expect(csv.body).toContain('José Quishpe Tipán');

    // A purchase is not a sale: the dashboard's sales, IVA and top products are what they were.
    const after = (await api('GET', '/api/dashboard')).json();
    expect(after.sales).toEqual(before.sales);
    expect(after.iva).toBe(before.iva);
    expect(after.topProducts).toEqual(before.topProducts);
    expect(after.topCustomers).toEqual(before.topCustomers);
    expect(after.byStatus.AUTORIZADA).toBe((before.byStatus.AUTORIZADA ?? 0) + 1);

    const mailed = await api('POST', `/api/purchase-settlement/${draft._id}/email`);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().to).toBe('jose.quishpe@example.com');
    const mail = (await t.mails()).filter((m) => m.subject.includes(liq.numero)).at(-1)!;
    expect(mail.to).toContain('jose.quishpe@example.com');
    expect(mail.attachments.map((x) => x.filename)).toEqual([`liquidacion-compra-${liq.numero}.xml`, `RIDE-${liq.numero}.pdf`]);
  });

  it('a sale and a purchase in one month: the dashboard counts only the sale', async () => {
    const c = await issuingCompany(t);
    await createAndIssue(t, c.a.auth, 'invoice', { establishment: c.data.establishment._id, ptoEmi: '001', customer: c.data.customer._id, detalles: [{ product: c.data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 25 }] });
    const supplier = await createSupplier(t, c.a.auth);
    const liq = await createAndIssue(t, c.a.auth, 'purchase-settlement', { establishment: c.data.establishment._id, ptoEmi: '001', supplier: supplier._id, detalles: [{ product: c.data.laptop._id, descripcion: 'Laptop', cantidad: 1, precioUnitario: 1000, descuento: 0, codigoPorcentajeIva: '4' }] });
    expect(liq.status).toBe('AUTORIZADA');
    const d = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: c.a.auth })).json();
    expect(d.sales.period).toBe(25);
    expect(d.iva).toBe(0);
    expect(d.authorisedInPeriod).toBe(1);
    expect(d.topProducts.map((p: { label: string }) => p.label)).toEqual(['Libro de contabilidad']);
  });

  it('refuses a line without descuento, another company\'s supplier, a consumidor final and unbalanced pagos, with field paths', async () => {
    const supplier = await createSupplier(t, a.auth, { identificacion: '1716430390', razonSocial: 'Ana Chicaiza' });
    const body = purchase(supplier._id);
    const noDiscount = await api('POST', '/api/purchase-settlement', { ...body, detalles: [body.detalles[0], { ...body.detalles[1], descuento: undefined }] });
    expect(noDiscount.statusCode).toBe(400);
    expect(noDiscount.json().details).toContainEqual(expect.objectContaining({ path: 'detalles.1.descuento' }));

    const b = await signUp(t, { ruc: await newRuc() });
    const theirs = await createSupplier(t, b.auth);
    const foreign = await api('POST', '/api/purchase-settlement', purchase(theirs._id));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('supplier');
    // Nor can B read, change or delete A's liquidación.
    const mine = await post(t, a.auth, '/api/purchase-settlement', body);
    expect((await api('GET', `/api/purchase-settlement/${mine._id}`, undefined, b.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/purchase-settlement/${mine._id}`, undefined, b.auth)).statusCode).toBe(404);
    expect((await api('PUT', `/api/purchase-settlement/${mine._id}`, purchase(theirs._id), b.auth)).statusCode).toBe(404);

    const cf = await api('POST', '/api/supplier', { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' });
    expect(cf.statusCode).toBe(400);
    expect(cf.json().details[0].path).toBe('tipoIdentificacion');

    const unbalanced = await post(t, a.auth, '/api/purchase-settlement', { ...body, pagos: [{ formaPago: '01', total: 100 }] });
    const refused = await api('POST', `/api/purchase-settlement/${unbalanced._id}/issue`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('la liquidación $ 1,884.75'), details: [{ path: 'pagos' }] });
    expect((await api('GET', `/api/purchase-settlement/${unbalanced._id}`)).json().status).toBe('BORRADOR');
  });

  it('is edited and deleted while a draft, and locked once issued', async () => {
    const supplier = await createSupplier(t, a.auth, { identificacion: '1714307103', razonSocial: 'Pedro Tipán', email: undefined });
    const draft = await post(t, a.auth, '/api/purchase-settlement', { ...purchase(supplier._id), pagos: [] });
    const edited = await api('PUT', `/api/purchase-settlement/${draft._id}`, { ...purchase(supplier._id), pagos: [], detalles: [{ descripcion: 'Jornal de cosecha', cantidad: 5, precioUnitario: 20, descuento: 0, codigoPorcentajeIva: '0' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ importeTotal: 100, totalIva: 0 });
    const issued = await api('POST', `/api/purchase-settlement/${draft._id}/issue`);
    expect(issued.json().status).toBe('AUTORIZADA');
    expect((await api('PUT', `/api/purchase-settlement/${draft._id}`, purchase(supplier._id))).statusCode).toBe(409);
    expect((await api('DELETE', `/api/purchase-settlement/${draft._id}`)).statusCode).toBe(409);
    // A supplier without e-mail: asked for a recipient.
    const mail = await api('POST', `/api/purchase-settlement/${draft._id}/email`);
    expect(mail.statusCode).toBe(422);
    const other = await post(t, a.auth, '/api/purchase-settlement', purchase(supplier._id));
    expect((await api('DELETE', `/api/purchase-settlement/${other._id}`)).statusCode).toBe(204);
  });
});
