/**
 * Received comprobantes (DESIGN.md §4 `/api/received-document`, §8), on PGlite and PostgreSQL:
 * company A sells to company B's RUC through the sandbox SRI; B registers the factura by access key
 * (fetched from the SRI authorisation service), by XML (the SRI envelope and the bare signed XML)
 * and from the portal's TXT listing, plus a nota de crédito and a liquidación (to the cédula inside
 * B's RUC); the supplier record appears; duplicates, another company's
 * buyer and a tampered signature are refused with Spanish messages; a retención B issues to A is
 * registered by A and linked to A's factura, which then lists it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { buildClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { signedRetencion } from '../helpers/retencion-sample.ts';
import { createSriClient, sriEndpoints } from '../../server/sri/soap-client.ts';
import { injectFetch } from '../../server/http/inject-fetch.ts';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../server/db/schema/index-tables.ts';
import { WEBHOOK_JOB_KIND } from '../../server/domain/webhooks/webhook-jobs.ts';
import { linkSupplier } from '../../server/domain/received/link-supplier.ts';
import type { ParsedReceivedDocument } from '../../server/domain/received/received-document.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let rucA: string;
let rucB: string;
let data: Awaited<ReturnType<typeof seedMasterData>>;
let buyerB: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  rucA = await newRuc();
  rucB = await newRuc();
  a = await signUp(t, { ruc: rucA, razonSocial: 'Distribuidora Andina' });
  b = await signUp(t, { ruc: rucB, razonSocial: 'Ferretería El Tornillo' });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  buyerB = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: rucB, razonSocial: 'Ferretería El Tornillo', email: 'compras@tornillo.example' });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** A factura from A to B: one laptop at 850 (IVA 15 %) and two books at 12.50 (IVA 0 %): 875 + 127.50 = 1002.50. */
