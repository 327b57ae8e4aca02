import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { signInvoiceXml } from 'ec-sri-invoice-signer';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { generateTestP12 } from '../../../server/domain/comprobantes/test-certificate.ts';
import { createMemorySandboxStore, SANDBOX_PATHS, sandboxControl, sriSandboxPlugin } from '../../../server/sri/sandbox.ts';
import { createSriClient, pickAutorizacion, SriUnavailableError } from '../../../server/sri/soap-client.ts';
import { P12_PASSWORD, p12, sign, signedFactura, startSandbox, unsignedFactura, type RunningSandbox } from './sri-fixtures.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox?.close());
beforeEach(async () => sandboxControl.reset());

const daysAgo = (n: number) => guayaquilDate(new Date(Date.now() - n * 86_400_000));

async function devuelta(xml: string, identificador: string) {
  const r = await sandbox.client.validarComprobante(xml);
  expect(r.estado).toBe('DEVUELTA');
  expect(r.mensajes).toHaveLength(1);
  expect(r.mensajes[0]).toMatchObject({ identificador, tipo: 'ERROR' });
  return r.mensajes[0];
}

describe('recepción -> autorización, driven by the SOAP client over HTTP', () => {
  it('a valid signed factura is RECIBIDA, then AUTORIZADO with the comprobante exactly as sent', async () => {
    const f = signedFactura();
    expect(await sandbox.client.validarComprobante(f.xml)).toEqual({ estado: 'RECIBIDA', mensajes: [] });
    const answer = await sandbox.client.autorizacionComprobante(f.claveAcceso);
    expect(answer.autorizaciones).toHaveLength(1);
    const a = pickAutorizacion(answer)!;
    expect(a).toMatchObject({ estado: 'AUTORIZADO', numeroAutorizacion: f.claveAcceso, ambiente: 'PRUEBAS', comprobante: f.xml });
    expect(a.fechaAutorizacion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(Math.abs(Date.parse(a.fechaAutorizacion!) - Date.now())).toBeLessThan(60_000);
    expect(a.mensajes).toEqual([{ identificador: '60', mensaje: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS', tipo: 'ADVERTENCIA' }]);
    // The envelope mirrors the SRI's: ns2 on the operation response only, the comprobante as CDATA.
    expect(answer.raw).toContain('<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante>');
    expect(answer.raw).toContain(`<claveAccesoConsultada>${f.claveAcceso}</claveAccesoConsultada><numeroComprobantes>1</numeroComprobantes><autorizaciones><autorizacion><estado>AUTORIZADO</estado>`);
    expect(answer.raw).toContain('<comprobante><![CDATA[<?xml version="1.0" encoding="UTF-8"?>');
    // Asking again gives the same authorisation (date included).
    expect(pickAutorizacion(await sandbox.client.autorizacionComprobante(f.claveAcceso))).toEqual(a);
  });

  it('ambiente 2 is authorised as PRODUCCIÓN without the pruebas advertencia', async () => {
    const f = signedFactura({ ambiente: '2' });
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
    expect(pickAutorizacion(await sandbox.client.autorizacionComprobante(f.claveAcceso))).toMatchObject({ estado: 'AUTORIZADO', ambiente: 'PRODUCCIÓN', mensajes: [] });
  });

  it('accepts a factura signed by the reference signer (ec-sri-invoice-signer): the check is not tied to Emite’s signer', async () => {
    const { xml, claveAcceso } = unsignedFactura();
    const signed = signInvoiceXml(xml, p12, { pkcs12Password: P12_PASSWORD });
    expect(await sandbox.client.validarComprobante(signed)).toEqual({ estado: 'RECIBIDA', mensajes: [] });
    expect(pickAutorizacion(await sandbox.client.autorizacionComprobante(claveAcceso))?.estado).toBe('AUTORIZADO');
  });

  it('an unknown key: numeroComprobantes 0 and no autorizaciones', async () => {
    const { claveAcceso } = unsignedFactura();
    const answer = await sandbox.client.autorizacionComprobante(claveAcceso);
    expect(answer.autorizaciones).toEqual([]);
    expect(answer.raw).toContain(`<claveAccesoConsultada>${claveAcceso}</claveAccesoConsultada><numeroComprobantes>0</numeroComprobantes><autorizaciones/>`);
  });
});

describe('recepción DEVUELTA with the SRI identifiers', () => {
  it('43 CLAVE ACCESO REGISTRADA: the same comprobante again', async () => {
    const f = signedFactura();
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
    expect(await devuelta(f.xml, '43')).toMatchObject({ mensaje: 'CLAVE ACCESO REGISTRADA' });
  });

  it('43 once only when the same comprobante arrives twice at the same time', async () => {
    const f = signedFactura();
    const answers = await Promise.all([sandbox.client.validarComprobante(f.xml), sandbox.client.validarComprobante(f.xml)]);
    expect(answers.map((r) => r.estado).sort()).toEqual(['DEVUELTA', 'RECIBIDA']);
    expect(answers.find((r) => r.estado === 'DEVUELTA')!.mensajes[0].identificador).toBe('43');
  });

  it('45 SECUENCIAL REGISTRADO: another key (other código numérico) for the same secuencial', async () => {
    const first = signedFactura({ codigoNumerico: '11111111' });
    expect((await sandbox.client.validarComprobante(first.xml)).estado).toBe('RECIBIDA');
    const secuencial = Number(/<secuencial>(\d+)</.exec(first.xml)![1]);
    const second = signedFactura({ secuencial, codigoNumerico: '22222222' });
    expect(second.claveAcceso).not.toBe(first.claveAcceso);
    const m = await devuelta(second.xml, '45');
    expect(m.mensaje).toContain('SECUENCIAL REGISTRADO');
    expect(m.informacionAdicional).toContain(`001-001-${String(secuencial).padStart(9, '0')}`);
  });

  it('39 FIRMA INVALIDA: tampered after signing (and the refused key can be sent again once fixed)', async () => {
    const f = signedFactura();
    const tampered = f.xml.replace('<importeTotal>115.00</importeTotal>', '<importeTotal>1.00</importeTotal>');
    expect(tampered).not.toBe(f.xml);
    const m = await devuelta(tampered, '39');
    expect(m.mensaje).toBe('FIRMA INVALIDA');
    expect(m.informacionAdicional).toContain('#comprobante');
    // DEVUELTA is not remembered: the untouched comprobante with the same key is received.
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
  });

  it('39: a swapped certificate, a forged SignatureValue, or no signature at all', async () => {
    const f = signedFactura();
    const otherP12 = generateTestP12({ ruc: '1792060346001', razonSocial: 'OTRA EMPRESA S.A.', password: 'otra' });
    const otherCert = /<ds:X509Certificate>([^<]+)</.exec(signInvoiceXml(unsignedFactura().xml, otherP12, { pkcs12Password: 'otra' }))![1];
    const swapped = f.xml.replace(/<ds:X509Certificate>[^<]+</, `<ds:X509Certificate>${otherCert}<`);
    expect((await devuelta(swapped, '39')).informacionAdicional).toContain('certificado');
    const value = /<ds:SignatureValue[^>]*>([^<]+)</.exec(f.xml)![1];
    const forged = f.xml.replace(value, Buffer.from(Buffer.from(value, 'base64').map((b, i) => (i === 10 ? b ^ 1 : b))).toString('base64'));
    expect((await devuelta(forged, '39')).informacionAdicional).toContain('SignatureValue');
    expect((await devuelta(unsignedFactura().xml, '39')).informacionAdicional).toContain('no está firmado');
    const signedInfoTampered = f.xml.replace('#comprobante"', '#comprobant"');
    expect((await devuelta(signedInfoTampered, '39')).informacionAdicional).toContain('no cubre el comprobante');
  });

  it('39, not a crash: an enveloped-signature transform on the KeyInfo reference (a crafted signature)', async () => {
    const f = signedFactura();
    const keyInfoRef = /<ds:Reference Id="CertificateRef-[^"]*" URI="#[^"]*">/.exec(f.xml)![0];
    const crafted = f.xml.replace(keyInfoRef, `${keyInfoRef}<ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>`);
    expect(crafted).not.toBe(f.xml);
    expect((await devuelta(crafted, '39')).mensaje).toBe('FIRMA INVALIDA');
  });

  it('35 ARCHIVO NO CUMPLE ESTRUCTURA XML: XSD-invalid, with the offending tag named', async () => {
    const { xml } = unsignedFactura();
    const m = await devuelta(sign(xml.replace('<propina>0.00</propina>', '<propinas>0.00</propinas>')), '35');
    expect(m.mensaje).toBe('ARCHIVO NO CUMPLE ESTRUCTURA XML');
    expect(m.informacionAdicional).toContain('propinas');
  });

  it('35: not well-formed, and an empty or non-base64 <xml>', async () => {
    expect((await devuelta('<factura id="comprobante"><infoTributaria></factura>', '35')).informacionAdicional).toContain('mal formado');
    expect((await devuelta('', '35')).informacionAdicional).toContain('tag xml');
  });

  it('35: an access key with a wrong check digit, or one that disagrees with infoTributaria', async () => {
    const { xml, claveAcceso } = unsignedFactura();
    const badDigit = claveAcceso.slice(0, 48) + String((Number(claveAcceso[48]) + 1) % 10);
    expect((await devuelta(sign(xml.replace(claveAcceso, badDigit)), '35')).informacionAdicional).toContain('dígito verificador');
    const otherRuc = unsignedFactura().xml.replace('<ruc>1790016919001</ruc>', '<ruc>1792060346001</ruc>');
    expect((await devuelta(sign(otherRuc), '35')).informacionAdicional).toContain('CLAVE DE ACCESO no coincide con ruc');
  });

  it('65 FECHA EMISIÓN EXTEMPORANEA: more than 90 days old, or in the future; 90 days is still fine', async () => {
    expect((await devuelta(signedFactura({ fecha: daysAgo(91) }).xml, '65')).mensaje).toBe('FECHA EMISIÓN EXTEMPORANEA');
    expect((await devuelta(signedFactura({ fecha: daysAgo(-2) }).xml, '65')).informacionAdicional).toContain('posterior');
    expect((await sandbox.client.validarComprobante(signedFactura({ fecha: daysAgo(90) }).xml)).estado).toBe('RECIBIDA');
  });

  it('26 TAMAÑO MÁXIMO SUPERADO above 320 KB', async () => {
    const f = signedFactura();
    const big = f.xml.replace('<infoTributaria>', `<!--${'x'.repeat(320 * 1024)}--><infoTributaria>`);
    expect((await devuelta(big, '26')).mensaje).toBe('TAMAÑO MÁXIMO SUPERADO');
  });

  it('the DEVUELTA envelope mirrors the SRI: comprobantes/comprobante/{claveAcceso, mensajes/mensaje}', async () => {
    const res = await fetch(`${sandbox.baseUrl}${SANDBOX_PATHS.recepcion}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body: `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="http://ec.gob.sri.ws.recepcion"><soapenv:Body><ec:validarComprobante><xml>${Buffer.from('<x').toString('base64')}</xml></ec:validarComprobante></soapenv:Body></soapenv:Envelope>`,
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><soap:Envelope xmlns:soap="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/"><soap:Body><ns2:validarComprobanteResponse xmlns:ns2="http:\/\/ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>DEVUELTA<\/estado><comprobantes><comprobante><claveAcceso>N\/A<\/claveAcceso><mensajes><mensaje><identificador>35<\/identificador><mensaje>ARCHIVO NO CUMPLE ESTRUCTURA XML<\/mensaje><informacionAdicional>[^<]+<\/informacionAdicional><tipo>ERROR<\/tipo><\/mensaje><\/mensajes><\/comprobante><\/comprobantes><\/RespuestaRecepcionComprobante><\/ns2:validarComprobanteResponse><\/soap:Body><\/soap:Envelope>$/,
    );
  });
});

describe('availability', () => {
  it('offline: both services answer HTTP 503 and the client throws SriUnavailableError; back online it works', async () => {
    const f = signedFactura();
    sandboxControl.setOffline(true);
    const sent = await sandbox.client.validarComprobante(f.xml).catch((e: unknown) => e);
    expect(sent).toBeInstanceOf(SriUnavailableError);
    expect((sent as SriUnavailableError).status).toBe(503);
    await expect(sandbox.client.autorizacionComprobante(f.claveAcceso)).rejects.toBeInstanceOf(SriUnavailableError);
    sandboxControl.setOffline(false);
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
  });

  it('reset() forgets what was received', async () => {
    const f = signedFactura();
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
    await sandboxControl.reset();
    expect((await sandbox.client.autorizacionComprobante(f.claveAcceso)).autorizaciones).toEqual([]);
    expect((await sandbox.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
  });

  it('client timeout: a server that accepts and never answers -> SriUnavailableError', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/x`;
    try {
      const client = createSriClient({ recepcionUrl: url, autorizacionUrl: url, timeoutMs: 200 });
      const err = await client.validarComprobante(signedFactura().xml).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SriUnavailableError);
      expect((err as Error).message).toContain('200 ms');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('connection refused -> SriUnavailableError with the cause', async () => {
    const closed = await startSandbox();
    await closed.close();
    const err = await closed.client.autorizacionComprobante(unsignedFactura().claveAcceso).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SriUnavailableError);
    expect((err as SriUnavailableError).cause).toBeDefined();
  });
});

describe('delayed authorisation (authorizeDelayMs)', () => {
  it('zero autorizaciones until the delay after reception has passed, then AUTORIZADO dated at that moment', async () => {
    let now = new Date();
    const delayed = await startSandbox({ authorizeDelayMs: 60_000, clock: () => now, store: createMemorySandboxStore() });
    try {
      const f = signedFactura();
      const receivedAt = now.getTime();
      expect((await delayed.client.validarComprobante(f.xml)).estado).toBe('RECIBIDA');
      expect(pickAutorizacion(await delayed.client.autorizacionComprobante(f.claveAcceso))).toBeUndefined();
      now = new Date(receivedAt + 59_999);
      expect((await delayed.client.autorizacionComprobante(f.claveAcceso)).autorizaciones).toEqual([]);
      now = new Date(receivedAt + 60_000);
      const a = pickAutorizacion(await delayed.client.autorizacionComprobante(f.claveAcceso));
      expect(a?.estado).toBe('AUTORIZADO');
      expect(Date.parse(a!.fechaAutorizacion!)).toBe(Math.floor((receivedAt + 60_000) / 1000) * 1000);
    } finally {
      await delayed.close();
    }
  });

  it('also in real time (polling)', async () => {
    const delayed = await startSandbox({ authorizeDelayMs: 300 });
    try {
      const f = signedFactura();
      await delayed.client.validarComprobante(f.xml);
      let polls = 0;
      let estado: string | undefined;
      while (!estado && polls < 50) {
        polls += 1;
        estado = pickAutorizacion(await delayed.client.autorizacionComprobante(f.claveAcceso))?.estado;
        if (!estado) await new Promise((r) => setTimeout(r, 50));
      }
      expect(estado).toBe('AUTORIZADO');
      expect(polls).toBeGreaterThan(1);
    } finally {
      await delayed.close();
    }
  });
});

describe('the plugin in a host app', () => {
  it('serves the WSDLs on GET ?wsdl, advertising its own address', async () => {
    const res = await fetch(`${sandbox.baseUrl}${SANDBOX_PATHS.autorizacion}?wsdl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    const wsdl = await res.text();
    expect(wsdl).toContain('name="AutorizacionComprobantesOfflineService"');
    expect(wsdl).toContain(`<soap:address location="${sandbox.baseUrl}${SANDBOX_PATHS.autorizacion}"/>`);
    expect((await fetch(`${sandbox.baseUrl}${SANDBOX_PATHS.recepcion}?WSDL`).then((r) => r.text()))).toContain('validarComprobante');
  });

  it('answers a SOAP fault (HTTP 500) for an operation in the wrong namespace, which the client reports as unavailable', async () => {
    const res = await fetch(`${sandbox.baseUrl}${SANDBOX_PATHS.autorizacion}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="http://ec.gob.sri.ws.recepcion"><soapenv:Body><ec:autorizacionComprobante><claveAccesoComprobante>1</claveAccesoComprobante></ec:autorizacionComprobante></soapenv:Body></soapenv:Envelope>',
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('<soap:Fault><faultcode>soap:Client</faultcode>');
    // A client pointed at the wrong service gets the same fault.
    const crossed = createSriClient({ recepcionUrl: `${sandbox.baseUrl}${SANDBOX_PATHS.autorizacion}`, autorizacionUrl: `${sandbox.baseUrl}${SANDBOX_PATHS.recepcion}` });
    await expect(crossed.autorizacionComprobante('1')).rejects.toThrow(/error SOAP/);
  });

  it('keeps its XML body parser to itself (encapsulated)', async () => {
    const app = Fastify();
    await app.register(sriSandboxPlugin);
    app.post('/host/echo', async (req) => ({ got: typeof req.body }));
    try {
      const host = await app.inject({ method: 'POST', url: '/host/echo', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
      expect(host.statusCode).toBe(415);
      const sri = await app.inject({ method: 'POST', url: SANDBOX_PATHS.autorizacion, headers: { 'content-type': 'application/soap+xml' }, payload: '<a/>' });
      expect(sri.statusCode).toBe(500); // parsed, then refused as not SOAP
    } finally {
      await app.close();
    }
  });
});
