import { describe, expect, it } from 'vitest';
import { sriEndpointsFor } from '../../../server/sri/soap-client.ts';
import { createSriPort } from '../../../server/sri/sri-port.ts';

const PATH_RECEPCION = '/comprobantes-electronicos-ws/RecepcionComprobantesOffline';
const PATH_AUTORIZACION = '/comprobantes-electronicos-ws/AutorizacionComprobantesOffline';
const PATH_CONSULTA = '/comprobantes-electronicos-ws/ConsultaComprobante';
const CELCER = 'https://celcer.sri.gob.ec';
const CEL = 'https://cel.sri.gob.ec';

describe('sriEndpointsFor: the invoice ambiente chooses the SRI host (ficha técnica §7.2)', () => {
  it.each(['pruebas', 'produccion'] as const)('with SRI_ENV=%s, ambiente 1 goes to celcer and 2 to cel', (sriEnv) => {
    expect(sriEndpointsFor({ sriEnv, ambiente: '1' })).toEqual({ recepcionUrl: `${CELCER}${PATH_RECEPCION}`, autorizacionUrl: `${CELCER}${PATH_AUTORIZACION}`, consultaUrl: `${CELCER}${PATH_CONSULTA}` });
    expect(sriEndpointsFor({ sriEnv, ambiente: '2' })).toEqual({ recepcionUrl: `${CEL}${PATH_RECEPCION}`, autorizacionUrl: `${CEL}${PATH_AUTORIZACION}`, consultaUrl: `${CEL}${PATH_CONSULTA}` });
  });

  it('SRI_ENV=sandbox (the default) keeps both ambientes on the sandbox', () => {
    for (const ambiente of ['1', '2']) {
      expect(sriEndpointsFor({ sriEnv: 'sandbox', ambiente, sandboxBaseUrl: 'http://emite.internal' })).toEqual({
        recepcionUrl: `http://emite.internal/sri-sandbox${PATH_RECEPCION}`,
        autorizacionUrl: `http://emite.internal/sri-sandbox${PATH_AUTORIZACION}`,
        consultaUrl: `http://emite.internal/sri-sandbox${PATH_CONSULTA}`,
      });
    }
  });

  it('explicit URLs win over SRI_ENV and the ambiente, each for its own service', () => {
    const recepcionUrl = 'https://proxy.example/recepcion';
    const autorizacionUrl = 'https://proxy.example/autorizacion';
    const consultaUrl = 'https://proxy.example/consulta';
    expect(sriEndpointsFor({ sriEnv: 'produccion', ambiente: '1', recepcionUrl, autorizacionUrl, consultaUrl })).toEqual({ recepcionUrl, autorizacionUrl, consultaUrl });
    expect(sriEndpointsFor({ sriEnv: 'sandbox', ambiente: '2', recepcionUrl, autorizacionUrl, consultaUrl })).toEqual({ recepcionUrl, autorizacionUrl, consultaUrl });
    expect(sriEndpointsFor({ sriEnv: 'pruebas', ambiente: '2', recepcionUrl })).toEqual({ recepcionUrl, autorizacionUrl: `${CEL}${PATH_AUTORIZACION}`, consultaUrl: `${CEL}${PATH_CONSULTA}` });
  });

  it('refuses an ambiente other than 1 or 2 instead of guessing a host', () => {
    expect(() => sriEndpointsFor({ sriEnv: 'produccion', ambiente: '3' })).toThrow(/Ambiente SRI "3"/);
    expect(() => sriEndpointsFor({ sriEnv: 'produccion', ambiente: '' })).toThrow(/1 \(pruebas\) o 2/);
  });
});

describe('createSriPort: each call goes to the endpoints of its ambiente', () => {
  function recording() {
    const urls: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      urls.push(String(input));
      return new Response('<not-soap/>', { status: 503 }); // the call fails; only the URL matters here
    }) as typeof globalThis.fetch;
    return { urls, fetch };
  }

  it('sends an ambiente 2 invoice to cel.sri.gob.ec and an ambiente 1 invoice to celcer, whatever SRI_ENV says', async () => {
    const { urls, fetch } = recording();
    const sri = createSriPort({ sriEnv: 'pruebas', fetch });
    await expect(sri.validarComprobante('<factura/>', '2')).rejects.toThrow(/HTTP 503/);
    await expect(sri.autorizacionComprobante('1'.repeat(49), '2')).rejects.toThrow();
    await expect(sri.validarComprobante('<factura/>', '1')).rejects.toThrow();
    await expect(sri.autorizacionComprobante('1'.repeat(49), '1')).rejects.toThrow();
    expect(urls).toEqual([`${CEL}${PATH_RECEPCION}`, `${CEL}${PATH_AUTORIZACION}`, `${CELCER}${PATH_RECEPCION}`, `${CELCER}${PATH_AUTORIZACION}`]);
  });

  it('keeps every ambiente on the sandbox, or on explicit URLs', async () => {
    const sandbox = recording();
    const inSandbox = createSriPort({ sriEnv: 'sandbox', sandboxBaseUrl: 'http://emite.internal', fetch: sandbox.fetch });
    await expect(inSandbox.validarComprobante('<factura/>', '2')).rejects.toThrow();
    await expect(inSandbox.validarComprobante('<factura/>', '1')).rejects.toThrow();
    expect(sandbox.urls).toEqual([`http://emite.internal/sri-sandbox${PATH_RECEPCION}`, `http://emite.internal/sri-sandbox${PATH_RECEPCION}`]);

    const explicit = recording();
    const viaProxy = createSriPort({ sriEnv: 'produccion', recepcionUrl: 'https://proxy.example/r', autorizacionUrl: 'https://proxy.example/a', fetch: explicit.fetch });
    await expect(viaProxy.validarComprobante('<factura/>', '1')).rejects.toThrow();
    await expect(viaProxy.autorizacionComprobante('1'.repeat(49), '2')).rejects.toThrow();
    expect(explicit.urls).toEqual(['https://proxy.example/r', 'https://proxy.example/a']);
  });

  it('rejects (does not throw synchronously) an unknown ambiente, before any request', async () => {
    const { urls, fetch } = recording();
    const sri = createSriPort({ sriEnv: 'produccion', fetch });
    const call = sri.validarComprobante('<factura/>', '9' as '1');
    await expect(call).rejects.toThrow(/Ambiente SRI "9"/);
    expect(urls).toEqual([]);
  });
});