const saleToB = () =>
  createAndIssue(t, a.auth, 'invoice', {
    establishment: data.establishment._id,
    ptoEmi: '001',
    customer: buyerB._id,
    detalles: [
      { product: data.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' },
      { product: data.book._id, cantidad: 2, precioUnitario: 12.5, codigoPorcentajeIva: '0' },
    ],
    pagos: [{ formaPago: '20', total: 1002.5 }],
  });

/** A multipart/form-data body with one file field. */
function multipart(field: string, filename: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----emite-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let factura1: Awaited<ReturnType<typeof saleToB>>;
let received1: Record<string, unknown> & { _id: string; supplier: string };

describe('by access key', () => {
  it('A issues a factura to B; B registers it by key: totals to the cent, per-rate taxes, supplier created, listed', async () => {
    factura1 = await saleToB();
    expect(factura1.status).toBe('AUTORIZADA');
    const res = await api('POST', '/api/received-document', b.auth, { claveAcceso: factura1.claveAcceso });
    expect(res.statusCode, res.body).toBe(201);
    received1 = res.json();
    expect(received1).toMatchObject({
      claveAcceso: factura1.claveAcceso,
      codDoc: '01',
      version: '1.1.0',
      estab: '001',
      ptoEmi: '001',
      numero: factura1.numero,
      fechaEmision: factura1.fechaEmision,
      numeroAutorizacion: factura1.claveAcceso,
      rucEmisor: rucA,
      razonSocialEmisor: 'Distribuidora Andina',
      identificacionComprador: rucB,
      razonSocialComprador: 'Ferretería El Tornillo',
      totalSinImpuestos: 875,
      totalDescuento: 0,
      totalIva: 127.5,
      importeTotal: 1002.5,
      pagos: [{ formaPago: '20', total: 1002.5 }],
      withheld: false,
      withholdings: [],
      relatedInvoice: null,
      source: 'clave',
      // Fetched by key: the XML is the one the SRI returned (DESIGN.md §10).
      confirmado: true,
      sriEstado: 'AUTORIZADO',
      confirmMessage: null,
    });
    expect(received1.fechaAutorizacion).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(received1.impuestos).toEqual(
      expect.arrayContaining([
        { codigo: '2', codigoPorcentaje: '4', tarifa: 15, baseImponible: 850, valor: 127.5 },
        { codigo: '2', codigoPorcentaje: '0', tarifa: 0, baseImponible: 25, valor: 0 },
      ]),
    );
    const detail = received1.detail as { detalles: Array<{ descripcion: string; cantidad: string }> };
    expect(detail.detalles.map((d) => d.descripcion)).toEqual(['Laptop 14"', 'Libro de contabilidad']);

    const supplier = await api('GET', `/api/supplier/${received1.supplier}`, b.auth);
    expect(supplier.statusCode, supplier.body).toBe(200);
    expect(supplier.json()).toMatchObject({ tipoIdentificacion: '04', identificacion: rucA, razonSocial: 'Distribuidora Andina' });

    const list = await api('GET', '/api/received-document', b.auth);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({ _id: received1._id, numero: factura1.numero, codDoc: '01', rucEmisor: rucA, razonSocialEmisor: 'Distribuidora Andina', totalSinImpuestos: 875, totalIva: 127.5, importeTotal: 1002.5, withheld: false });
    expect((await api('GET', '/api/received-document', a.auth)).headers['x-total-count']).toBe('0');
    expect((await api('GET', `/api/received-document/${received1._id}`, a.auth)).statusCode).toBe(404);

    const xml = await api('GET', `/api/received-document/${received1._id}/xml`, b.auth);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.body).toContain(`<claveAcceso>${factura1.claveAcceso}</claveAcceso>`);
    const envelope = await api('GET', `/api/received-document/${received1._id}/xml?format=autorizacion`, b.auth);
    expect(envelope.statusCode).toBe(200);
    expect(envelope.body).toContain('<estado>AUTORIZADO</estado>');
  });

  it('announces comprobante.received to the webhooks subscribed to it, in the import transaction', async () => {
    t.deps.config.webhookAllowPrivate = true; // a local receiver; no worker runs here, so nothing is delivered
    const hook = await api('POST', '/api/admin/webhook', b.auth, { url: 'http://127.0.0.1:9/emite', events: ['comprobante.received'] });
    t.deps.config.webhookAllowPrivate = false;
    expect(hook.statusCode, hook.body).toBe(201);
    const f = await saleToB();
    const res = await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db.select().from(jobs).where(and(eq(jobs.companyId, b.companyId), eq(jobs.kind, WEBHOOK_JOB_KIND)));
    const events = rows.map((r) => (r.payload as { event: { type: string; data: Record<string, unknown> } }).event);
    expect(events).toEqual([expect.objectContaining({ type: 'comprobante.received', data: expect.objectContaining({ _id: res.json()._id, claveAcceso: f.claveAcceso, codDoc: '01', importeTotal: 1002.5, rucEmisor: rucA }) })]);
    expect((await api('DELETE', `/api/admin/webhook/${hook.json()._id}`, b.auth)).statusCode).toBe(204);
  });

  it('the same key again is refused with 409 naming it', async () => {
    const again = await api('POST', '/api/received-document', b.auth, { claveAcceso: factura1.claveAcceso });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`El comprobante con clave de acceso ${factura1.claveAcceso} ya está registrado`);
  });

  it('the issuer cannot register its own sale: the buyer is another RUC', async () => {
    const own = await api('POST', '/api/received-document', a.auth, { claveAcceso: factura1.claveAcceso });
    expect(own.statusCode).toBe(422);
    expect(own.json().details[0].path).toBe('identificacionComprador');
    expect(own.json().message).toContain(`no su empresa (RUC ${rucA})`);
  });

  it('a key unknown to the SRI, and a malformed key, are refused with clear messages', async () => {
    const unknown = buildClaveAcceso({ fechaEmision: guayaquilDate(new Date()), codDoc: '01', ruc: rucA, ambiente: '1', estab: '009', ptoEmi: '009', secuencial: 77, codigoNumerico: '11112222' });
    const res = await api('POST', '/api/received-document', b.auth, { claveAcceso: unknown });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`El SRI no tiene un comprobante autorizado con la clave de acceso ${unknown}`);
    const badDigit = `${unknown.slice(0, 48)}${(Number(unknown[48]) + 1) % 10}`;
    const bad = await api('POST', '/api/received-document', b.auth, { claveAcceso: badDigit });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('claveAcceso');
    const neither = await api('POST', '/api/received-document', b.auth, {});
    expect(neither.statusCode).toBe(400);
  });
});

