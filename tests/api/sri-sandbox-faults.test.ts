/**
 * The sandbox SRI inside the app (SRI_ENV=sandbox, its store in the app's database) answers every
 * malformed request as the real SOAP services do: a SOAP fault (HTTP 500 soap:Client for XML it
 * cannot read, 415 for a body that is not SOAP, 413 for one too large), never the app's JSON 500.
 * A NUL in the access key used to reach the database (PostgreSQL refuses it in text) and come back
 * as a JSON 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bookSale, createAndIssue, issuingCompany } from '../helpers/fixtures.ts';
import { SANDBOX_PATHS } from '../../server/sri/sandbox.ts';
import { NS_AUTORIZACION, NS_RECEPCION } from '../../server/sri/soap-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const envelope = (ns: string, operation: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="${ns}"><soapenv:Body><ec:${operation}>${inner}</ec:${operation}></soapenv:Body></soapenv:Envelope>`;
const autorizacion = (clave: string) => envelope(NS_AUTORIZACION, 'autorizacionComprobante', `<claveAccesoComprobante>${clave}</claveAccesoComprobante>`);
const recepcion = (base64: string) => envelope(NS_RECEPCION, 'validarComprobante', `<xml>${base64}</xml>`);

const post = (url: string, payload: string | Buffer, contentType?: string) =>
  t.app.inject({ method: 'POST', url, headers: contentType ? { 'content-type': contentType } : {}, payload });

function expectFault(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, faultcode: 'soap:Client' | 'soap:Server', where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
  expect(String(res.headers['content-type']), where).toMatch(/^text\/xml/);
  expect(res.body, where).toContain(`<soap:Fault><faultcode>${faultcode}</faultcode><faultstring>`);
  expect(res.body, where).not.toContain('statusCode');
}

describe('malformed SOAP bodies get a SOAP fault', () => {
  const clave49 = '1'.repeat(49);
  const broken: Array<[string, string, string | Buffer]> = [
    ['a NUL byte in the access key', SANDBOX_PATHS.autorizacion, autorizacion(`1234\u00005678`)],
    ['a NUL as a character reference in the access key', SANDBOX_PATHS.autorizacion, autorizacion(`${clave49.slice(0, 10)}&#0;${clave49.slice(11)}`)],
    ['a control character as a hex reference', SANDBOX_PATHS.autorizacion, autorizacion('&#x1B;')],
    ['a NUL byte in the envelope', SANDBOX_PATHS.recepcion, Buffer.from([...Buffer.from('<soapenv:Envelope'), 0, ...Buffer.from('/>')])],
    ['a NUL byte next to the base64 comprobante', SANDBOX_PATHS.recepcion, recepcion('PGE+\u0000')],
    ['XML that does not parse', SANDBOX_PATHS.recepcion, '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>'],
    ['an empty body', SANDBOX_PATHS.autorizacion, ''],
    ['a wrong envelope (no SOAP Body)', SANDBOX_PATHS.autorizacion, '<claveAccesoComprobante>1</claveAccesoComprobante>'],
    ['the other service’s operation', SANDBOX_PATHS.recepcion, autorizacion(clave49)],
    ['a DOCTYPE with entities', SANDBOX_PATHS.recepcion, '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
  ];
  it.each(broken)('%s -> HTTP 500 soap:Client', async (what, url, payload) => {
    expectFault(await post(url, payload, 'text/xml; charset=utf-8'), 500, 'soap:Client', what);
  });

  it.each([
    ['application/json', '{'],
    ['application/json', '{"claveAccesoComprobante":"1"}'],
    ['text/plain', 'hola'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '--x\r\n'],
    [undefined, 'hola'],
  ])('content type %s -> HTTP 415 soap:Client naming the supported type', async (contentType, payload) => {
    for (const url of Object.values(SANDBOX_PATHS)) {
      const res = await post(url, payload, contentType);
      expectFault(res, 415, 'soap:Client', `${contentType} ${url}`);
      expect(res.body).toContain('Supported ones are: [text/xml]');
    }
  });

  it('bytes that are not UTF-8 (a surrogate encoded alone, Latin-1) -> HTTP 400 soap:Client', async () => {
    const [before, after] = autorizacion('12#').split('#');
    for (const bytes of [[0xed, 0xa0, 0x80], [0xf1]]) {
      expectFault(await post(SANDBOX_PATHS.autorizacion, Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]), 'text/xml'), 400, 'soap:Client', String(bytes));
    }
  });

  it('a body over the limit -> HTTP 413 soap:Client', async () => {
    expectFault(await post(SANDBOX_PATHS.recepcion, recepcion('A'.repeat(5 * 1024 * 1024)), 'text/xml'), 413, 'soap:Client', 'too large');
  });

  it('a base64 comprobante that decodes to bytes with a NUL is DEVUELTA (35), not an error', async () => {
    const res = await post(SANDBOX_PATHS.recepcion, recepcion(Buffer.from('<factura id="comprobante">\u0000</factura>').toString('base64')), 'text/xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<estado>DEVUELTA</estado>');
    expect(res.body).toContain('<identificador>35</identificador>');
  });
});

describe('well-formed calls still work beside them', () => {
  it('an unknown 49-digit key answers zero autorizaciones; an issued invoice is authorised', async () => {
    const unknown = await post(SANDBOX_PATHS.autorizacion, autorizacion('1'.repeat(49)), 'text/xml');
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.body).toContain('<numeroComprobantes>0</numeroComprobantes>');

    const { a, data } = await issuingCompany(t);
    const issued = await createAndIssue(t, a.auth, 'invoice', bookSale(data));
    expect(issued.status).toBe('AUTORIZADA');
    const asked = await post(SANDBOX_PATHS.autorizacion, autorizacion(issued.claveAcceso), 'application/soap+xml; charset=utf-8');
    expect(asked.body).toContain('<estado>AUTORIZADO</estado>');
  });
});
