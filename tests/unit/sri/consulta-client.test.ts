/**
 * The consultation client (ConsultaComprobante.consultarEstadoAutorizacionComprobante, SRI ficha
 * técnica §8.2.3) against recorded SOAP answers. AUTORIZADO and the two RECHAZADA 99 answers are the
 * ficha's own examples, whitespace included; NO AUTORIZADO, PENDIENTE DE ANULAR and ANULADO are that
 * same answer with the other values §8.4 lists (no public recording of them was found). The fault is
 * a JAX-WS soap:Server fault as the SRI's other services send it.
 */
import { describe, expect, it } from 'vitest';
import { createSriClient, parseConsulta, sriEndpoints, SriUnavailableError } from '../../../server/sri/soap-client.ts';
import { kids, parseXml, textOf } from '../../../server/sri/xml-dom.ts';

const urls = { recepcionUrl: 'https://sri.test/r', autorizacionUrl: 'https://sri.test/a', consultaUrl: 'https://sri.test/c' };

function stubFetch(body: string, status = 200, seen: Array<{ url: string; body: string }> = []): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), body: String(init?.body ?? '') });
    return new Response(body, { status, headers: { 'content-type': 'text/xml;charset=UTF-8' } });
  }) as typeof fetch;
}

/** Ficha técnica §8.2.3, the answer for an authorised Nota de Débito. */
const AUTORIZADO = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Body>
<ns2:consultarEstadoAutorizacionComprobanteResponse
xmlns:ns2="http://ec.gob.sri.ws.consultas">
<EstadoAutorizacionComprobante>
<claveAcceso>2111202405176001321000110010010000001241234567810</claveAcceso>
<mensajes/>
<estadoAutorizacion>AUTORIZADO</estadoAutorizacion>
<tipoComprobante>Nota de Débito</tipoComprobante>
<rucEmisor>1760013210001</rucEmisor>
<fechaAutorizacion>2024-12-12T10:49:37-05:00</fechaAutorizacion>
</EstadoAutorizacionComprobante>
</ns2:consultarEstadoAutorizacionComprobanteResponse>
</soap:Body>
</soap:Envelope>`;

/** Ficha técnica §8.2.3, a key outside the dates the service answers for. */
const FUERA_DE_RANGO = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Body>
<ns2:consultarEstadoAutorizacionComprobanteResponse
xmlns:ns2="http://ec.gob.sri.ws.consultas">
<EstadoAutorizacionComprobante>
<estadoConsulta>RECHAZADA</estadoConsulta>
<claveAcceso>1510202407099313057500110010010000103591234567816</claveAcceso>
<mensajes>
<mensaje>
<identificador>99</identificador>
<mensaje>ERROR AL CONSULTAR DATOS DEL SERVICIO WEB</mensaje>
<informacionAdicional>No es posible validar la clave de acceso ya que la fecha de
emision esta fuera del rango permitido.</informacionAdicional>
<tipo>ERROR</tipo>
</mensaje>
</mensajes>
</EstadoAutorizacionComprobante>
</ns2:consultarEstadoAutorizacionComprobanteResponse>
</soap:Body>
</soap:Envelope>`;

/** Ficha técnica §8.2.3, a key the SRI does not have. */
const NO_EXISTE = FUERA_DE_RANGO.replace('1510202407099313057500110010010000103591234567816', '2111202401176001321000110010010000011171234567810').replace(
  /<informacionAdicional>[^<]*<\/informacionAdicional>/,
  '<informacionAdicional>No existen datos para los parámetros\ningresados</informacionAdicional>',
);

const FAULT = `<?xml version="1.0" ?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault xmlns:ns4="http://www.w3.org/2003/05/soap-envelope"><faultcode>S:Server</faultcode><faultstring>java.lang.NullPointerException</faultstring></S:Fault></S:Body></S:Envelope>`;

const withEstado = (estado: string) => AUTORIZADO.replace('<estadoAutorizacion>AUTORIZADO</estadoAutorizacion>', `<estadoAutorizacion>${estado}</estadoAutorizacion>`);

