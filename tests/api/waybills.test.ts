/**
 * Guías de remisión (codDoc 06) through the shared pipeline, on PGlite and PostgreSQL: carriers as a
 * schema-only resource at /api/carrier with the SRI identification checks; from an AUTORIZADA
 * factura to an AUTORIZADA guía with two destinatarios, the key dated with fechaIniTransporte; the
 * transport dates refused with their field paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, issuingCompany } from '../helpers/fixtures.ts';
import { parseClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
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

describe('carriers (transportistas)', () => {
  it('are stored from their schema alone at /api/carrier, and a bad RUC or cédula is refused with its field path', async () => {
    const carrier = await post(t, a.auth, '/api/carrier', { tipoIdentificacion: '04', identificacion: ' 1710744424001 ', razonSocial: 'Transportes Andinos', placa: 'PBA-1234' });
    expect(carrier).toMatchObject({ identificacion: '1710744424001', razonSocial: 'Transportes Andinos', placa: 'PBA-1234' });
    expect((await api('GET', `/api/carrier/${carrier._id}`)).json()).toMatchObject({ razonSocial: 'Transportes Andinos' });
    const list = await api('GET', '/api/carrier?q=andinos');
    expect(list.headers['x-total-count']).toBe('1');

    const badRuc = await api('POST', '/api/carrier', { tipoIdentificacion: '04', identificacion: '1710744425001', razonSocial: 'Mal RUC' });
    expect(badRuc.statusCode).toBe(400);
    expect(badRuc.json().details[0]).toMatchObject({ path: 'identificacion', message: expect.stringMatching(/RUC/) });
    const badCedula = await api('PUT', `/api/carrier/${carrier._id}`, { tipoIdentificacion: '05', identificacion: '1714307104', razonSocial: 'X' });
    expect(badCedula.statusCode).toBe(400);
    expect(badCedula.json().details[0].path).toBe('identificacion');
    const consumidorFinal = await api('POST', '/api/carrier', { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CF' });
    expect(consumidorFinal.statusCode).toBe(400);
    expect(consumidorFinal.json().details[0].path).toBe('tipoIdentificacion');
  });

  it('write the placa in capitals, trimmed, and refuse one with spaces in plain Spanish (issue 28)', async () => {
    const carrier = await post(t, a.auth, '/api/carrier', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Fletes Sierra', placa: ' pbc-0457 ' });
    expect(carrier.placa).toBe('PBC-0457');
    const spaced = await api('POST', '/api/carrier', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Fletes Sierra', placa: 'PBC 0457' });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().details).toEqual([{ path: 'placa', message: 'Placa (por defecto): use letras y números, con guion si la placa lo lleva, p. ej. PBA-1234' }]);
  });
});

const daysFromToday = (n: number) => {
  const d = new Date(`${guayaquilDate(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const sri = (iso: string) => iso.split('-').reverse().join('/');

describe('guía de remisión', () => {
  it('factura -> AUTORIZADA -> guía from it plus a transfer -> AUTORIZADA, key dated with fechaIniTransporte, RIDE and mail to the destinatarios', async () => {
    const carrier = await post(t, a.auth, '/api/carrier', { tipoIdentificacion: '04', identificacion: '1790016919001', razonSocial: 'Transportes del Sur S.A.', placa: 'GBC-0457' });
    const factura = await createAndIssue(t, a.auth, 'invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: data.book._id, cantidad: 3, precioUnitario: 12.5, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 37.5 }] });
    expect(factura.status).toBe('AUTORIZADA');
    const inicio = daysFromToday(-1);
    const guia = await createAndIssue(t, a.auth, 'waybill', {
      establishment: data.establishment._id,
      ptoEmi: '001',
      carrier: carrier._id,
      fechaIniTransporte: inicio,
      fechaFinTransporte: daysFromToday(0),
      destinatarios: [
        { invoice: factura._id, motivoTraslado: 'Venta' },
        { identificacion: '1714307103', razonSocial: 'Bodega Sur', direccion: 'Guayaquil', motivoTraslado: 'Transferencia', codEstabDestino: '002', ruta: 'Quito - Guayaquil', detalles: [{ codigoInterno: 'LAP-01', descripcion: 'Laptop 14"', cantidad: 2 }] },
      ],
    });
    expect(guia).toMatchObject({
      status: 'AUTORIZADA',
      codDoc: '06',
      carrier: carrier._id,
      placa: 'GBC-0457',
      dirPartida: 'Av. Amazonas y Naciones Unidas, Quito',
      fechaIniTransporte: inicio,
      razonSocialComprador: 'Transportes del Sur S.A.',
      destinatarios: [
        { invoice: factura._id, razonSocial: 'María Fernanda Lozada', identificacion: '1714307103', codDocSustento: '01', numDocSustento: factura.numero, fechaEmisionDocSustento: sri(String(factura.fechaEmision)), detalles: [{ codigoInterno: 'LIB-01', descripcion: 'Libro de contabilidad', cantidad: 3 }] },
        { razonSocial: 'Bodega Sur', codEstabDestino: '002' },
      ],
    });
    expect(parseClaveAcceso(guia.claveAcceso)).toMatchObject({ codDoc: '06', fechaEmision: inicio });
    const xml = (await api('GET', `/api/waybill/${guia._id}/xml`)).body;
    expect(xml).toContain('<guiaRemision id="comprobante" version="1.1.0">');
    expect(xml).toContain(`<numDocSustento>${factura.numero}</numDocSustento><numAutDocSustento>${factura.claveAcceso}</numAutDocSustento>`);
    const { text } = await pdfText((await api('GET', `/api/waybill/${guia._id}/pdf`)).rawPayload);
    for (const expected of ['GUÍA DE REMISIÓN', 'GBC-0457', 'Transportes del Sur S.A.', 'María Fernanda Lozada', 'Bodega Sur', `FACTURA ${factura.numero}`]) expect(text).toContain(expected);
    expect((await api('GET', `/api/invoice/${guia._id}`)).statusCode).toBe(404);
    const list = (await api('GET', '/api/waybill?q=sur')).json() as Array<{ _id: string }>;
    expect(list.find((g) => g._id === guia._id)).toMatchObject({ numero: guia.numero, status: 'AUTORIZADA', fechaEmision: inicio, fechaFinTransporte: daysFromToday(0), razonSocialComprador: 'Transportes del Sur S.A.', placa: 'GBC-0457', destinatariosResumen: 'María Fernanda Lozada; Bodega Sur' });
    expect(((await api('GET', `/api/waybill?invoice=${factura._id}`)).json() as Array<{ _id: string }>).map((g) => g._id)).toEqual([guia._id]);
    // a guía has no buyer: the dashboard's top customers do not show its carrier
    const dashboard = (await api('GET', '/api/dashboard')).json() as { topCustomers: Array<{ _id: string | null; label: string }> };
    expect(dashboard.topCustomers.map((c) => c._id)).toEqual([data.customer._id]);
    const mailed = await api('POST', `/api/waybill/${guia._id}/email`);
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().to).toBe('maria@example.com');
  });

  it('refuses an end date before the start, a start in the future, a draft factura as sustento and a missing destinatario field, with field paths', async () => {
    const carrier = await post(t, a.auth, '/api/carrier', { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'Juan Chofer' });
    const base = { establishment: data.establishment._id, ptoEmi: '001', carrier: carrier._id, placa: 'ABC-123', destinatarios: [{ identificacion: '1714307103', razonSocial: 'X', direccion: 'Quito', motivoTraslado: 'Venta', detalles: [{ descripcion: 'Cajas', cantidad: 1 }] }] };
    const backwards = await api('POST', '/api/waybill', { ...base, fechaIniTransporte: daysFromToday(-1), fechaFinTransporte: daysFromToday(-2) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].path).toBe('fechaFinTransporte');
    const future = await api('POST', '/api/waybill', { ...base, fechaIniTransporte: daysFromToday(2), fechaFinTransporte: daysFromToday(3) });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0].path).toBe('fechaIniTransporte');
    const noPlate = await api('POST', '/api/waybill', { ...base, placa: undefined, fechaIniTransporte: daysFromToday(0), fechaFinTransporte: daysFromToday(0) });
    expect(noPlate.statusCode).toBe(400);
    expect(noPlate.json().details[0].path).toBe('placa');
    const draft = await post(t, a.auth, '/api/invoice', { establishment: data.establishment._id, ptoEmi: '001', customer: data.customer._id, detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, codigoPorcentajeIva: '0' }] });
    const badSustento = await api('POST', '/api/waybill', { ...base, fechaIniTransporte: daysFromToday(0), fechaFinTransporte: daysFromToday(0), destinatarios: [base.destinatarios[0], { invoice: draft._id, motivoTraslado: 'Venta' }] });
    expect(badSustento.statusCode).toBe(400);
    expect(badSustento.json().details[0].path).toBe('destinatarios.1.invoice');
    const noAddress = await api('POST', '/api/waybill', { ...base, fechaIniTransporte: daysFromToday(0), fechaFinTransporte: daysFromToday(0), destinatarios: [{ ...base.destinatarios[0], direccion: undefined }] });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().details[0].path).toBe('destinatarios.0.direccion');
  });
});
