/**
 * The sandbox SRI's ConsultaComprobante and its stand-in for SRI en línea's anulación (DESIGN.md §10),
 * over a real socket with Emite's SOAP client: the four states, RECHAZADA 99 for a key it does not
 * have and for one outside the current and previous month, a factura annulled at once, a retención
 * waiting for its receiver who accepts, refuses or lets the 5 business days pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { signedRetencion } from '../../helpers/retencion-sample.ts';
import { RUC, signedFactura, startSandbox, type RunningSandbox } from './sri-fixtures.ts';

let now = new Date();
let sandbox: RunningSandbox;
let slow: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ clock: () => now });
  slow = await startSandbox({ authorizeDelayMs: 3_600_000 });
});
afterAll(async () => {
  await sandbox?.close();
  await slow?.close();
});

const portal = (path: string, body: object) => fetch(`${sandbox.baseUrl}/sri-sandbox/portal/anulacion${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function received(xml: string, claveAcceso: string, on = sandbox) {
  expect((await on.client.validarComprobante(xml)).estado).toBe('RECIBIDA');
  return claveAcceso;
}

let retencionSecuencial = 1;
const retencion = () =>
  signedRetencion({ rucEmisor: '1792060346001', razonSocialEmisor: 'Cliente Agente S.A.', rucSujetoRetenido: RUC, razonSocialSujetoRetenido: 'EMPRESA DE PRUEBA S.A.', fechaEmision: guayaquilDate(now), secuencial: retencionSecuencial++, facturaNumero: '001-001-000000001', facturaFecha: guayaquilDate(now), base: 100, iva: 15 });

describe('ConsultaComprobante in the sandbox', () => {
  it('AUTORIZADO for a received and authorised factura, with its type, issuer and date', async () => {
    const f = signedFactura();
    await received(f.xml, f.claveAcceso);
    const answer = await sandbox.client.consultarEstadoAutorizacionComprobante(f.claveAcceso);
    expect(answer).toMatchObject({ estadoAutorizacion: 'AUTORIZADO', claveAcceso: f.claveAcceso, tipoComprobante: 'Factura', rucEmisor: RUC, fechaAutorizacion: expect.stringMatching(/-05:00$/) });
  });

  it('NO AUTORIZADO while the sandbox has not authorised the key yet', async () => {
    const f = signedFactura();
    await received(f.xml, f.claveAcceso, slow);
    expect((await slow.client.consultarEstadoAutorizacionComprobante(f.claveAcceso)).estadoAutorizacion).toBe('NO AUTORIZADO');
  });

  it('RECHAZADA 99 for a key it does not have, and for one issued before the previous month', async () => {
    const unknown = signedFactura().claveAcceso;
    expect(await sandbox.client.consultarEstadoAutorizacionComprobante(unknown)).toMatchObject({ estadoConsulta: 'RECHAZADA', rechazo: 'not_found', mensajes: [{ identificador: '99', mensaje: 'ERROR AL CONSULTAR DATOS DEL SERVICIO WEB' }] });
    const old = buildClaveAcceso({ fechaEmision: '2020-01-15', codDoc: '01', ruc: RUC, ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 7, codigoNumerico: '12345678' });
    expect(await sandbox.client.consultarEstadoAutorizacionComprobante(old)).toMatchObject({ estadoConsulta: 'RECHAZADA', rechazo: 'out_of_range' });
  });

  it('a factura asked in the portal is ANULADO at once; a second request is refused', async () => {
    const f = signedFactura();
    await received(f.xml, f.claveAcceso);
    const asked = await portal('', { claveAcceso: f.claveAcceso, motivo: 'Error en el nombre del comprador' });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ claveAcceso: f.claveAcceso, estado: 'ANULADO', motivo: 'Error en el nombre del comprador' });
    expect((await sandbox.client.consultarEstadoAutorizacionComprobante(f.claveAcceso)).estadoAutorizacion).toBe('ANULADO');
    const again = await portal('', { claveAcceso: f.claveAcceso, motivo: 'otra vez' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/ya está anulado/);
  });

  it('a retención waits for its receiver: PENDIENTE DE ANULAR, then ANULADO when accepted', async () => {
    const r = retencion();
    await received(r.xml, r.claveAcceso);
    expect(await (await portal('', { claveAcceso: r.claveAcceso, motivo: 'Porcentaje equivocado' })).json()).toMatchObject({ estado: 'PENDIENTE' });
    expect((await sandbox.client.consultarEstadoAutorizacionComprobante(r.claveAcceso)).estadoAutorizacion).toBe('PENDIENTE DE ANULAR');
    const accepted = await portal(`/${r.claveAcceso}/respuesta`, { acepta: true });
    expect(await accepted.json()).toMatchObject({ estado: 'ANULADO' });
    expect((await sandbox.client.consultarEstadoAutorizacionComprobante(r.claveAcceso)).estadoAutorizacion).toBe('ANULADO');
    expect((await portal(`/${r.claveAcceso}/respuesta`, { acepta: false })).status).toBe(409);
  });

  it('a refusal makes it AUTORIZADO again, and it may be asked again', async () => {
    const r = retencion();
    await received(r.xml, r.claveAcceso);
    await portal('', { claveAcceso: r.claveAcceso, motivo: 'Base equivocada' });
    expect(await (await portal(`/${r.claveAcceso}/respuesta`, { acepta: false })).json()).toMatchObject({ estado: 'RECHAZADA' });
    expect((await sandbox.client.consultarEstadoAutorizacionComprobante(r.claveAcceso)).estadoAutorizacion).toBe('AUTORIZADO');
    expect(await (await portal('', { claveAcceso: r.claveAcceso, motivo: 'Base equivocada, de nuevo' })).json()).toMatchObject({ estado: 'PENDIENTE' });
  });

  it('unanswered after the 5 business days, the request lapses: AUTORIZADO', async () => {
    const r = retencion();
    await received(r.xml, r.claveAcceso);
    await portal('', { claveAcceso: r.claveAcceso, motivo: 'Sin respuesta' });
    const saved = now;
    try {
      now = new Date(saved.getTime() + 12 * 86_400_000); // 12 calendar days: past any 5 business days
      expect((await sandbox.client.consultarEstadoAutorizacionComprobante(r.claveAcceso)).estadoAutorizacion).toBe('AUTORIZADO');
    } finally {
      now = saved;
    }
  });

  it('the portal refuses an unknown key and a body without motivo, in Spanish JSON', async () => {
    const unknown = await portal('', { claveAcceso: signedFactura().claveAcceso, motivo: 'x' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/^El SRI no tiene un comprobante autorizado/);
    const bad = await portal('', { claveAcceso: '123' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400 });
  });
});
