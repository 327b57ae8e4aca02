/**
 * SOAP 1.1 document/literal client for the SRI offline web services (SRI ficha técnica offline §7;
 * WSDLs in shared/sri/wsdl; shared/sri/SRI.md "Web services"):
 * - RecepcionComprobantesOffline.validarComprobante: `<xml>` = base64 of the signed comprobante.
 * - AutorizacionComprobantesOffline.autorizacionComprobante: `<claveAccesoComprobante>`.
 * - ConsultaComprobante.consultarEstadoAutorizacionComprobante: `<claveAcceso>` (ficha técnica §8;
 *   no WSDL of it in shared/sri/wsdl: the messages are the ficha's examples, see parseConsulta).
 *
 * Answers are read with @xmldom/xmldom by local name (prefixes vary between SRI deployments);
 * fast-xml-parser is not used because it is only a transitive dependency of a devDependency here
 * (ec-sri-invoice-signer), so a production install would not have it. Every
 * failure that says nothing about the comprobante itself (network, timeout, HTTP error, SOAP fault,
 * an answer that is not the expected SOAP) throws {@link SriUnavailableError}: the caller keeps the
 * claveAcceso and retries later, asking authorisation first (SRI.md "Handling").
 */
import http from 'node:http';
import https from 'node:https';
import type { Element } from '@xmldom/xmldom';
import { escapeXml, isCdata, kids, parseXml, textOf } from './xml-dom.ts';

/**
 * The SRI could not be reached or did not answer with the expected SOAP: network error, timeout,
 * HTTP status other than 2xx (503 while it is down, 500 with a SOAP fault), or an unreadable body.
 * Always retryable. `cause` holds the underlying error; `status` the HTTP status when there was one.
 */
