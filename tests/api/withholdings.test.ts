/**
 * Comprobantes de retención (codDoc 07, 2.0.0) through the shared pipeline, on PGlite and
 * PostgreSQL: company A sells to company B (B's RUC), B registers the factura by its key (POST
 * /api/received-document) and B withholds on it. Who may (Reglamento LRTI art. 92, core/withholding-issuer.ts):
 * a company that is neither a designated agent nor a contribuyente especial is refused at issue on a
 * received factura (422 naming agenteRetencion, in Spanish, pointing at the Empresa card) but issues on
 * its own liquidación de compra (num. 2); a designated agent and a contribuyente especial issue. The
 * retención is AUTORIZADA, bases and
 * values are checked to the cent, porcentajeRetener comes from the catalog rate in force on the
 * date, the proposal endpoint fills the docSustento and the supplier's default codes, the RIDE
 * carries the table and the total withheld, the mail goes to the supplier, and the dashboard does
 * not count a retención as a sale.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, createSupplier, issuingCompany, post, seedMasterData } from '../helpers/fixtures.ts';
import { parseClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { pdfText } from '../helpers/xml-tools.ts';

let t: TestApp;
let seller: Awaited<ReturnType<typeof signUp>>;
let sellerData: Awaited<ReturnType<typeof seedMasterData>>;
let buyer: Awaited<ReturnType<typeof signUp>>;
let buyerData: Awaited<ReturnType<typeof seedMasterData>>;
let buyerRuc: string;
let sellerRuc: string;
let buyerAsCustomer: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ a: seller, data: sellerData } = await issuingCompany(t));
  sellerRuc = ((await t.app.inject({ method: 'GET', url: '/api/admin/company', headers: seller.auth })).json() as { ruc: string }).ruc;
  ({ a: buyer, data: buyerData } = await issuingCompany(t));
  buyerRuc = ((await t.app.inject({ method: 'GET', url: '/api/admin/company', headers: buyer.auth })).json() as { ruc: string }).ruc;
  buyerAsCustomer = await post(t, seller.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: buyerRuc, razonSocial: 'Comprador Agente S.A.', email: 'compras@comprador.example' });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = buyer.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const sri = (iso: string) => iso.split('-').reverse().join('/');
const daysAgo = (n: number) => {
  const d = new Date(`${guayaquilDate(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A sells B a laptop (850.00 at 15 %) and two books (25.00 at 0 %): base 875.00, IVA 127.50, total 1,002.50; B holds it as received. */