describe('consultarEstadoAutorizacionComprobante', () => {
  it('sends the ficha\'s request: ec:consultarEstadoAutorizacionComprobante in http://ec.gob.sri.ws.consultas, claveAcceso unqualified', async () => {
    const seen: Array<{ url: string; body: string }> = [];
    const client = createSriClient({ ...urls, fetch: stubFetch(AUTORIZADO, 200, seen) });
    await client.consultarEstadoAutorizacionComprobante('2111202405176001321000110010010000001241234567810');
    expect(seen[0].url).toBe('https://sri.test/c');
    const op = kids(kids(parseXml(seen[0].body), 'Body')[0], 'consultarEstadoAutorizacionComprobante')[0];
    expect(op.namespaceURI).toBe('http://ec.gob.sri.ws.consultas');
    expect(textOf(op, 'claveAcceso')).toBe('2111202405176001321000110010010000001241234567810');
    expect(kids(op, 'claveAcceso')[0].namespaceURI).toBeNull();
  });

  it('AUTORIZADO with the type, issuer and authorisation date', async () => {
    const client = createSriClient({ ...urls, fetch: stubFetch(AUTORIZADO) });
    const answer = await client.consultarEstadoAutorizacionComprobante('2111202405176001321000110010010000001241234567810');
    expect(answer).toMatchObject({
      estadoAutorizacion: 'AUTORIZADO',
      claveAcceso: '2111202405176001321000110010010000001241234567810',
      tipoComprobante: 'Nota de Débito',
      rucEmisor: '1760013210001',
      fechaAutorizacion: '2024-12-12T10:49:37-05:00',
      mensajes: [],
    });
    expect(answer.estadoConsulta).toBeUndefined();
    expect(answer.raw).toBe(AUTORIZADO);
  });

  it.each(['NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO'])('%s', (estado) => {
    const answer = parseConsulta(withEstado(estado));
    expect(answer.estadoAutorizacion).toBe(estado);
    expect(answer.estadoConsulta).toBeUndefined();
  });

  it('RECHAZADA 99 outside the dates: a refused consultation, not a state of the comprobante', () => {
    const answer = parseConsulta(FUERA_DE_RANGO);
    expect(answer).toMatchObject({ estadoConsulta: 'RECHAZADA', rechazo: 'out_of_range', claveAcceso: '1510202407099313057500110010010000103591234567816' });
    expect(answer.estadoAutorizacion).toBeUndefined();
    expect(answer.mensajes).toEqual([{ identificador: '99', mensaje: 'ERROR AL CONSULTAR DATOS DEL SERVICIO WEB', informacionAdicional: expect.stringMatching(/^No es posible validar la clave de acceso ya que la fecha de\s+emision esta fuera del rango permitido\.$/), tipo: 'ERROR' }]);
  });

  it('RECHAZADA 99 for a key the SRI does not have', () => {
    expect(parseConsulta(NO_EXISTE)).toMatchObject({ estadoConsulta: 'RECHAZADA', rechazo: 'not_found', mensajes: [{ identificador: '99' }] });
  });

  it('RECHAZADA written in estadoAutorizacion, as the ficha\'s prose puts it, is read as a refused consultation too', () => {
    expect(parseConsulta(withEstado('RECHAZADA'))).toMatchObject({ estadoConsulta: 'RECHAZADA', rechazo: 'other' });
  });

  it('a SOAP fault (HTTP 500) and a 503 are SriUnavailableError: the caller changes nothing and retries', async () => {
    const fault = createSriClient({ ...urls, fetch: stubFetch(FAULT, 500) });
    await expect(fault.consultarEstadoAutorizacionComprobante('1')).rejects.toThrow(SriUnavailableError);
    await expect(fault.consultarEstadoAutorizacionComprobante('1')).rejects.toThrow(/java.lang.NullPointerException/);
    const down = createSriClient({ ...urls, fetch: stubFetch('Service Unavailable', 503) });
    await expect(down.consultarEstadoAutorizacionComprobante('1')).rejects.toMatchObject({ name: 'SriUnavailableError', status: 503 });
    const empty = createSriClient({ ...urls, fetch: stubFetch(AUTORIZADO.replace(/<estadoAutorizacion>.*<\/estadoAutorizacion>/, '')) });
    await expect(empty.consultarEstadoAutorizacionComprobante('1')).rejects.toThrow(/ni estadoConsulta/);
  });

  it('lives at ConsultaComprobante on the ambiente\'s host (ficha técnica §8.2)', () => {
    expect(sriEndpoints('pruebas').consultaUrl).toBe('https://celcer.sri.gob.ec/comprobantes-electronicos-ws/ConsultaComprobante');
    expect(sriEndpoints('produccion').consultaUrl).toBe('https://cel.sri.gob.ec/comprobantes-electronicos-ws/ConsultaComprobante');
    expect(sriEndpoints('sandbox', 'http://emite.internal').consultaUrl).toBe('http://emite.internal/sri-sandbox/comprobantes-electronicos-ws/ConsultaComprobante');
  });

  it('a client built without consultaUrl says so instead of calling anything', async () => {
    const client = createSriClient({ recepcionUrl: urls.recepcionUrl, autorizacionUrl: urls.autorizacionUrl, fetch: stubFetch(AUTORIZADO) });
    await expect(client.consultarEstadoAutorizacionComprobante('1')).rejects.toThrow(/no está configurado/);
  });
});