export class SriUnavailableError extends Error {
  readonly status?: number;
  constructor(message: string, options?: { cause?: unknown; status?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SriUnavailableError';
    if (options?.status !== undefined) this.status = options.status;
  }
}

/** One `mensaje` of an SRI answer (WSDL type `mensaje`). `identificador` is the SRI code ('43', '60'…). */
export interface SriMensaje {
  identificador: string;
  mensaje: string;
  informacionAdicional?: string;
  tipo: 'ERROR' | 'ADVERTENCIA' | 'INFORMATIVO' | string;
}

/** `RespuestaRecepcionComprobante`: the mensajes of every `comprobante`, flattened (empty when RECIBIDA). */
export interface RecepcionResult {
  estado: 'RECIBIDA' | 'DEVUELTA';
  mensajes: SriMensaje[];
}

/** The reception answer to a lote: also each `comprobante` it lists, with its own key and mensajes (the refused ones). */
export interface LoteRecepcionResult extends RecepcionResult {
  comprobantes: Array<{ claveAcceso: string; mensajes: SriMensaje[] }>;
}

/** One `autorizacion` (WSDL type `autorizacion`); `comprobante` is the authorised XML as text. */
export interface Autorizacion {
  estado: 'AUTORIZADO' | 'NO AUTORIZADO' | 'EN PROCESO' | string;
  numeroAutorizacion?: string;
  /** As the SRI writes it: ISO 8601 with the -05:00 offset. */
  fechaAutorizacion?: string;
  /** 'PRUEBAS' | 'PRODUCCIÓN'. */
  ambiente?: string;
  comprobante?: string;
  mensajes: SriMensaje[];
}

/** `RespuestaAutorizacionComprobante`. Zero autorizaciones: the SRI has not processed the key yet. */
export interface AutorizacionResult {
  autorizaciones: Autorizacion[];
  /** The SOAP response exactly as received (HTTP body): kept as the authorisation envelope. */
  raw: string;
}

/**
 * `EstadoAutorizacionComprobante` of the consultation service (type respuestaConsultaComprobante:
 * estadoConsulta?, claveAcceso?, mensajes?, estadoAutorizacion?, tipoComprobante?, rucEmisor?,
 * fechaAutorizacion?). Either `estadoAutorizacion` (AUTORIZADO | NO AUTORIZADO | PENDIENTE DE ANULAR |
 * ANULADO), or `estadoConsulta` RECHAZADA with mensaje 99 (a key the SRI does not have, or one outside
 * the dates it answers for: the current and the previous month).
 */
export interface ConsultaResult {
  estadoAutorizacion?: 'AUTORIZADO' | 'NO AUTORIZADO' | 'PENDIENTE DE ANULAR' | 'ANULADO' | string;
  /** 'RECHAZADA' when the consultation itself was refused (then no estadoAutorizacion). */
  estadoConsulta?: string;
  claveAcceso?: string;
  /** A name as the SRI writes it: "Factura", "Nota de Débito"… */
  tipoComprobante?: string;
  rucEmisor?: string;
  /** ISO 8601 with the -05:00 offset. */
  fechaAutorizacion?: string;
  mensajes: SriMensaje[];
  /** Why a RECHAZADA answer was refused: 'not_found' (no data for the key), 'out_of_range' (dates), else 'other'. */
  rechazo?: 'not_found' | 'out_of_range' | 'other';
  /** The SOAP response exactly as received. */
  raw: string;
}

export interface SriClient {
  /** @throws SriUnavailableError */
  validarComprobante(signedXml: string): Promise<RecepcionResult>;
  /** @throws SriUnavailableError */
  autorizacionComprobante(claveAcceso: string): Promise<AutorizacionResult>;
  /**
   * Send a lote (SRI.md "Lotes"; lote-xml.ts): validarComprobante with the lote's XML in base64.
   * @param loteXml the lote's XML, as text or as its UTF-8 bytes (buildLoteBytes: the request is
   *   then written from the bytes without a lote-sized string).
   * @throws SriUnavailableError
   */
  validarLote(loteXml: string | Buffer): Promise<LoteRecepcionResult>;
  /**
   * The autorizaciones of a lote's comprobantes by the lote's key (SRI.md "Lotes",
   * autorizacionComprobanteLote in AutorizacionComprobantesOffline.wsdl). A lote is sent with
   * validarComprobante: its `<xml>` is the lote's XML in base64.
   * @throws SriUnavailableError
   */
  autorizacionComprobanteLote(claveAccesoLote: string): Promise<AutorizacionResult>;
  /**
   * The SRI's word on any key (ficha técnica §8): AUTORIZADO, NO AUTORIZADO, PENDIENTE DE ANULAR,
   * ANULADO, or a RECHAZADA consultation (an answer, not an error).
   * @throws SriUnavailableError (network, timeout, HTTP error, SOAP fault), Error when no consultaUrl is configured.
   */
  consultarEstadoAutorizacionComprobante(claveAcceso: string): Promise<ConsultaResult>;
}

export interface SriClientOptions {
  recepcionUrl: string;
  autorizacionUrl: string;
  /** ConsultaComprobante; without it the consultation throws (a client made for issuing only). */
  consultaUrl?: string;
  /** Whole exchange (connect, send, read the answer), ms. Default 15000. */
  timeoutMs?: number;
  /** A fetch to use instead (tests, the in-process sandbox: app.inject's); by default node:http(s) with kept-alive connections (httpPost). */
  fetch?: typeof fetch;
  /** Use `fetch` only for URLs that start with this (the in-process sandbox's origin); others go over node:http(s). */
  fetchOnlyFor?: string;
}

export type SriEnv = 'sandbox' | 'pruebas' | 'produccion';

/** Target namespaces of the two WSDLs (the operation elements are qualified, their parts are not). */
export const NS_RECEPCION = 'http://ec.gob.sri.ws.recepcion';
export const NS_AUTORIZACION = 'http://ec.gob.sri.ws.autorizacion';
/** The consultation service's namespace (SRI ficha técnica §8.2.3). */
export const NS_CONSULTAS = 'http://ec.gob.sri.ws.consultas';
const NS_SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SERVICE_PATHS = {
  recepcion: '/comprobantes-electronicos-ws/RecepcionComprobantesOffline',
  autorizacion: '/comprobantes-electronicos-ws/AutorizacionComprobantesOffline',
  consulta: '/comprobantes-electronicos-ws/ConsultaComprobante',
} as const;

/** The service URLs of one SRI host (or the sandbox). */
export interface SriEndpoints {
  recepcionUrl: string;
  autorizacionUrl: string;
  consultaUrl: string;
}

/**
 * The service URLs for an SRI_ENV (SRI ficha técnica §7.2 and §8.2): pruebas https://celcer.sri.gob.ec,
 * produccion https://cel.sri.gob.ec, sandbox `${sandboxBaseUrl}/sri-sandbox` (Emite's local SRI).
 * @param sandboxBaseUrl origin serving the sandbox plugin; default http://127.0.0.1:8089
 *   (`npm run sri:sandbox`). Ignored for pruebas and produccion.
 * @example sriEndpoints('pruebas').recepcionUrl
 *   // 'https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline'
 */
export function sriEndpoints(env: SriEnv, sandboxBaseUrl = 'http://127.0.0.1:8089'): SriEndpoints {
  const bases: Record<SriEnv, string> = {
    pruebas: 'https://celcer.sri.gob.ec',
    produccion: 'https://cel.sri.gob.ec',
    sandbox: `${sandboxBaseUrl.replace(/\/+$/, '')}/sri-sandbox`,
  };
  const base = bases[env];
  if (!base) throw new Error(`SRI_ENV "${env}" no existe: use sandbox, pruebas o produccion`);
  return { recepcionUrl: `${base}${SERVICE_PATHS.recepcion}`, autorizacionUrl: `${base}${SERVICE_PATHS.autorizacion}`, consultaUrl: `${base}${SERVICE_PATHS.consulta}` };
}

/** SRI ambiente of a comprobante (infoTributaria/ambiente, access key digit 24): '1' pruebas, '2' producción. */
export type Ambiente = '1' | '2';

/**
 * The service URLs for one comprobante. The ambiente is a per-company setting written into
 * each XML and key, and the SRI answers a comprobante only at the host of its ambiente (SRI ficha
 * técnica §7.2: '1' pruebas -> celcer.sri.gob.ec, '2' producción -> cel.sri.gob.ec), so outside the
 * sandbox the invoice's ambiente chooses. SRI_ENV=sandbox sends everything to the sandbox
 * (whatever the ambiente: it authorises both); an explicit URL (SRI_RECEPCION_URL,
 * SRI_AUTORIZACION_URL) wins over both, per service.
 * @throws Error when `ambiente` is not '1' or '2' (an unreadable key must not fall back to a host).
 * @example sriEndpointsFor({ sriEnv: 'pruebas', ambiente: '2' }).recepcionUrl
 *   // 'https://cel.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline'
 */
export function sriEndpointsFor(p: { sriEnv: SriEnv; ambiente: string; recepcionUrl?: string; autorizacionUrl?: string; consultaUrl?: string; sandboxBaseUrl?: string }): SriEndpoints {
  if (p.ambiente !== '1' && p.ambiente !== '2') throw new Error(`Ambiente SRI "${p.ambiente}" no existe: debe ser 1 (pruebas) o 2 (producción)`);
  const byAmbiente = p.sriEnv === 'sandbox' ? sriEndpoints('sandbox', p.sandboxBaseUrl) : sriEndpoints(p.ambiente === '2' ? 'produccion' : 'pruebas');
  return { recepcionUrl: p.recepcionUrl || byAmbiente.recepcionUrl, autorizacionUrl: p.autorizacionUrl || byAmbiente.autorizacionUrl, consultaUrl: p.consultaUrl || byAmbiente.consultaUrl };
}

/** The request as the WSDL defines it: operation element qualified (prefix ec), its part unqualified. */
function requestEnvelope(ns: string, operationXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${NS_SOAP11}" xmlns:ec="${ns}"><soapenv:Header/><soapenv:Body>${operationXml}</soapenv:Body></soapenv:Envelope>`;
}

/** Bytes encoded to base64 per slice (a multiple of 3: the slices' base64 join without padding). */
const BASE64_SLICE = 3 * 8192;

/**
 * {@link requestEnvelope} around `open + base64(bytes) + close`, written straight into one buffer:
 * the base64 is made a slice at a time (32 kB strings the young generation collects), not as one
 * string the size of the request.
 */
function base64Envelope(ns: string, open: string, bytes: Buffer, close: string): Buffer {
  const [head, tail] = requestEnvelope(ns, `${open}\u0000${close}`).split('\u0000');
  const headBytes = Buffer.byteLength(head);
  const out = Buffer.allocUnsafe(headBytes + Math.ceil(bytes.length / 3) * 4 + Buffer.byteLength(tail));
  let at = out.write(head, 0, 'utf8');
  for (let i = 0; i < bytes.length; i += BASE64_SLICE) at += out.write(bytes.toString('base64', i, Math.min(i + BASE64_SLICE, bytes.length)), at, 'latin1');
  at += out.write(tail, at, 'utf8');
  return at === out.length ? out : out.subarray(0, at);
}

/** The element under soap:Body whose local name is `name`, or throws SriUnavailableError (also on a Fault). */
function bodyChild(xml: string, name: string, status: number): Element {
  let envelope: Element;
  try {
    envelope = parseXml(xml);
  } catch (err) {
    throw new SriUnavailableError(`El SRI respondió algo que no es XML (HTTP ${status})`, { cause: err, status });
  }
  const body = kids(envelope, 'Body')[0];
  const fault = body && kids(body, 'Fault')[0];
  if (fault) throw new SriUnavailableError(`El SRI respondió con un error SOAP: ${textOf(fault, 'faultstring') ?? textOf(fault, 'Reason') ?? 'sin detalle'}`, { status });
  const found = body && kids(body, name)[0];
  if (!found) throw new SriUnavailableError(`La respuesta del SRI no contiene ${name} (HTTP ${status})`, { status });
  return found;
}

function mensajesOf(el: Element): SriMensaje[] {
  return kids(el, 'mensajes').flatMap((list) =>
    kids(list, 'mensaje').map((m) => {
      const informacionAdicional = textOf(m, 'informacionAdicional');
      return {
        identificador: textOf(m, 'identificador') ?? '',
        mensaje: textOf(m, 'mensaje') ?? '',
        ...(informacionAdicional ? { informacionAdicional } : {}),
        tipo: textOf(m, 'tipo') ?? 'ERROR',
      };
    }),
  );
}

/**
 * The authorised XML: the CDATA sections exactly (the SRI wraps them in whitespace), or the
 * trimmed text when the comprobante comes escaped instead.
 */
function comprobanteOf(autorizacion: Element): string | undefined {
  const el = kids(autorizacion, 'comprobante')[0];
  if (!el) return undefined;
  const sections: string[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) if (isCdata(c)) sections.push(c.data);
  return sections.length ? sections.join('') : (el.textContent ?? '').trim();
}

/**
 * Reads a validarComprobante SOAP answer.
 * @throws SriUnavailableError on a fault, a missing RespuestaRecepcionComprobante or an unknown estado.
 */
export function parseRecepcion(xml: string, status = 200): RecepcionResult {
  const { estado, mensajes } = parseLoteRecepcion(xml, status);
  return { estado, mensajes };
}

/** Reads a validarComprobante SOAP answer to a lote, keeping each comprobante's key. @throws as {@link parseRecepcion}. */
export function parseLoteRecepcion(xml: string, status = 200): LoteRecepcionResult {
  const response = bodyChild(xml, 'validarComprobanteResponse', status);
  const answer = kids(response, 'RespuestaRecepcionComprobante')[0];
  if (!answer) throw new SriUnavailableError('La respuesta de recepción no contiene RespuestaRecepcionComprobante', { status });
  const estado = textOf(answer, 'estado');
  if (estado !== 'RECIBIDA' && estado !== 'DEVUELTA') throw new SriUnavailableError(`Estado de recepción desconocido: "${estado ?? ''}"`, { status });
  const comprobantes = kids(answer, 'comprobantes').flatMap((c) => kids(c, 'comprobante'));
  return { estado, mensajes: comprobantes.flatMap(mensajesOf), comprobantes: comprobantes.map((c) => ({ claveAcceso: textOf(c, 'claveAcceso') ?? '', mensajes: mensajesOf(c) })) };
}

/**
 * Reads an autorizacionComprobante SOAP answer; `raw` is `xml` itself.
 * @throws SriUnavailableError on a fault or a missing RespuestaAutorizacionComprobante.
 */
export function parseAutorizacion(xml: string, status = 200, lote = false): AutorizacionResult {
  const [op, respuesta] = lote ? ['autorizacionComprobanteLoteResponse', 'RespuestaAutorizacionLote'] : ['autorizacionComprobanteResponse', 'RespuestaAutorizacionComprobante'];
  const response = bodyChild(xml, op, status);
  const answer = kids(response, respuesta)[0];
  if (!answer) throw new SriUnavailableError(`La respuesta de autorización no contiene ${respuesta}`, { status });
  const autorizaciones = kids(answer, 'autorizaciones')
    .flatMap((list) => kids(list, 'autorizacion'))
    .map((a): Autorizacion => {
      const optional = { numeroAutorizacion: textOf(a, 'numeroAutorizacion'), fechaAutorizacion: textOf(a, 'fechaAutorizacion'), ambiente: textOf(a, 'ambiente'), comprobante: comprobanteOf(a) };
      return {
        estado: textOf(a, 'estado') ?? '',
        ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined && v !== '')),
        mensajes: mensajesOf(a),
      };
    });
  return { autorizaciones, raw: xml };
}