describe('by XML upload', () => {
  it('the SRI envelope, then the bare signed XML; the supplier is linked, not duplicated; a tampered XML is refused', async () => {
    const f2 = await saleToB();
    const envelope = await api('GET', `/api/invoice/${f2._id}/xml?format=autorizacion`, a.auth);
    expect(envelope.statusCode).toBe(200);
    const byEnvelope = await api('POST', '/api/received-document', b.auth, { xml: envelope.body });
    expect(byEnvelope.statusCode, byEnvelope.body).toBe(201);
    // An upload, even in the SRI's envelope, is believed only once the SRI confirms it (DESIGN.md §10).
    expect(byEnvelope.json()).toMatchObject({ claveAcceso: f2.claveAcceso, numeroAutorizacion: f2.claveAcceso, source: 'xml', supplier: received1.supplier, importeTotal: 1002.5, confirmado: false, sriEstado: null, sriCheckedAt: null });

    const f3 = await saleToB();
    const signed = (await api('GET', `/api/invoice/${f3._id}/xml`, a.auth)).body;
    const tampered = signed.replace('<importeTotal>1002.50</importeTotal>', '<importeTotal>1.00</importeTotal>');
    expect(tampered).not.toBe(signed);
    const refused = await api('POST', '/api/received-document', b.auth, { xml: tampered });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^La firma electrónica del comprobante no es válida/), details: [{ path: 'xml' }] });
    const bare = await api('POST', '/api/received-document', b.auth, { xml: signed });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ claveAcceso: f3.claveAcceso, numeroAutorizacion: null, fechaAutorizacion: null, supplier: received1.supplier });

    expect((await api('GET', `/api/received-document/${bare.json()._id}/xml?format=autorizacion`, b.auth)).json().message).toBe('Este comprobante se registró desde su XML, sin la autorización del SRI');
    const notXml = await api('POST', '/api/received-document', b.auth, { xml: 'hola' });
    expect(notXml.statusCode).toBe(422);
    expect(notXml.json().details[0].path).toBe('xml');
    const suppliers = await api('GET', `/api/supplier?q=${rucA}`, b.auth);
    expect(suppliers.headers['x-total-count']).toBe('1');

    const unconfirmed = await api('GET', '/api/received-document?confirmado=false', b.auth);
    expect(unconfirmed.json().map((r: { _id: string }) => r._id).sort()).toEqual([byEnvelope.json()._id, bare.json()._id].sort());
    expect(unconfirmed.json().every((r: { confirmado: boolean }) => r.confirmado === false)).toBe(true);
    const confirmed = await api('GET', '/api/received-document?confirmado=true', b.auth);
    expect(confirmed.json().map((r: { _id: string }) => r._id)).toContain(received1._id);
    expect(confirmed.json().map((r: { _id: string }) => r._id)).not.toContain(bare.json()._id);
  });
});

