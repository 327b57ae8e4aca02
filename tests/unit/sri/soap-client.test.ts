import { describe, expect, it } from 'vitest';
import { createSriClient, parseAutorizacion, parseRecepcion, pickAutorizacion, sriEndpoints, SriUnavailableError, type Autorizacion } from '../../../server/sri/soap-client.ts';
import { parseXml, kids, textOf } from '../../../server/sri/xml-dom.ts';

const CLAVE = '0312202201019007200200120029020004874985766297216';
const urls = { recepcionUrl: 'https://sri.test/r', autorizacionUrl: 'https://sri.test/a' };

interface Captured {
  url: string;
  init: RequestInit;
}
/** A fetch that records the request and answers `body` with `status`. */
function stubFetch(body: string, status = 200, seen: Captured[] = []): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(body, { status, headers: { 'content-type': 'text/xml;charset=UTF-8' } });
  }) as typeof fetch;
}

// Shapes copied from the SRI ficha técnica §7.2.3 examples (including their stray whitespace).
const RECIBIDA = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>RECIBIDA</estado><comprobantes/></RespuestaRecepcionComprobante></ns2:validarComprobanteResponse></soap:Body></soap:Envelope>`;
const DEVUELTA = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Body>
<ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion">
<RespuestaRecepcionComprobante>
<estado>DEVUELTA</estado>
<comprobantes>
<comprobante>
<claveAcceso>1702201205176001321000110010030001000011234567816</claveAcceso>
<mensajes>
<mensaje>
<identificador>35</identificador>
<mensaje>DOCUMENTO INVÁLIDO</mensaje>
<informacionAdicional>Se encontró el siguiente error en la estructura del comprobante: cvc-complex-type.2.4.a: Invalid content was found starting with element 'totalSinImpuestos'.</informacionAdicional>
<tipo>ERROR</tipo>
</mensaje>
</mensajes>
</comprobante>
</comprobantes>
</RespuestaRecepcionComprobante>
</ns2:validarComprobanteResponse>
</soap:Body>
</soap:Envelope>`;
const AUTORIZADO = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Body>
<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion">
<RespuestaAutorizacionComprobante>
<claveAccesoConsultada>
0503201201176001321000110010030009900641234567814
</claveAccesoConsultada>
<numeroComprobantes>1</numeroComprobantes>
<autorizaciones>
<autorizacion>
<estado>AUTORIZADO</estado>
<numeroAutorizacion>
0503201201176001321000110010030009900641234567814
</numeroAutorizacion>
<fechaAutorizacion>2012-03-05T16:57:34.997-05:00</fechaAutorizacion>
<ambiente>PRUEBAS</ambiente>
<comprobante><![CDATA[<?xml version="1.0" encoding="UTF-8"?>
<factura id="comprobante" version="1.0.0"><razonSocial>A &amp; B</razonSocial></factura>]]>
</comprobante>
<mensajes>
<mensaje>
<identificador>60</identificador>
<mensaje>ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS</mensaje>
<tipo>ADVERTENCIA</tipo>
</mensaje>
</mensajes>
</autorizacion>
</autorizaciones>
</RespuestaAutorizacionComprobante>
</ns2:autorizacionComprobanteResponse>
</soap:Body>
</soap:Envelope>`;
const NINGUNA = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante><claveAccesoConsultada>${CLAVE}</claveAccesoConsultada><numeroComprobantes>0</numeroComprobantes><autorizaciones/></RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse></soap:Body></soap:Envelope>`;
const FAULT = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>java.lang.NullPointerException</faultstring></soap:Fault></soap:Body></soap:Envelope>`;

async function unavailable(promise: Promise<unknown>): Promise<SriUnavailableError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SriUnavailableError);
  return err as SriUnavailableError;
}

describe('SOAP requests (as the WSDLs define them)', () => {
  it('validarComprobante: POST text/xml, SOAPAction "", <ec:validarComprobante><xml>base64</xml> in the recepción namespace', async () => {
    const seen: Captured[] = [];
    const signed = '<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante">Ñandú &amp; cía</factura>';
    await createSriClient({ ...urls, fetch: stubFetch(RECIBIDA, 200, seen) }).validarComprobante(signed);
    const [{ url, init }] = seen;
    expect(url).toBe(urls.recepcionUrl);
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(headers.get('soapaction')).toBe('""');
    const envelope = parseXml(String(init.body));
    expect(envelope.namespaceURI).toBe('http://schemas.xmlsoap.org/soap/envelope/');
    const op = kids(kids(envelope, 'Body')[0], 'validarComprobante')[0];
    expect(op.namespaceURI).toBe('http://ec.gob.sri.ws.recepcion');
    const part = kids(op, 'xml')[0];
    expect(part.namespaceURI).toBeNull(); // elementFormDefault="unqualified"
    expect(Buffer.from(part.textContent!, 'base64').toString('utf8')).toBe(signed);
  });

  it('autorizacionComprobante: <ec:autorizacionComprobante><claveAccesoComprobante> in the autorización namespace', async () => {
    const seen: Captured[] = [];
    await createSriClient({ ...urls, fetch: stubFetch(NINGUNA, 200, seen) }).autorizacionComprobante(CLAVE);
    expect(seen[0].url).toBe(urls.autorizacionUrl);
    const op = kids(kids(parseXml(String(seen[0].init.body)), 'Body')[0], 'autorizacionComprobante')[0];
    expect(op.namespaceURI).toBe('http://ec.gob.sri.ws.autorizacion');
    expect(textOf(op, 'claveAccesoComprobante')).toBe(CLAVE);
  });
});

describe('SOAP answers', () => {
  it('RECIBIDA with <comprobantes/> has no mensajes; DEVUELTA flattens its mensajes (arrays even for one)', () => {
    expect(parseRecepcion(RECIBIDA)).toEqual({ estado: 'RECIBIDA', mensajes: [] });
    expect(parseRecepcion(DEVUELTA)).toEqual({
      estado: 'DEVUELTA',
      mensajes: [
        {
          identificador: '35',
          mensaje: 'DOCUMENTO INVÁLIDO',
          informacionAdicional: "Se encontró el siguiente error en la estructura del comprobante: cvc-complex-type.2.4.a: Invalid content was found starting with element 'totalSinImpuestos'.",
          tipo: 'ERROR',
        },
      ],
    });
  });

  it('AUTORIZADO: trimmed fields, identifiers kept as strings, the comprobante from CDATA, raw = the envelope', () => {
    const result = parseAutorizacion(AUTORIZADO);
    expect(result.raw).toBe(AUTORIZADO);
    expect(result.autorizaciones).toEqual([
      {
        estado: 'AUTORIZADO',
        numeroAutorizacion: '0503201201176001321000110010030009900641234567814',
        fechaAutorizacion: '2012-03-05T16:57:34.997-05:00',
        ambiente: 'PRUEBAS',
        comprobante: '<?xml version="1.0" encoding="UTF-8"?>\n<factura id="comprobante" version="1.0.0"><razonSocial>A &amp; B</razonSocial></factura>',
        mensajes: [{ identificador: '60', mensaje: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS', tipo: 'ADVERTENCIA' }],
      },
    ]);
  });

  it('reads a comprobante sent as escaped text instead of CDATA, and any prefixes', () => {
    const escaped = AUTORIZADO.replace(/<comprobante><!\[CDATA\[([\s\S]*?)\]\]>/, (_m, xml: string) => `<comprobante>${xml.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`)
      .replaceAll('soap:', 'S:')
      .replace('xmlns:soap=', 'xmlns:S=');
    expect(parseAutorizacion(escaped).autorizaciones[0].comprobante).toContain('<razonSocial>A &amp; B</razonSocial>');
  });

  it('zero autorizaciones -> empty array', async () => {
    const result = await createSriClient({ ...urls, fetch: stubFetch(NINGUNA) }).autorizacionComprobante(CLAVE);
    expect(result.autorizaciones).toEqual([]);
    expect(pickAutorizacion(result)).toBeUndefined();
  });
});

describe('SriUnavailableError: anything that says nothing about the comprobante', () => {
  it('HTTP 503 (SRI down), with the status', async () => {
    const err = await unavailable(createSriClient({ ...urls, fetch: stubFetch('<html>Service Unavailable</html>', 503) }).validarComprobante('<a/>'));
    expect(err.status).toBe(503);
  });

  it('a SOAP fault (HTTP 500), with its faultstring', async () => {
    const err = await unavailable(createSriClient({ ...urls, fetch: stubFetch(FAULT, 500) }).autorizacionComprobante(CLAVE));
    expect(err.message).toContain('java.lang.NullPointerException');
    expect(err.status).toBe(500);
  });

  it('an HTML page with HTTP 200 (a proxy in front of the SRI), or an unknown estado', async () => {
    await unavailable(createSriClient({ ...urls, fetch: stubFetch('<html><body>Mantenimiento</body></html>') }).validarComprobante('<a/>'));
    await unavailable(createSriClient({ ...urls, fetch: stubFetch(RECIBIDA.replace('RECIBIDA', 'QUIZAS')) }).validarComprobante('<a/>'));
  });

  it('a network error, keeping it as cause', async () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const err = await unavailable(createSriClient({ ...urls, fetch: (async () => Promise.reject(refused)) as typeof fetch }).validarComprobante('<a/>'));
    expect(err.cause).toBe(refused);
  });

  it('a timeout, even when the fetch in use ignores the abort signal', async () => {
    const never = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const started = Date.now();
    const err = await unavailable(createSriClient({ ...urls, timeoutMs: 150, fetch: never }).autorizacionComprobante(CLAVE));
    expect(err.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('sriEndpoints (SRI ficha técnica §7.2)', () => {
  it('pruebas, producción and the sandbox', () => {
    expect(sriEndpoints('pruebas')).toEqual({
      recepcionUrl: 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
      autorizacionUrl: 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
      consultaUrl: 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/ConsultaComprobante',
    });
    expect(sriEndpoints('produccion').autorizacionUrl).toBe('https://cel.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline');
    expect(sriEndpoints('sandbox', 'http://localhost:3000/')).toEqual({
      recepcionUrl: 'http://localhost:3000/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
      autorizacionUrl: 'http://localhost:3000/sri-sandbox/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
      consultaUrl: 'http://localhost:3000/sri-sandbox/comprobantes-electronicos-ws/ConsultaComprobante',
    });
    expect(sriEndpoints('sandbox').recepcionUrl).toBe('http://127.0.0.1:8089/sri-sandbox/comprobantes-electronicos-ws/RecepcionComprobantesOffline');
  });
});

describe('pickAutorizacion (SRI.md "Handling")', () => {
  const a = (estado: string, fechaAutorizacion?: string): Autorizacion => ({ estado, mensajes: [], ...(fechaAutorizacion ? { fechaAutorizacion } : {}) });

  it('none -> undefined (pending: poll again)', () => {
    expect(pickAutorizacion({ autorizaciones: [] })).toBeUndefined();
  });

  it('the AUTORIZADO one among several, wherever it is', () => {
    const ok = a('AUTORIZADO', '2026-11-20T10:00:00-05:00');
    expect(pickAutorizacion({ autorizaciones: [a('NO AUTORIZADO', '2026-11-21T10:00:00-05:00'), ok, a('EN PROCESO')] })).toBe(ok);
  });

  it('without AUTORIZADO: the latest attempt by fechaAutorizacion, else the first listed', () => {
    const older = a('NO AUTORIZADO', '2026-11-20T10:00:00-05:00');
    const newer = a('EN PROCESO', '2026-11-20T16:00:00.500-05:00');
    expect(pickAutorizacion({ autorizaciones: [older, newer] })).toBe(newer);
    const undated = a('NO AUTORIZADO');
    expect(pickAutorizacion({ autorizaciones: [undated, newer] })).toBe(undated);
    expect(pickAutorizacion({ autorizaciones: [older] })).toBe(older);
  });
});