/**
 * SRI.md "Handling": several `autorizacion` entries may come back (one per processing attempt);
 * take the AUTORIZADO one. Otherwise the most recent by fechaAutorizacion (the list order when the
 * dates cannot be compared): NO AUTORIZADO is final for that attempt, EN PROCESO means poll again.
 * @returns undefined when there are none: not processed yet, poll again with backoff (up to 24 h).
 * The invoice is authorised only when the returned entry's estado is 'AUTORIZADO'.
 */
export function pickAutorizacion(result: Pick<AutorizacionResult, 'autorizaciones'>): Autorizacion | undefined {
  const list = result.autorizaciones;
  const authorised = list.find((a) => a.estado === 'AUTORIZADO');
  if (authorised || list.length <= 1) return authorised ?? list[0];
  const time = (a: Autorizacion) => (a.fechaAutorizacion ? Date.parse(a.fechaAutorizacion) : Number.NaN);
  if (list.some((a) => Number.isNaN(time(a)))) return list[0];
  return list.reduce((latest, a) => (time(a) > time(latest) ? a : latest));
}

/**
 * Reads a consultarEstadoAutorizacionComprobante SOAP answer (SRI ficha técnica §8.2.3, its three
 * examples: AUTORIZADO; RECHAZADA 99 "fuera del rango permitido"; RECHAZADA 99 "No existen datos").
 * The ficha's prose also says RECHAZADA comes "en la etiqueta estadoAutorizacion": that form is read
 * as a refused consultation too. Answers seen in production carry no estadoConsulta when the
 * consultation succeeds.
 * @throws SriUnavailableError on a fault, a missing EstadoAutorizacionComprobante, or an answer with
 *   neither estadoAutorizacion nor estadoConsulta.
 */