describe('other types', () => {
  it('a nota de crédito on a received factura: its modified document, linked to the same supplier', async () => {
    const nota = await createAndIssue(t, a.auth, 'credit-note', {
      invoice: factura1._id,
      motivo: 'Devolución de un libro',
      detalles: [{ product: data.book._id, codigoPrincipal: 'LIB-01', descripcion: 'Libro de contabilidad', cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }],
    });
    expect(nota.status).toBe('AUTORIZADA');
    const res = await api('POST', '/api/received-document', b.auth, { claveAcceso: nota.claveAcceso });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ codDoc: '04', totalSinImpuestos: 12.5, totalIva: 0, importeTotal: 12.5, supplier: received1.supplier, detail: { numDocModificado: factura1.numero, motivo: 'Devolución de un libro' } });
  });

  it('a liquidación de compra issued to us as proveedor, by the cédula inside our natural person RUC; no supplier record', async () => {
    const seller = await post(t, a.auth, '/api/supplier', { tipoIdentificacion: '05', identificacion: rucB.slice(0, 10), razonSocial: 'Ferretería El Tornillo' });
    const liquidacion = await createAndIssue(t, a.auth, 'purchase-settlement', {
      establishment: data.establishment._id,
      ptoEmi: '002',
      supplier: seller._id,
      detalles: [{ codigoPrincipal: 'TORN-1', descripcion: 'Tornillos (caja)', cantidad: 4, precioUnitario: 2.5, descuento: 0, codigoPorcentajeIva: '4' }],
      pagos: [{ formaPago: '01', total: 11.5 }],
    });
    expect(liquidacion.status).toBe('AUTORIZADA');
    const res = await api('POST', '/api/received-document', b.auth, { claveAcceso: liquidacion.claveAcceso });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ codDoc: '03', identificacionComprador: rucB.slice(0, 10), totalSinImpuestos: 10, totalIva: 1.5, importeTotal: 11.5, supplier: null });
  });
});

describe('concurrent imports', () => {
  it('two documents of a new supplier registered at once create one supplier record', async () => {
    const c = await signUp(t, { ruc: await newRuc(), razonSocial: 'Tercera Compradora' });
    const cRuc = String((await api('GET', '/api/admin/company', c.auth)).json().ruc);
    const buyerC = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: cRuc, razonSocial: 'Tercera Compradora' });
    const sale = () => createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: buyerC._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 12.5 }] });
    const [x, y] = [await sale(), await sale()];
    const both = await Promise.all([x, y].map((f) => api('POST', '/api/received-document', c.auth, { claveAcceso: f.claveAcceso })));
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0].json().supplier).toBe(both[1].json().supplier);
    expect((await api('GET', '/api/supplier', c.auth)).headers['x-total-count']).toBe('1');
  });

  it('a second transaction linking the same new supplier waits for the first and finds its record', async () => {
    const doc = { rucEmisor: '0190072002001', razonSocialEmisor: 'Proveedor Concurrente', detail: {} } as unknown as ParsedReceivedDocument;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const first = t.database.db.transaction(async (tx) => {
      const id = await linkSupplier(tx, { companyId: b.companyId, doc, now: new Date() });
      await sleep(400); // still uncommitted while the second one asks
      return id;
    });
    await sleep(100);
    const second = t.database.db.transaction((tx) => linkSupplier(tx, { companyId: b.companyId, doc, now: new Date() }));
    const [x, y] = await Promise.all([first, second]);
    expect(y).toBe(x);
    expect((await api('GET', '/api/supplier?q=0190072002001', b.auth)).headers['x-total-count']).toBe('1');
  });
});

