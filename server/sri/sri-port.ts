/**
 * The SRI as the invoice worker sees it: the two offline operations and the consultation, each told the comprobante's
 * ambiente so that one Emite serves companies in pruebas and in producción at once (the ambiente is
 * a company setting; SRI ficha técnica §7.2 gives each its own host).
 */
import { createSriClient, sriEndpointsFor, type Ambiente, type AutorizacionResult, type ConsultaResult, type LoteRecepcionResult, type RecepcionResult, type SriClient, type SriEnv } from './soap-client.ts';

export interface SriPort {
  /** @throws SriUnavailableError (network, timeout, HTTP error, SOAP fault): retry later, asking first. */
  validarComprobante(signedXml: string, ambiente: Ambiente): Promise<RecepcionResult>;
  /** @throws SriUnavailableError */
  autorizacionComprobante(claveAcceso: string, ambiente: Ambiente): Promise<AutorizacionResult>;
  /**
   * Send a lote (SRI.md "Lotes"): one reception call. Optional, as the next one (a port made for
   * single issues, a test double, still fits: without both a batch sends every comprobante alone).
   * @throws SriUnavailableError
   */
  validarLote?(loteXml: string | Buffer, ambiente: Ambiente): Promise<LoteRecepcionResult>;
  /**
   * A lote's autorizaciones by its key (SRI.md "Lotes").
   * @throws SriUnavailableError
   */
  autorizacionComprobanteLote?(claveAccesoLote: string, ambiente: Ambiente): Promise<AutorizacionResult>;
  /**
   * The consultation service (ConsultaComprobante, ficha técnica §8). Optional so that a port made
   * for issuing alone (a test double) still fits; createSriPort always has it.
   * @throws SriUnavailableError
   */
  consultarEstadoAutorizacionComprobante?(claveAcceso: string, ambiente: Ambiente): Promise<ConsultaResult>;
}

export interface SriPortOptions {
  sriEnv: SriEnv;
  /** Explicit endpoints (SRI_RECEPCION_URL / SRI_AUTORIZACION_URL): used for every ambiente. */
  recepcionUrl?: string;
  autorizacionUrl?: string;
  /** SRI_CONSULTA_URL: the consultation service for every ambiente. */
  consultaUrl?: string;
  /** Origin serving the sandbox plugin when sriEnv is 'sandbox'. */
  sandboxBaseUrl?: string;
  /** Per-exchange timeout, ms (see createSriClient). */
  timeoutMs?: number;
  /** Defaults to node:http(s) (soap-client.ts); the in-process sandbox passes app.inject's. */
  fetch?: typeof fetch;
  /** Use `fetch` only for URLs starting with this (the in-process sandbox's origin); other URLs go over the network. */
  fetchOnlyFor?: string;
}

/**
 * A SriPort that sends each call to the endpoints of its ambiente ({@link sriEndpointsFor}): with
 * SRI_ENV=pruebas|produccion, ambiente 1 goes to celcer.sri.gob.ec and 2 to cel.sri.gob.ec; with
 * SRI_ENV=sandbox or explicit URLs, every call goes there. One SOAP client per ambiente, made on
 * first use.
 * @throws Error (from the call) when the ambiente is not '1' or '2'.
 * @example
 *   const sri = createSriPort({ sriEnv: 'produccion' });
 *   await sri.validarComprobante(signedXml, '2'); // POST https://cel.sri.gob.ec/…/RecepcionComprobantesOffline
 */
export function createSriPort(o: SriPortOptions): SriPort {
  const clients = new Map<string, SriClient>();
  const clientFor = (ambiente: Ambiente): SriClient => {
    let client = clients.get(ambiente);
    if (!client) {
      const endpoints = sriEndpointsFor({ sriEnv: o.sriEnv, ambiente, recepcionUrl: o.recepcionUrl, autorizacionUrl: o.autorizacionUrl, consultaUrl: o.consultaUrl, sandboxBaseUrl: o.sandboxBaseUrl });
      client = createSriClient({ ...endpoints, ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}), ...(o.fetch ? { fetch: o.fetch, fetchOnlyFor: o.fetchOnlyFor } : {}) });
      clients.set(ambiente, client);
    }
    return client;
  };
  return {
    async validarComprobante(signedXml, ambiente) {
      return clientFor(ambiente).validarComprobante(signedXml);
    },
    async autorizacionComprobante(claveAcceso, ambiente) {
      return clientFor(ambiente).autorizacionComprobante(claveAcceso);
    },
    async validarLote(loteXml, ambiente) {
      return clientFor(ambiente).validarLote(loteXml);
    },
    async autorizacionComprobanteLote(claveAccesoLote, ambiente) {
      return clientFor(ambiente).autorizacionComprobanteLote(claveAccesoLote);
    },
    async consultarEstadoAutorizacionComprobante(claveAcceso, ambiente) {
      return clientFor(ambiente).consultarEstadoAutorizacionComprobante(claveAcceso);
    },
  };
}