export function parseConsulta(xml: string, status = 200): ConsultaResult {
  const response = bodyChild(xml, 'consultarEstadoAutorizacionComprobanteResponse', status);
  const answer = kids(response, 'EstadoAutorizacionComprobante')[0];
  if (!answer) throw new SriUnavailableError('La respuesta de consulta no contiene EstadoAutorizacionComprobante', { status });
  const mensajes = mensajesOf(answer);
  const estadoAutorizacion = textOf(answer, 'estadoAutorizacion');
  const refused = textOf(answer, 'estadoConsulta') || (estadoAutorizacion === 'RECHAZADA' ? 'RECHAZADA' : undefined);
  const optional = { claveAcceso: textOf(answer, 'claveAcceso'), tipoComprobante: textOf(answer, 'tipoComprobante'), rucEmisor: textOf(answer, 'rucEmisor'), fechaAutorizacion: textOf(answer, 'fechaAutorizacion') };
  const present = Object.fromEntries(Object.entries(optional).filter(([, v]) => v)) as Partial<ConsultaResult>;
  if (refused) {
    const info = mensajes.map((m) => `${m.mensaje} ${m.informacionAdicional ?? ''}`).join(' ').toLowerCase();
    const rechazo = info.includes('no existen datos') ? 'not_found' : info.includes('fuera del rango') ? 'out_of_range' : 'other';
    return { ...present, estadoConsulta: refused, mensajes, rechazo, raw: xml };
  }
  if (!estadoAutorizacion) throw new SriUnavailableError('La respuesta de consulta no trae estadoAutorizacion ni estadoConsulta', { status });
  return { ...present, estadoAutorizacion, mensajes, raw: xml };
}