describe('TXT listing of the SRI portal', () => {
  it('one good key, one unknown key and one malformed row: per-row results, the good one kept', async () => {
    const f4 = await saleToB();
    const unknown = buildClaveAcceso({ fechaEmision: guayaquilDate(new Date()), codDoc: '01', ruc: rucA, ambiente: '1', estab: '008', ptoEmi: '008', secuencial: 5, codigoNumerico: '33334444' });
    const header = 'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
    const fecha = String(f4.fechaEmision).split('-').reverse().join('/');
    const lines = [
      header,
      `${rucA}\tDISTRIBUIDORA ANDINA\tFactura\t${f4.numero}\t${f4.claveAcceso}\t${fecha} 10:00:00\t${fecha}\t${rucB}\t875.00\t127.50\t1002.50\t`,
      `${rucA}\tDISTRIBUIDORA ANDINA\tFactura\t008-008-000000005\t${unknown}\t${fecha} 10:00:00\t${fecha}\t${rucB}\t.31\t.05\t.36\t`,
      `${rucA}\tDISTRIBUIDORA ANDINA\tNota de Crédito\t001-001-000000001\t12345\t${fecha} 10:00:00\t${fecha}\t${rucB}\t10.00\t1.50\t\t001-001-000000001`,
      '',
      '',
    ];
    const { payload, headers } = multipart('file', 'recibidos.txt', Buffer.from(lines.join('\r\n'), 'latin1'));
    const res = await t.app.inject({ method: 'POST', url: '/api/received-document/import', headers: { ...b.auth, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ imported: 1, failed: 2 });
    expect(body.rows).toEqual([
      { line: 2, claveAcceso: f4.claveAcceso, status: 'imported', _id: expect.any(String) },
      { line: 3, claveAcceso: unknown, status: 'error', message: `El SRI no tiene un comprobante autorizado con la clave de acceso ${unknown}` },
      { line: 4, status: 'error', message: 'La clave de acceso "12345" no tiene 49 dígitos' },
    ]);
    const kept = await api('GET', `/api/received-document/${body.rows[0]._id}`, b.auth);
    expect(kept.json()).toMatchObject({ claveAcceso: f4.claveAcceso, source: 'txt', importeTotal: 1002.5 });

    // The same file again: the good key is now a duplicate, naming the document already registered.
    const again = await t.app.inject({ method: 'POST', url: '/api/received-document/import', headers: { ...b.auth, ...headers }, payload });
    expect(again.json().rows[0]).toMatchObject({ status: 'duplicate', _id: body.rows[0]._id });
    expect(again.json()).toMatchObject({ imported: 0, failed: 2 });
  });
});

describe('a retención a customer issued to us', () => {
  it('is registered by the seller (by key, from the SRI), linked to its factura, and listed on the factura', async () => {
    const today = guayaquilDate(new Date());
    const retencion = signedRetencion({
      rucEmisor: rucB,
      razonSocialEmisor: 'Ferretería El Tornillo',
      rucSujetoRetenido: rucA,
      razonSocialSujetoRetenido: 'Distribuidora Andina',
      fechaEmision: today,
      secuencial: 12,
      facturaNumero: factura1.numero,
      facturaFecha: String(factura1.fechaEmision),
      facturaClave: factura1.claveAcceso,
      base: 875,
      iva: 127.5,
    });
    // B sends it to the SRI (the sandbox checks its XSD and signature), which authorises it.
    const sri = createSriClient({ ...sriEndpoints('sandbox', 'http://emite.internal'), fetch: injectFetch(t.app) });
    const reception = await sri.validarComprobante(retencion.xml);
    expect(reception, JSON.stringify(reception.mensajes)).toMatchObject({ estado: 'RECIBIDA' });

    // B itself cannot register it as received: the sujeto retenido is A.
    expect((await api('POST', '/api/received-document', b.auth, { claveAcceso: retencion.claveAcceso })).statusCode).toBe(422);

    const res = await api('POST', '/api/received-document', a.auth, { claveAcceso: retencion.claveAcceso });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json();
    // 1.75 % of 875 = 15.31; 30 % of 127.50 = 38.25.
    expect(view).toMatchObject({ codDoc: '07', version: '2.0.0', numero: '001-001-000000012', rucEmisor: rucB, identificacionComprador: rucA, relatedInvoice: factura1._id, supplier: null, importeTotal: 53.56, totalIva: 0 });
    expect(retencion.totalRetenido).toBe(53.56);
    expect(view.detail.docsSustento[0]).toMatchObject({ codDocSustento: '01', numDocSustento: factura1.numero.replace(/-/g, ''), retenciones: [{ codigo: '1', codigoRetencion: '312', valorRetenido: '15.31' }, { codigo: '2', codigoRetencion: '1', valorRetenido: '38.25' }] });

    const invoice = await api('GET', `/api/invoice/${factura1._id}`, a.auth);
    expect(invoice.json().retencionesRecibidas).toEqual([
      { _id: view._id, claveAcceso: retencion.claveAcceso, numero: '001-001-000000012', fechaEmision: today, razonSocialEmisor: 'Ferretería El Tornillo', valorRetenido: 53.56 },
    ]);
    const filtered = await api('GET', `/api/received-document?relatedInvoice=${factura1._id}`, a.auth);
    expect(filtered.headers['x-total-count']).toBe('1');
  });
});

describe('list parameters and delete', () => {
  it('searches, filters by type and sorts; deletes one with no retención issued on it', async () => {
    const all = await api('GET', '/api/received-document?sort=-importeTotal&per_page=2', b.auth);
    expect(all.statusCode, all.body).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(7);
    expect(all.json()).toHaveLength(2);
    // the factura and the nota de crédito on it are both 001-001-000000001 of their own type
    expect((await api('GET', `/api/received-document?q=${factura1.numero}`, b.auth)).headers['x-total-count']).toBe('2');
    expect((await api('GET', '/api/received-document?q=andina', b.auth)).headers['x-total-count']).toBe('7');
    expect((await api('GET', '/api/received-document?codDoc=07', b.auth)).headers['x-total-count']).toBe('0');
    expect((await api('GET', '/api/received-document?withheld=false', b.auth)).headers['x-total-count']).toBe('7');
    expect((await api('GET', '/api/received-document?codDoc=01,04', b.auth)).headers['x-total-count']).toBe('6');
    expect((await api('GET', '/api/received-document?sort=nope', b.auth)).statusCode).toBe(400);
    const removed = await api('DELETE', `/api/received-document/${received1._id}`, b.auth);
    expect(removed.statusCode).toBe(204);
    expect((await api('GET', `/api/received-document/${received1._id}`, b.auth)).statusCode).toBe(404);
  });
});

describe('with the retención type (/api/withholding)', () => {
  it('B withholds on a received factura: withheld, listed as such, not deletable; A registers that retención and sees it on its factura', async () => {
    const f = await saleToB();
    const received = await api('POST', '/api/received-document', b.auth, { claveAcceso: f.claveAcceso });
    expect(received.statusCode, received.body).toBe(201);
    const receivedId = received.json()._id as string;
    const profile = (await api('GET', '/api/admin/company', b.auth)).json() as Record<string, unknown>;
    expect((await api('PUT', '/api/admin/company', b.auth, { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '1' })).statusCode).toBe(200);
    await uploadTestCertificate(t, b.auth, { ruc: rucB, razonSocial: 'Ferretería El Tornillo' });
    const bData = await seedMasterData(t, b.auth);
    const proposal = (await api('GET', `/api/withholding/proposal?receivedDocument=${receivedId}`, b.auth)).json();
    const retencion = await createAndIssue(t, b.auth, 'withholding', { establishment: bData.establishment._id, ptoEmi: '001', supplier: received.json().supplier, docsSustento: proposal.docsSustento });
    expect(retencion.status).toBe('AUTORIZADA');

    const view = (await api('GET', `/api/received-document/${receivedId}`, b.auth)).json();
    expect(view).toMatchObject({ withheld: true, withholdings: [{ _id: retencion._id, numero: retencion.numero, status: 'AUTORIZADA' }] });
    const withheld = await api('GET', '/api/received-document?withheld=true', b.auth);
    expect(withheld.json().map((r: { _id: string }) => r._id)).toEqual([receivedId]);
    const removal = await api('DELETE', `/api/received-document/${receivedId}`, b.auth);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(`No se puede eliminar: la retención ${retencion.numero} se emitió sobre este comprobante`);

    // A, the seller, registers the retención it received and finds it on its factura.
    const mine = await api('POST', '/api/received-document', a.auth, { claveAcceso: retencion.claveAcceso });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ codDoc: '07', relatedInvoice: f._id, importeTotal: retencion.importeTotal, rucEmisor: rucB });
    const invoice = (await api('GET', `/api/invoice/${f._id}`, a.auth)).json();
    expect(invoice.retencionesRecibidas).toEqual([expect.objectContaining({ _id: mine.json()._id, numero: retencion.numero, razonSocialEmisor: 'Ferretería El Tornillo', valorRetenido: retencion.importeTotal })]);
  });
});