async function facturaToBuyer(supplierId?: string) {
  const factura = await createAndIssue(t, seller.auth, 'invoice', {
    establishment: sellerData.establishment._id,
    ptoEmi: '001',
    customer: buyerAsCustomer._id,
    detalles: [
      { product: sellerData.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' },
      { product: sellerData.book._id, cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' },
    ],
    pagos: [{ formaPago: '20', total: 1002.5 }],
  });
  expect(factura).toMatchObject({ status: 'AUTORIZADA', importeTotal: 1002.5 });
  // B registers it by its key (fetched from the sandbox SRI), linked to B's supplier of that RUC.
  const res = await api('POST', '/api/received-document', { claveAcceso: factura.claveAcceso });
  expect(res.statusCode, res.body).toBe(201);
  const received = res.json() as { _id: string; supplier: string };
  if (supplierId) expect(received.supplier).toBe(supplierId);
  return { factura, receivedId: received._id };
}

let supplier: { _id: string };

describe('comprobante de retención', () => {
  it('the supplier keeps default withholding codes from the catalogs; an unknown code is refused at its path', async () => {
    supplier = await post(t, buyer.auth, '/api/supplier', { tipoIdentificacion: '04', identificacion: sellerRuc, razonSocial: 'Proveedor Vendedor S.A.', email: 'ventas@proveedor.example', codigoRetencionRenta: '312', codigoRetencionIva: '1' });
    expect(supplier).toMatchObject({ codigoRetencionRenta: '312', codigoRetencionIva: '1' });
    const bad = await api('POST', '/api/supplier', { tipoIdentificacion: '04', identificacion: sellerRuc, razonSocial: 'X', codigoRetencionRenta: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('codigoRetencionRenta');
  });

  it('a company neither designated agent nor contribuyente especial keeps a draft on a received factura but cannot issue: 422 naming agenteRetencion, in Spanish', async () => {
    const { receivedId } = await facturaToBuyer(supplier._id);
    const draft = await post(t, buyer.auth, '/api/withholding', { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: supplier._id, docsSustento: [{ receivedDocument: receivedId, codSustento: '01', retenciones: [{ codigo: '1', codigoRetencion: '312', baseImponible: 875 }] }] });
    expect(draft).toMatchObject({ status: 'BORRADOR', codDoc: '07' });
    const refused = await api('POST', `/api/withholding/${draft._id}/issue`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/no es agente de retención ni contribuyente especial/);
    expect(refused.json().message).toMatch(/art\. 92/);
    expect(refused.json().message).toMatch(/Empresa › «Datos de la empresa y del SRI», campos «Agente de retención \(resolución\)» o «Contribuyente especial \(resolución\)»/);
    expect(refused.json().details[0].path).toBe('agenteRetencion');
    expect((await api('GET', `/api/withholding/${draft._id}`)).json().status).toBe('BORRADOR');
  });

  it('neither designated nor especial, on its own AUTORIZADA liquidación de compra (art. 92 num. 2): the proposal withholds 100 % of its IVA, the retención is AUTORIZADA and cites it', async () => {
    const person = await createSupplier(t, buyer.auth, { codigoRetencionRenta: '303' });
    const liq = await createAndIssue(t, buyer.auth, 'purchase-settlement', { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: person._id, detalles: [{ product: buyerData.laptop._id, descripcion: 'Asesoría contable', cantidad: 1, precioUnitario: 400, descuento: 0, codigoPorcentajeIva: '4' }] });
    expect(liq).toMatchObject({ status: 'AUTORIZADA', importeTotal: 460 });
    const proposal = (await api('GET', `/api/withholding/proposal?purchaseSettlement=${liq._id}`)).json();
    expect(proposal).toMatchObject({
      supplier: person._id,
      docsSustento: [{ purchaseSettlement: liq._id, codDocSustento: '03', numDocSustento: String(liq.numero).replaceAll('-', ''), numAutDocSustento: liq.claveAcceso, totalSinImpuestos: 400, importeTotal: 460, retenciones: [{ codigo: '1', codigoRetencion: '303', baseImponible: 400, porcentajeRetener: 10, valorRetenido: 40 }, { codigo: '2', codigoRetencion: '3', baseImponible: 60, porcentajeRetener: 100, valorRetenido: 60 }] }],
    });
    const issued = await createAndIssue(t, buyer.auth, 'withholding', { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: person._id, docsSustento: proposal.docsSustento });
    expect(issued).toMatchObject({ status: 'AUTORIZADA', purchaseSettlement: liq._id, importeTotal: 100, razonSocialComprador: 'José Quishpe Tipán' });
    const xml = (await api('GET', `/api/withholding/${issued._id}/xml`)).body;
    expect(xml).not.toContain('<agenteRetencion>');
    expect(xml).toContain('<tipoIdentificacionSujetoRetenido>05</tipoIdentificacionSujetoRetenido>');
    expect(xml).toContain('<codDocSustento>03</codDocSustento>');
    expect(xml).toContain('<retencion><codigo>2</codigo><codigoRetencion>3</codigoRetencion><baseImponible>60.00</baseImponible><porcentajeRetener>100</porcentajeRetener><valorRetenido>60.00</valorRetenido></retencion>');
    expect(((await api('GET', `/api/withholding?invoice=${liq._id}`)).json() as Array<{ _id: string }>).map((w) => w._id)).toEqual([issued._id]);
  });

  it('an agente de retención issues one on a received factura -> AUTORIZADA: bases and values to the cent, % from the catalog by date, RIDE, mail, not a sale', async () => {
    const profile = (await api('GET', '/api/admin/company')).json() as Record<string, unknown>;
    const put = await api('PUT', '/api/admin/company', { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '1' });
    expect(put.statusCode, put.body).toBe(200);
    const { factura, receivedId } = await facturaToBuyer(supplier._id);

    // The proposal: the docSustento from the received factura, the supplier's codes at today's rates.
    const proposal = (await api('GET', `/api/withholding/proposal?receivedDocument=${receivedId}`)).json();
    const numDoc = String(factura.numero).replaceAll('-', '');
    expect(proposal).toMatchObject({
      supplier: supplier._id,
      docsSustento: [
        {
          receivedDocument: receivedId,
          codSustento: '01',
          codDocSustento: '01',
          numDocSustento: numDoc,
          fechaEmisionDocSustento: factura.fechaEmision,
          numAutDocSustento: factura.claveAcceso,
          totalSinImpuestos: 875,
          importeTotal: 1002.5,
          retenciones: [
            { codigo: '1', codigoRetencion: '312', baseImponible: 875, porcentajeRetener: 2, valorRetenido: 17.5 },
            { codigo: '2', codigoRetencion: '1', baseImponible: 127.5, porcentajeRetener: 30, valorRetenido: 38.25 },
          ],
          pagos: [{ formaPago: '20', total: 1002.5 }],
        },
      ],
      warnings: [],
    });
    expect(proposal.docsSustento[0].impuestos).toEqual(expect.arrayContaining([{ codImpuestoDocSustento: '2', codigoPorcentaje: '4', baseImponible: 850, tarifa: 15, valorImpuesto: 127.5 }]));

    // Two renta codes (312 on the laptop, 3440 on the books) and IVA 30 %, percentages left to the catalog.
    const issued = await createAndIssue(t, buyer.auth, 'withholding', {
      establishment: buyerData.establishment._id,
      ptoEmi: '001',
      supplier: supplier._id,
      docsSustento: [
        {
          ...proposal.docsSustento[0],
          retenciones: [
            { codigo: '1', codigoRetencion: '312', baseImponible: 850 },
            { codigo: '1', codigoRetencion: '3440', baseImponible: 25 },
            { codigo: '2', codigoRetencion: '1', baseImponible: 127.5 },
          ],
        },
      ],
    });
    const today = guayaquilDate(new Date());
    expect(issued).toMatchObject({
      status: 'AUTORIZADA',
      codDoc: '07',
      supplier: supplier._id,
      receivedDocument: receivedId,
      razonSocialComprador: 'Proveedor Vendedor S.A.',
      identificacionComprador: sellerRuc,
      periodoFiscal: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
      parteRel: 'NO',
      importeTotal: 56,
      totalRetenido: 56,
      warnings: [],
    });
    expect((issued.docsSustento as Array<{ retenciones: unknown }>)[0].retenciones).toEqual([
      { codigo: '1', codigoRetencion: '312', baseImponible: 850, porcentajeRetener: 2, valorRetenido: 17 },
      { codigo: '1', codigoRetencion: '3440', baseImponible: 25, porcentajeRetener: 3, valorRetenido: 0.75 },
      { codigo: '2', codigoRetencion: '1', baseImponible: 127.5, porcentajeRetener: 30, valorRetenido: 38.25 },
    ]);
    expect(parseClaveAcceso(issued.claveAcceso)).toMatchObject({ codDoc: '07', fechaEmision: today });

    const xml = (await api('GET', `/api/withholding/${issued._id}/xml`)).body;
    expect(xml).toContain('<comprobanteRetencion id="comprobante" version="2.0.0">');
    expect(xml).toContain('<agenteRetencion>1</agenteRetencion>');
    expect(xml).toContain(`<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><parteRel>NO</parteRel><razonSocialSujetoRetenido>Proveedor Vendedor S.A.</razonSocialSujetoRetenido><identificacionSujetoRetenido>${sellerRuc}</identificacionSujetoRetenido>`);
    expect(xml).toContain(`<codSustento>01</codSustento><codDocSustento>01</codDocSustento><numDocSustento>${numDoc}</numDocSustento><fechaEmisionDocSustento>${sri(String(factura.fechaEmision))}</fechaEmisionDocSustento><numAutDocSustento>${factura.claveAcceso}</numAutDocSustento><pagoLocExt>01</pagoLocExt><totalSinImpuestos>875.00</totalSinImpuestos><importeTotal>1002.50</importeTotal>`);
    expect(xml).toContain('<retencion><codigo>1</codigo><codigoRetencion>3440</codigoRetencion><baseImponible>25.00</baseImponible><porcentajeRetener>3</porcentajeRetener><valorRetenido>0.75</valorRetenido></retencion>');
    expect(xml).toContain('<campoAdicional nombre="Email">ventas@proveedor.example</campoAdicional>');

    const { text } = await pdfText((await api('GET', `/api/withholding/${issued._id}/pdf`)).rawPayload);
    for (const expected of ['COMPROBANTE DE RETENCIÓN', 'Proveedor Vendedor S.A.', String(factura.numero), 'RENTA 312', 'RENTA 3440', 'IVA 1', '17.00', '0.75', '38.25', 'TOTAL RETENIDO', '56.00']) expect(text).toContain(expected);

    const list = (await api('GET', '/api/withholding?q=vendedor')).json() as Array<Record<string, unknown>>;
    expect(list.find((w) => w._id === issued._id)).toMatchObject({ numero: issued.numero, status: 'AUTORIZADA', razonSocialComprador: 'Proveedor Vendedor S.A.', importeTotal: 56, numDocSustentoResumen: factura.numero });
    expect((await api('GET', `/api/invoice/${issued._id}`)).statusCode).toBe(404);

    const mailed = await api('POST', `/api/withholding/${issued._id}/email`);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().to).toBe('ventas@proveedor.example');

    // The received factura shows it withheld.
    expect((await api('GET', `/api/received-document/${receivedId}`)).json()).toMatchObject({ withheld: true });

    // A retención is not a sale: the buyer sold nothing.
    const dashboard = (await api('GET', '/api/dashboard')).json() as { sales: { thisMonth: number; period: number } };
    expect(dashboard.sales.thisMonth).toBe(0);
    expect(dashboard.sales.period).toBe(0);
  });

  it('takes a given porcentajeRetener, warns (not refuses) when the sustento is more than 5 days old, and refuses with field paths', async () => {
    const { receivedId } = await facturaToBuyer(supplier._id);
    const base = { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: supplier._id };
    const manual = {
      codSustento: '02',
      codDocSustento: '01',
      numDocSustento: '001002000000077',
      fechaEmisionDocSustento: daysAgo(9),
      totalSinImpuestos: 123.45,
      importeTotal: 141.97,
      impuestos: [{ codImpuestoDocSustento: '2', codigoPorcentaje: '4', baseImponible: 123.45, tarifa: 15, valorImpuesto: 18.52 }],
      retenciones: [
        { codigo: '1', codigoRetencion: '3440', baseImponible: 123.45, porcentajeRetener: 2.75 },
        { codigo: '2', codigoRetencion: '2', baseImponible: 18.52 },
      ],
      pagos: [{ formaPago: '01', total: 141.97 }],
    };
    const late = await post(t, buyer.auth, '/api/withholding', { ...base, docsSustento: [manual] });
    expect(late.docsSustento).toMatchObject([{ retenciones: [{ porcentajeRetener: 2.75, valorRetenido: 3.39 }, { porcentajeRetener: 70, valorRetenido: 12.96 }] }]);
    expect(late.importeTotal).toBe(16.35);
    expect(late.warnings).toEqual([expect.stringMatching(/Han pasado 9 días/)]);
    expect(late.receivedDocument).toBeNull();

    // A contribuyente especial number longer than 2.0.0's 5 characters is refused at issue, naming the setting.
    const profile = (await api('GET', '/api/admin/company')).json() as Record<string, unknown>;
    const setEspecial = (contribuyenteEspecial: string | null) => api('PUT', '/api/admin/company', { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '1', contribuyenteEspecial });
    expect((await setEspecial('1234567')).statusCode).toBe(200);
    const longEspecial = await api('POST', `/api/withholding/${late._id}/issue`);
    expect(longEspecial.statusCode).toBe(422);
    expect(longEspecial.json().details[0].path).toBe('contribuyenteEspecial');
    expect((await setEspecial('5368')).statusCode).toBe(200);
    const issuedLate = await api('POST', `/api/withholding/${late._id}/issue`);
    expect(issuedLate.json()).toMatchObject({ status: 'AUTORIZADA', warnings: [expect.stringMatching(/Han pasado 9 días/)] });
    expect((await api('GET', `/api/withholding/${late._id}/xml`)).body).toContain('<contribuyenteEspecial>5368</contribuyenteEspecial>');
    expect((await setEspecial(null)).statusCode).toBe(200);

    const unknownCode = await api('POST', '/api/withholding', { ...base, docsSustento: [{ ...manual, retenciones: [{ codigo: '2', codigoRetencion: '312', baseImponible: 10 }] }] });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().details[0]).toMatchObject({ path: 'docsSustento.0.retenciones.0.codigoRetencion', message: expect.stringMatching(/retencion_iva/) });
    const dashed = await api('POST', '/api/withholding', { ...base, docsSustento: [{ ...manual, numDocSustento: '001-002-000000077' }] });
    expect(dashed.statusCode).toBe(400);
    expect(dashed.json().details[0].path).toMatch(/docsSustento\.0\.numDocSustento/);
    const incomplete = await api('POST', '/api/withholding', { ...base, docsSustento: [{ codSustento: '01', retenciones: manual.retenciones }] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().details[0].path).toBe('docsSustento.0.codDocSustento');

    const otherSupplier = await post(t, buyer.auth, '/api/supplier', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Otra persona' });
    const wrongSupplier = await api('POST', '/api/withholding', { ...base, supplier: otherSupplier._id, docsSustento: [{ receivedDocument: receivedId, codSustento: '01', retenciones: manual.retenciones }] });
    expect(wrongSupplier.statusCode).toBe(400);
    expect(wrongSupplier.json().details[0].path).toBe('supplier');

    // Another company's received document does not exist for this one.
    const strangerRuc = await newRuc();
    const stranger = await signUp(t, { ruc: strangerRuc });
    const strangerData = await seedMasterData(t, stranger.auth);
    const strangerSupplier = await post(t, stranger.auth, '/api/supplier', { tipoIdentificacion: '04', identificacion: sellerRuc, razonSocial: 'Proveedor' });
    const foreign = await api('POST', '/api/withholding', { establishment: strangerData.establishment._id, ptoEmi: '001', supplier: strangerSupplier._id, docsSustento: [{ receivedDocument: receivedId, codSustento: '01', retenciones: manual.retenciones }] }, stranger.auth);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('docsSustento.0.receivedDocument');
    expect((await api('GET', `/api/withholding/proposal?receivedDocument=${receivedId}`, undefined, stranger.auth)).statusCode).toBe(400);
  });

  it('a contribuyente especial that is not a designated agent issues on a received factura', async () => {
    const profile = (await api('GET', '/api/admin/company')).json() as Record<string, unknown>;
    const put = await api('PUT', '/api/admin/company', { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '', contribuyenteEspecial: '5368' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ agenteRetencion: '', contribuyenteEspecial: '5368' });
    const { receivedId } = await facturaToBuyer(supplier._id);
    const issued = await createAndIssue(t, buyer.auth, 'withholding', { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: supplier._id, docsSustento: [{ receivedDocument: receivedId, codSustento: '01', retenciones: [{ codigo: '1', codigoRetencion: '312', baseImponible: 875 }] }] });
    expect(issued).toMatchObject({ status: 'AUTORIZADA', receivedDocument: receivedId });
    const xml = (await api('GET', `/api/withholding/${issued._id}/xml`)).body;
    expect(xml).toContain('<contribuyenteEspecial>5368</contribuyenteEspecial>');
    expect(xml).not.toContain('<agenteRetencion>');
  });

  it('a draft saved before the SRI annulled its received factura is refused at issue, naming the document, and stays a draft', async () => {
    const { factura, receivedId } = await facturaToBuyer(supplier._id);
    const draft = await post(t, buyer.auth, '/api/withholding', { establishment: buyerData.establishment._id, ptoEmi: '001', supplier: supplier._id, docsSustento: [{ receivedDocument: receivedId, codSustento: '01', retenciones: [{ codigo: '1', codigoRetencion: '312', baseImponible: 875 }] }] });
    expect(draft).toMatchObject({ status: 'BORRADOR' });
    // The seller annuls it in SRI en línea (the sandbox's stand-in); B's confirm asks the SRI at once.
    const portal = await t.app.inject({ method: 'POST', url: '/sri-sandbox/portal/anulacion', payload: { claveAcceso: factura.claveAcceso, motivo: 'Error en el precio' } });
    expect(portal.statusCode, portal.body).toBe(200);
    expect((await api('POST', `/api/received-document/${receivedId}/confirm`)).json()).toMatchObject({ sriEstado: 'ANULADO' });
    const refused = await api('POST', `/api/withholding/${draft._id}/issue`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^El SRI anuló el comprobante recibido \d{3}-\d{3}-\d{9}: ya no se puede emitir una retención sobre él/), details: [{ path: 'docsSustento.0.receivedDocument' }] });
    expect((await api('GET', `/api/withholding/${draft._id}`)).json()).toMatchObject({ status: 'BORRADOR', secuencial: null });
  });
});