const SOAP_HEADERS = { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' };

/**
 * Reused connections; an idle one is closed after 4 s, before the usual 5 s keep-alive of servers
 * (Node's own), so a request seldom meets a connection the server is closing (and if it does, the
 * call fails as SriUnavailableError and the worker retries, asking first).
 */
const KEEP_ALIVE: http.AgentOptions = { keepAlive: true, timeout: 4000 };

/**
 * One SOAP POST with node:http(s): what `fetch` (undici) does for this call at a fraction of its
 * CPU (bench/issue.ts: undici and its web streams were ~15 % of the server's busy time per issued
 * invoice). The body is read whole and decoded as UTF-8, as Response.text() does.
 * @param target the service's URL, parsed once per client (not per call).
 * @returns the HTTP status and the body.
 * @throws the socket's error (refused, reset, aborted by `signal`).
 */
function httpPost(target: URL, body: string | Buffer, signal: AbortSignal, agents: { http: http.Agent; https: http.Agent }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const secure = target.protocol === 'https:';
    const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const req = (secure ? https : http).request(
      target,
      { method: 'POST', headers: { ...SOAP_HEADERS, 'content-length': payload.length }, agent: secure ? agents.https : agents.http, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('la respuesta se cortó')));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The SRI client. Each call is one POST (text/xml, SOAPAction "") bounded by `timeoutMs`.
 * @example
 *   const sri = createSriClient(sriEndpoints('pruebas'));
 *   const r = await sri.validarComprobante(signedXml); // { estado: 'RECIBIDA', mensajes: [] }
 *   const a = pickAutorizacion(await sri.autorizacionComprobante(claveAcceso));
 */
export function createSriClient(opts: SriClientOptions): SriClient {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const doFetch = opts.fetch;
  const agents = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };
  /** The service URLs parsed once (three at most). */
  const targets = new Map<string, URL>();
  const targetOf = (url: string) => {
    let target = targets.get(url);
    if (!target) targets.set(url, (target = new URL(url)));
    return target;
  };

  /** POST and read the whole answer within timeoutMs, whatever the fetch implementation does with the signal. */
  async function post(url: string, body: string | Buffer): Promise<{ status: number; text: string }> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new SriUnavailableError(`El SRI no respondió en ${timeoutMs} ms`);
        controller.abort(err);
        reject(err);
      }, timeoutMs);
    });
    const exchange = (async () => {
      if (!doFetch || (opts.fetchOnlyFor && !url.startsWith(opts.fetchOnlyFor))) return httpPost(targetOf(url), body, controller.signal, agents);
      const res = await doFetch(url, { method: 'POST', headers: SOAP_HEADERS, body: typeof body === 'string' ? body : body.toString('utf8'), signal: controller.signal });
      return { status: res.status, text: await res.text() };
    })();
    try {
      return await Promise.race([exchange, timedOut]);
    } catch (err) {
      if (err instanceof SriUnavailableError) throw err;
      throw new SriUnavailableError(`No se pudo contactar al SRI: ${(err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
      exchange.catch(() => undefined); // the loser of the race must not become an unhandled rejection
    }
  }

  /** Non-2xx: a SOAP fault (HTTP 500) is reported by bodyChild with its faultstring; anything else by status. */
  function rejectHttpError(status: number, text: string, operation: string): void {
    if (status >= 200 && status < 300) return;
    if (text.includes('Fault')) bodyChild(text, operation, status);
    throw new SriUnavailableError(`El SRI respondió HTTP ${status}`, { status });
  }

  return {
    async validarComprobante(signedXml) {
      const base64 = Buffer.from(signedXml, 'utf8').toString('base64');
      const { status, text } = await post(opts.recepcionUrl, requestEnvelope(NS_RECEPCION, `<ec:validarComprobante><xml>${base64}</xml></ec:validarComprobante>`));
      rejectHttpError(status, text, 'validarComprobanteResponse');
      return parseRecepcion(text, status);
    },
    async autorizacionComprobante(claveAcceso) {
      const operation = `<ec:autorizacionComprobante><claveAccesoComprobante>${escapeXml(claveAcceso)}</claveAccesoComprobante></ec:autorizacionComprobante>`;
      const { status, text } = await post(opts.autorizacionUrl, requestEnvelope(NS_AUTORIZACION, operation));
      rejectHttpError(status, text, 'autorizacionComprobanteResponse');
      return parseAutorizacion(text, status);
    },
    async validarLote(loteXml) {
      const { status, text } = await post(opts.recepcionUrl, base64Envelope(NS_RECEPCION, '<ec:validarComprobante><xml>', typeof loteXml === 'string' ? Buffer.from(loteXml, 'utf8') : loteXml, '</xml></ec:validarComprobante>'));
      rejectHttpError(status, text, 'validarComprobanteResponse');
      return parseLoteRecepcion(text, status);
    },
    async autorizacionComprobanteLote(claveAccesoLote) {
      const operation = `<ec:autorizacionComprobanteLote><claveAccesoLote>${escapeXml(claveAccesoLote)}</claveAccesoLote></ec:autorizacionComprobanteLote>`;
      const { status, text } = await post(opts.autorizacionUrl, requestEnvelope(NS_AUTORIZACION, operation));
      rejectHttpError(status, text, 'autorizacionComprobanteLoteResponse');
      return parseAutorizacion(text, status, true);
    },
    async consultarEstadoAutorizacionComprobante(claveAcceso) {
      if (!opts.consultaUrl) throw new Error('El servicio de consulta del SRI (ConsultaComprobante) no está configurado en este cliente');
      const operation = `<ec:consultarEstadoAutorizacionComprobante><claveAcceso>${escapeXml(claveAcceso)}</claveAcceso></ec:consultarEstadoAutorizacionComprobante>`;
      const { status, text } = await post(opts.consultaUrl, requestEnvelope(NS_CONSULTAS, operation));
      rejectHttpError(status, text, 'consultarEstadoAutorizacionComprobanteResponse');
      return parseConsulta(text, status);
    },
  };
}
