/**
 * The monthly close through the API (DESIGN.md §11), on PGlite and PostgreSQL: a month built with
 * two companies — A sells to B (a factura at 15 % and 0 %) and to a consumidor final, credits part
 * of B's factura with a nota de crédito, and has a factura annulled; B registers A's factura and
 * nota by clave, withholds on the factura, and uploads another of A's facturas as XML (not
 * confirmed with the SRI); A registers B's retención. Then each company's ATS, check, formularios,
 * books, exports and archive are what the documents say, EMISOR gets 403 and bad periods 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { createTestApp, type TestApp, type signUp } from '../helpers/test-app.ts';
import { createAndIssue, issuingCompany, post, type seedMasterData } from '../helpers/fixtures.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let aData: Awaited<ReturnType<typeof seedMasterData>>;
let b: Awaited<ReturnType<typeof signUp>>;
let bData: Awaited<ReturnType<typeof seedMasterData>>;
const period = guayaquilDate(new Date()).slice(0, 7);
const docs: Record<string, { _id: string; claveAcceso: string; numero: string }> = {};
let rucA = '';
let rucB = '';

const api = (auth: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const json = async (auth: Record<string, string>, url: string) => {
  const res = await api(auth, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element;
const kids = (el: Element, name: string) => Array.from(el.getElementsByTagName(name));
const leaves = (el: Element) => Object.fromEntries(Array.from(el.childNodes).filter((n) => n.nodeType === 1 && (n as Element).getElementsByTagName('*').length === 0).map((n) => [(n as Element).tagName, n.textContent]));
const casilleros = (form: { casilleros: Array<{ codigo: string; valor: number }> }) => Object.fromEntries(form.casilleros.filter((c) => c.valor !== 0).map((c) => [c.codigo, c.valor]));

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data: aData } = await issuingCompany(t));
  ({ a: b, data: bData } = await issuingCompany(t));
  rucA = ((await api(a.auth, 'GET', '/api/admin/company')).json() as { ruc: string }).ruc;
  rucB = ((await api(b.auth, 'GET', '/api/admin/company')).json() as { ruc: string }).ruc;
  const profile = (await api(b.auth, 'GET', '/api/admin/company')).json() as Record<string, unknown>;
  expect((await api(b.auth, 'PUT', '/api/admin/company', { razonSocial: profile.razonSocial, email: profile.email, dirMatriz: profile.dirMatriz, agenteRetencion: '45' })).statusCode).toBe(200);

  const customerB = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: rucB, razonSocial: 'Comprador B S.A.', email: 'compras@b.example' });
  const base = { establishment: aData.establishment._id, ptoEmi: '001' };
  const book = (n: number) => ({ product: aData.book._id, cantidad: n, precioUnitario: 12.5, codigoPorcentajeIva: '0' });
  // F1: 850.00 at 15 % + 25.00 at 0 % = 1002.50.
  docs.f1 = await createAndIssue(t, a.auth, 'invoice', { ...base, customer: customerB._id, detalles: [{ product: aData.laptop._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' }, book(2)], pagos: [{ formaPago: '20', total: 1002.5 }] });
  // F2: 25.00 at 0 % to a consumidor final.
  docs.f2 = await createAndIssue(t, a.auth, 'invoice', { ...base, customer: aData.consumidorFinal._id, detalles: [book(2)], pagos: [{ formaPago: '01', total: 25 }] });
  // NC on F1: 100.00 at 15 % (IVA 15.00).
  docs.nc = await createAndIssue(t, a.auth, 'credit-note', { invoice: docs.f1._id, motivo: 'Descuento por pronto pago', detalles: [{ product: aData.laptop._id, codigoPrincipal: 'LAP-01', descripcion: 'Descuento laptop', cantidad: 1, precioUnitario: 100, descuento: 0, codigoPorcentajeIva: '4' }] });
  // F3 to B, annulled in SRI en línea. The annulment flow is issue 24's; here the SRI's answer is
  // recorded as that flow records it: status ANULADA.
  docs.f3 = await createAndIssue(t, a.auth, 'invoice', { ...base, customer: customerB._id, detalles: [book(1)], pagos: [{ formaPago: '01', total: 12.5 }] });
  await t.database.db.execute(sql`update comprobante set status = 'ANULADA' where id = ${docs.f3._id}`);
  // F4 to B, which B uploads as XML: not confirmed with the SRI.
  docs.f4 = await createAndIssue(t, a.auth, 'invoice', { ...base, customer: customerB._id, detalles: [book(3)], pagos: [{ formaPago: '01', total: 37.5 }] });

  // B registers F1 and the NC by clave, withholds on F1 (3440 at 3 % of 875.00 = 26.25; IVA 30 % of 127.50 = 38.25).
  const received = (await post(t, b.auth, '/api/received-document', { claveAcceso: docs.f1.claveAcceso })) as { _id: string };
  docs.receivedF1 = { ...docs.f1, _id: received._id };
  docs.receivedNc = { ...docs.nc, _id: (await post(t, b.auth, '/api/received-document', { claveAcceso: docs.nc.claveAcceso }))._id };
  const envelope = (await api(a.auth, 'GET', `/api/invoice/${docs.f4._id}/xml?format=autorizacion`)).body;
  docs.receivedF4 = { ...docs.f4, _id: (await post(t, b.auth, '/api/received-document', { xml: envelope }))._id };
  const proposal = (await api(b.auth, 'GET', `/api/withholding/proposal?receivedDocument=${received._id}`)).json();
  docs.ret = await createAndIssue(t, b.auth, 'withholding', { establishment: bData.establishment._id, ptoEmi: '001', supplier: proposal.supplier, docsSustento: proposal.docsSustento });
  docs.receivedRet = { ...docs.ret, _id: (await post(t, a.auth, '/api/received-document', { claveAcceso: docs.ret.claveAcceso }))._id };
});
afterAll(async () => t?.close());

describe('the ATS', () => {
  it("A's month: sales grouped per customer and type, B's retención on its row, the NC its own row, the annulled factura out", async () => {
    const check = await json(a.auth, `/api/reports/ats/check?period=${period}`);
    expect(check).toEqual({ period, ready: true, problems: [], totals: { compras: 0, ventas: 3, anulados: 0 } });
    const res = await api(a.auth, 'GET', `/api/reports/ats?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="AT${period.slice(5)}${period.slice(0, 4)}.xml"`);
    const iva = parse(res.body);
    expect(leaves(iva)).toMatchObject({ IdInformante: rucA, Anio: period.slice(0, 4), Mes: period.slice(5), numEstabRuc: '001', totalVentas: '0.00' });
    const rows = kids(iva, 'detalleVentas').map(leaves);
    expect(rows).toEqual(
      expect.arrayContaining([
        // F1 and F4 (F3 is annulled).
        expect.objectContaining({ tpIdCliente: '04', idCliente: rucB, tipoComprobante: '18', numeroComprobantes: '2', baseImponible: '62.50', baseImpGrav: '850.00', montoIva: '127.50', valorRetIva: '38.25', valorRetRenta: '26.25' }),
        expect.objectContaining({ tpIdCliente: '04', idCliente: rucB, tipoComprobante: '04', numeroComprobantes: '1', baseImpGrav: '100.00', montoIva: '15.00', valorRetIva: '0.00' }),
        expect.objectContaining({ tpIdCliente: '07', idCliente: '9999999999999', tipoComprobante: '18', numeroComprobantes: '1', baseImponible: '25.00' }),
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(kids(iva, 'anulados')).toHaveLength(0);
    expect(res.body).not.toContain(docs.f3.claveAcceso);
  });

  it("B's month: the purchase with its retención, the received NC with the modified factura, the unconfirmed upload only in the check", async () => {
    const check = await json(b.auth, `/api/reports/ats/check?period=${period}`);
    expect(check.ready).toBe(false);
    expect(check.problems).toEqual([expect.objectContaining({ code: 'RECIBIDO_SIN_CONFIRMAR', severity: 'warning', resource: 'received-document', _id: docs.receivedF4._id })]);
    expect(check.totals).toEqual({ compras: 2, ventas: 0, anulados: 0 });
    const res = await api(b.auth, 'GET', `/api/reports/ats?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(docs.f4.claveAcceso);
    const [factura, nota] = kids(parse(res.body), 'detalleCompras');
    const [estab, ptoEmi, secuencial] = docs.f1.numero.split('-');
    expect(leaves(factura)).toMatchObject({ codSustento: '01', tpIdProv: '01', idProv: rucA, tipoComprobante: '01', establecimiento: estab, puntoEmision: ptoEmi, secuencial: String(Number(secuencial)), autorizacion: docs.f1.claveAcceso, baseImponible: '25.00', baseImpGrav: '850.00', montoIva: '127.50', valorRetBienes: '38.25', valRetServ100: '0.00', autRetencion1: docs.ret.claveAcceso });
    expect(leaves(kids(factura, 'detalleAir')[0])).toEqual({ codRetAir: '3440', baseImpAir: '875.00', porcentajeAir: '3.00', valRetAir: '26.25' });
    expect(leaves(nota)).toMatchObject({ codSustento: '01', tipoComprobante: '04', baseImpGrav: '100.00', montoIva: '15.00', docModificado: '01', estabModificado: estab, ptoEmiModificado: ptoEmi, secModificado: String(Number(secuencial)), autModificado: docs.f1.claveAcceso });
  });

  it('the anulados setting: with "todos" the annulled factura is reported; the zip holds the same file', async () => {
    const settings = await json(a.auth, '/api/reports/ats/settings');
    expect(settings).toEqual({ totalVentas: 'fisicas', exentasVentas: 'baseNoGraIva', anulados: 'excluir-sri', codSustentoSinRetencion: null, air332SinRetencion: false });
    const put = await api(a.auth, 'PUT', '/api/reports/ats/settings', { ...settings, anulados: 'todos', totalVentas: 'todas-neto' });
    expect(put.statusCode, put.body).toBe(200);
    const res = await api(a.auth, 'GET', `/api/reports/ats?period=${period}`);
    const iva = parse(res.body);
    expect(kids(iva, 'detalleAnulados').map(leaves)).toEqual([expect.objectContaining({ tipoComprobante: '01', autorizacion: docs.f3.claveAcceso, secuencialInicio: String(Number(docs.f3.numero.slice(8))) })]);
    // Net of the NC: 875.00 (F1) + 25.00 (F2) + 37.50 (F4) - 100.00.
    expect(leaves(iva).totalVentas).toBe('837.50');
    const zipped = await api(a.auth, 'GET', `/api/reports/ats?period=${period}&zip=1`);
    expect(zipped.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zipped.rawPayload));
    expect(strFromU8(files[`AT${period.slice(5)}${period.slice(0, 4)}.xml`])).toBe(res.body);
    expect((await api(a.auth, 'PUT', '/api/reports/ats/settings', { ...settings, anulados: 'quizas' })).statusCode).toBe(400);
    expect((await api(a.auth, 'PUT', '/api/reports/ats/settings', settings)).statusCode).toBe(200);
  });

  it('a purchase without sustento is a 422 naming the document, never an invalid file', async () => {
    // B's factura with its retención's codSustento removed: no retención support, no default.
    await t.database.db.execute(sql`update comprobante set type_detail = jsonb_set(type_detail, '{docsSustento,0,receivedDocument}', '"00000000-0000-0000-0000-000000000000"') where id = ${docs.ret._id}`);
    try {
      const check = await json(b.auth, `/api/reports/ats/check?period=${period}`);
      expect(check.problems[0]).toMatchObject({ code: 'COMPRA_SIN_SUSTENTO', severity: 'error', resource: 'received-document', _id: docs.receivedF1._id });
      const res = await api(b.auth, 'GET', `/api/reports/ats?period=${period}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ statusCode: 422, details: expect.arrayContaining([{ path: `received-document/${docs.receivedF1._id}`, message: expect.stringContaining('sustento tributario') }]) });
    } finally {
      await t.database.db.execute(sql`update comprobante set type_detail = jsonb_set(type_detail, '{docsSustento,0,receivedDocument}', to_jsonb(${docs.receivedF1._id}::text)) where id = ${docs.ret._id}`);
    }
  });
});

describe('formularios 104 and 103', () => {
  it("A's 104: sales bruto and neto of the NC, 609 the IVA B withheld; a casillero's documents", async () => {
    const f104 = await json(a.auth, `/api/reports/form-104?period=${period}`);
    // 0 %: F1 25.00, F2 25.00, F4 37.50.
    expect(casilleros(f104)).toEqual({ '401': 850, '411': 750, '421': 112.5, '403': 87.5, '413': 87.5, '409': 937.5, '419': 837.5, '429': 112.5, '609': 38.25 });
    expect(f104.casilleros.find((c: { codigo: string }) => c.codigo === '403')).toMatchObject({ documents: 3, section: expect.stringMatching(/ventas/) });
    const drill = await json(a.auth, `/api/reports/form-104/411?period=${period}`);
    expect(drill.documents.map((d: { _id: string; valor: number; resource: string }) => [d.resource, d._id, d.valor])).toEqual([
      ['invoice', docs.f1._id, 850],
      ['credit-note', docs.nc._id, -100],
    ]);
    expect((await api(a.auth, 'GET', `/api/reports/form-104/999?period=${period}`)).statusCode).toBe(404);
  });

  it("B's 104 and 103: purchases with crédito tributario, the IVA and renta B withheld", async () => {
    expect(casilleros(await json(b.auth, `/api/reports/form-104?period=${period}`))).toEqual({ '500': 850, '510': 750, '520': 112.5, '507': 25, '517': 25, '509': 875, '519': 775, '529': 112.5, '725': 38.25, '799': 38.25 });
    const f103 = await json(b.auth, `/api/reports/form-103?period=${period}`);
    expect(f103.casilleros.map((c: { codigo: string; valor: number; documents: number }) => [c.codigo, c.valor, c.documents])).toEqual([
      ['3440', 875, 1],
      ['3940', 26.25, 1],
      ['349', 875, 1],
      ['399', 26.25, 1],
      ['499', 26.25, 1],
    ]);
    expect(casilleros(await json(a.auth, `/api/reports/form-103?period=${period}`))).toEqual({});
  });
});

describe('books', () => {
  it("A's libro de ventas: facturas and the NC (negative), the annulled one out, B's retención on F1; filters", async () => {
    const res = await api(a.auth, 'GET', `/api/reports/sales-book?period=${period}`);
    expect(res.headers['x-total-count']).toBe('4');
    const rows = res.json() as Array<Record<string, unknown>>;
    const f1 = rows.find((r) => r._id === docs.f1._id);
    expect(f1).toMatchObject({ resource: 'invoice', tipo: 'Factura', numero: docs.f1.numero, identificacion: rucB, base15: 850, base0: 25, iva: 127.5, total: 1002.5, retenciones: 64.5, claveAcceso: docs.f1.claveAcceso });
    expect(rows.find((r) => r._id === docs.nc._id)).toMatchObject({ resource: 'credit-note', base15: -100, iva: -15, total: -115 });
    expect(rows.some((r) => r._id === docs.f3._id)).toBe(false);
    expect((await api(a.auth, 'GET', `/api/reports/sales-book?period=${period}&ptoEmi=002`)).headers['x-total-count']).toBe('0');
    expect((await api(a.auth, 'GET', `/api/reports/sales-book?period=${period}&establishment=${aData.establishment._id}&q=consumidor`)).json()).toEqual([expect.objectContaining({ _id: docs.f2._id })]);
    expect((await api(a.auth, 'GET', `/api/reports/sales-book?establishment=${bData.establishment._id}`)).statusCode).toBe(404);
  });

  it("B's purchases book and both withholding books; no company sees the other's rows", async () => {
    const purchases = (await json(b.auth, `/api/reports/purchases-book?period=${period}`)) as Array<Record<string, unknown>>;
    expect(purchases.map((r) => [r._id, r.total, r.retenciones])).toEqual([
      [docs.receivedF1._id, 1002.5, 64.5],
      [docs.receivedNc._id, -115, 0],
    ]);
    const issued = (await json(b.auth, `/api/reports/withholdings-issued?period=${period}`)) as Array<Record<string, unknown>>;
    expect(issued.map((r) => [r.documentId, r.impuesto, r.codigoRetencion, r.baseImponible, r.porcentajeRetener, r.valorRetenido])).toEqual([
      [docs.ret._id, 'Renta', '3440', 875, 3, 26.25],
      [docs.ret._id, 'IVA', '1', 127.5, 30, 38.25],
    ]);
    const received = (await json(a.auth, `/api/reports/withholdings-received?period=${period}`)) as Array<Record<string, unknown>>;
    expect(received.map((r) => [r.documentId, r.docSustento, r.valorRetenido])).toEqual([
      [docs.receivedRet._id, docs.f1.numero, 26.25],
      [docs.receivedRet._id, docs.f1.numero, 38.25],
    ]);
    expect(await json(b.auth, `/api/reports/sales-book?period=${period}`)).toEqual([]);
    expect(await json(a.auth, `/api/reports/purchases-book?period=${period}`)).toEqual([]);
    expect(await json(a.auth, `/api/reports/withholdings-issued?period=${period}`)).toEqual([]);
  });

  it('exports as CSV (the list columns) and as XLSX', async () => {
    const csv = await api(a.auth, 'GET', `/api/reports/sales-book/export?period=${period}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Fecha,Tipo,Número,Identificación,Cliente,Base 0 %,Base 5 %,Base 15 %,Otras tarifas,No objeto,Exenta,IVA,ICE,Total,Retenciones,Clave de acceso');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes(docs.f1.claveAcceso))).toContain(',0.00,850.00,0.00,0.00,0.00,127.50,0.00,1002.50,64.50,');
    const xlsx = await api(a.auth, 'GET', `/api/reports/sales-book/export?period=${period}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain(docs.f1.claveAcceso);
    expect(sheet).toContain('<v>1002.5</v>');
  });
});

describe('the archive', () => {
  it("zips every authorised XML and RIDE of A's month, issued and received, in folders by type", async () => {
    const res = await api(a.auth, 'GET', `/api/reports/archive?period=${period}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="comprobantes-${period}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    const stem = (folder: string, prefix: string, numero: string) => `${folder}/${prefix}-${numero}`;
    for (const [folder, prefix, d] of [
      ['emitidos/01-facturas', 'factura', docs.f1],
      ['emitidos/01-facturas', 'factura', docs.f3],
      ['emitidos/04-notas-credito', 'nota-credito', docs.nc],
    ] as const) {
      expect(names).toContain(`${stem(folder, prefix, d.numero)}.xml`);
      expect(names).toContain(`${stem(folder, prefix, d.numero)}.pdf`);
    }
    const ret = `recibidos/07-retenciones/${rucB}-${docs.ret.numero}`;
    expect(names).toContain(`${ret}.xml`);
    expect(names).toContain(`${ret}.pdf`);
    expect(strFromU8(files[`emitidos/01-facturas/factura-${docs.f1.numero}.xml`])).toContain(`<numeroAutorizacion>${docs.f1.claveAcceso}</numeroAutorizacion>`);
    expect(strFromU8(files[`emitidos/01-facturas/factura-${docs.f1.numero}.pdf`].slice(0, 5))).toBe('%PDF-');
    expect(names.filter((n) => n.startsWith('emitidos/01-facturas/'))).toHaveLength(8);
    expect(strFromU8(files['LEEME.txt'])).toMatch(/^Comprobantes electrónicos de \d{4}-\d{2}: 6,/);
  });
});

describe('access and input', () => {
  it('EMISOR gets 403 on every /api/reports path', async () => {
    const key = await post(t, a.auth, '/api/admin/api-key', { name: 'Caja', role: 'EMISOR' });
    const emisor = { 'x-api-key': String(key.key) };
    for (const url of [`/api/reports/ats?period=${period}`, `/api/reports/ats/check?period=${period}`, '/api/reports/ats/settings', `/api/reports/form-104?period=${period}`, `/api/reports/form-103/303?period=${period}`, `/api/reports/sales-book?period=${period}`, `/api/reports/purchases-book/export?period=${period}`, '/api/reports/withholdings-issued', '/api/reports/withholdings-received', `/api/reports/archive?period=${period}`]) {
      expect((await api(emisor, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await api(emisor, 'PUT', '/api/reports/ats/settings', { totalVentas: 'fisicas', exentasVentas: 'baseNoGraIva', anulados: 'todos', codSustentoSinRetencion: null, air332SinRetencion: false })).statusCode).toBe(403);
  });

  it("B's own liquidación de compra is a compra of the ATS (tipoComprobante 03) and a row of its purchases book", async () => {
    const person = await post(t, b.auth, '/api/supplier', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Carpintero Sin RUC', email: 'carpintero@example.com' });
    const liq = await createAndIssue(t, b.auth, 'purchase-settlement', { establishment: bData.establishment._id, ptoEmi: '001', supplier: person._id, detalles: [{ product: bData.laptop._id, descripcion: 'Mesa de madera', cantidad: 1, precioUnitario: 200, descuento: 0, codigoPorcentajeIva: '4' }] });
    expect(liq.status).toBe('AUTORIZADA');
    // Without a retención it has no sustento: the check names it, and the ATS waits.
    const check = await json(b.auth, `/api/reports/ats/check?period=${period}`);
    expect(check.problems).toContainEqual(expect.objectContaining({ code: 'COMPRA_SIN_SUSTENTO', severity: 'error', resource: 'purchase-settlement', _id: liq._id }));
    expect((await api(b.auth, 'GET', `/api/reports/ats?period=${period}`)).statusCode).toBe(422);
    const settings = await json(b.auth, '/api/reports/ats/settings');
    expect((await api(b.auth, 'PUT', '/api/reports/ats/settings', { ...settings, codSustentoSinRetencion: '01' })).statusCode).toBe(200);
    const res = await api(b.auth, 'GET', `/api/reports/ats?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const own = kids(parse(res.body), 'detalleCompras').find((c) => leaves(c).autorizacion === liq.claveAcceso);
    const [estab, ptoEmi, secuencial] = liq.numero.split('-');
    expect(own && leaves(own)).toMatchObject({ codSustento: '01', tpIdProv: '02', idProv: '1714307103', tipoComprobante: '03', establecimiento: estab, puntoEmision: ptoEmi, secuencial: String(Number(secuencial)), baseImpGrav: '200.00', montoIva: '30.00' });
    const purchases = (await json(b.auth, `/api/reports/purchases-book?period=${period}`)) as Array<Record<string, unknown>>;
    expect(purchases.find((r) => r._id === liq._id)).toMatchObject({ total: 230 });
  });

  it('bad periods are 400 with the field named', async () => {
    for (const p of ['2026-13', '202603', '2026-3', 'marzo']) {
      const res = await api(a.auth, 'GET', `/api/reports/ats/check?period=${p}`);
      expect(res.statusCode, p).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain('period');
    }
    expect((await api(a.auth, 'GET', '/api/reports/form-104')).statusCode).toBe(400);
    expect((await api(a.auth, 'GET', '/api/reports/sales-book?period=1999-00')).statusCode).toBe(400);
    expect((await api(a.auth, 'GET', '/api/reports/sales-book?from=2026-03-10&to=2026-03-01')).statusCode).toBe(400);
  });
});
