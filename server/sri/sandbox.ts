/**
 * The sandbox SRI: a local server speaking the SRI offline SOAP (RecepcionComprobantesOffline and
 * AutorizacionComprobantesOffline, shared/sri/wsdl), Emite's authority when SRI_ENV=sandbox and the
 * peer of the SRI tests. It refuses what the real SRI refuses at reception (see sandbox-checks.ts),
 * remembers what it received, and authorises every received key, optionally after a delay.
 *
 * Mount: `await app.register(sriSandboxPlugin, { authorizeDelayMs })`. The routes live under
 * /sri-sandbox/comprobantes-electronicos-ws/…; the XML body parsers are added inside the plugin's
 * encapsulated context, so the host app's content-type handling is unchanged.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Element } from '@xmldom/xmldom';
import { checkComprobante } from './sandbox-checks.ts';
import { autorizacionLoteResponse, autorizacionResponse, consultaResponse, loteRecepcionResponse, ecuadorDateTime, recepcionResponse, soapFault, type SandboxAutorizacion } from './sandbox-soap.ts';
import { createMemorySandboxStore, type ReceivedComprobante, type SandboxStore } from './sandbox-store.ts';
import { NS_AUTORIZACION, NS_CONSULTAS, NS_RECEPCION, type SriMensaje } from './soap-client.ts';
import { sandboxPortalPlugin } from './sandbox-portal.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { acceptanceDeadline } from '../../core/annulment-rules.ts';
import { kids, parseXml, textOf } from './xml-dom.ts';
import { isValidClaveAcceso } from '../../core/access-key.ts';
import { looksLikeLote, MAX_LOTE_BYTES, MAX_LOTE_COMPROBANTES, readLote } from './lote-xml.ts';
import { forbiddenXmlCharacter, isSoapContentType, registerSoapErrorHandling } from './sandbox-faults.ts';

export { createMemorySandboxStore, type SandboxStore } from './sandbox-store.ts';
export { createDbSandboxStore } from './sandbox-db-store.ts';

export interface SandboxOptions {
  /** Where received comprobantes are kept; default a fresh in-memory store per registration. */
  store?: SandboxStore;
  /** Answer zero autorizaciones until this long after reception, ms (exercises polling). Default 0. */
  authorizeDelayMs?: number;
  /** Reception time, the 90-day window and fechaAutorizacion; default the system clock. */
  clock?: () => Date;
}

const PREFIX = '/sri-sandbox/comprobantes-electronicos-ws';
/** The sandbox's two service paths (the SRI's paths under /sri-sandbox). */
export const SANDBOX_PATHS = {
  recepcion: `${PREFIX}/RecepcionComprobantesOffline`,
  autorizacion: `${PREFIX}/AutorizacionComprobantesOffline`,
  consulta: `${PREFIX}/ConsultaComprobante`,
} as const;

/** tipoComprobante as the consultation service names it (ficha técnica §8.2.3 shows "Nota de Débito"). */
const TIPO_COMPROBANTE: Record<string, string> = {
  '01': 'Factura',
  '03': 'Liquidación de Compra',
  '04': 'Nota de Crédito',
  '05': 'Nota de Débito',
  '06': 'Guía de Remisión',
  '07': 'Comprobante de Retención',
};
const NO_DATA = 'No existen datos para los parámetros ingresados';
const OUT_OF_RANGE = 'No es posible validar la clave de acceso ya que la fecha de emision esta fuera del rango permitido.';

/** Read per request so SRI_WSDL_DIR can be set after import; default the copies in server/sri/wsdl. */
const wsdlDir = () => process.env.SRI_WSDL_DIR ?? path.join(REPO_ROOT, 'server/sri/wsdl');

/** Enough for a 320 KB comprobante in base64 plus the envelope, and for the 26 answer above it. */
const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const PRUEBAS_ADVERTENCIA: SriMensaje = { identificador: '60', mensaje: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS', tipo: 'ADVERTENCIA' };

const registeredStores = new Set<SandboxStore>();
let offline = false;

/**
 * Test switches shared by every sandbox registered in this process.
 * @example sandboxControl.setOffline(true); // both services answer HTTP 503 until setOffline(false)
 */
export const sandboxControl = {
  get offline(): boolean {
    return offline;
  },
  /** true: every sandbox route answers HTTP 503, as the SRI does while it is down. */
  setOffline(value: boolean): void {
    offline = value;
  },
  /** Back online, and every registered sandbox forgets what it received. */
  async reset(): Promise<void> {
    offline = false;
    await Promise.all([...registeredStores].map((s) => s.reset()));
  },
};

/** The operation element in soap:Body, or undefined when the envelope is not SOAP for that operation. */
function operationElement(body: unknown, ns: string, name: string): Element | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const envelope = parseXml(body);
    const soapBody = kids(envelope, 'Body')[0];
    const op = soapBody && kids(soapBody, name)[0];
    return op && op.namespaceURI === ns ? op : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fault for a request the operation cannot read: 415 for a content type SOAP does not use, 500
 * soap:Client for a character XML forbids (the real service's parser refuses it) or a wrong wrapper.
 */
function badRequest(request: FastifyRequest, reply: FastifyReply, ns: string, name: string) {
  const send = (code: number, text: string) => reply.code(code).type('text/xml; charset=utf-8').send(soapFault('soap:Client', text));
  const contentType = request.headers['content-type'];
  if (!isSoapContentType(contentType)) return send(415, `Unsupported Content-Type: ${contentType ?? '(ninguno)'} Supported ones are: [text/xml]`);
  const forbidden = typeof request.body === 'string' ? forbiddenXmlCharacter(request.body) : undefined;
  if (forbidden) return send(500, forbidden);
  return send(500, `Unexpected wrapper element: se esperaba {${ns}}${name} dentro de soap:Body`);
}

/** The operation element, unless the request is not a readable SOAP call for it (then badRequest answers). */
function readableOperation(request: FastifyRequest, ns: string, name: string): Element | undefined {
  if (!isSoapContentType(request.headers['content-type']) || typeof request.body !== 'string' || forbiddenXmlCharacter(request.body)) return undefined;
  return operationElement(request.body, ns, name);
}

function decodeBase64(text: string): string {
  // Most senders wrap nothing: no copy of a lote's ~0.5 MB of base64 then.
  const compact = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return '';
  return Buffer.from(compact, 'base64').toString('utf8');
}

/**
 * Registers POST (SOAP) and GET `?wsdl` for both services. Options: see {@link SandboxOptions}.
 * @example
 *   const app = Fastify();
 *   await app.register(sriSandboxPlugin, { authorizeDelayMs: 2000 });
 *   const sri = createSriClient(sriEndpoints('sandbox', 'http://127.0.0.1:3000'));
 */
export const sriSandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, opts) => {
  const store = opts.store ?? createMemorySandboxStore();
  const clock = opts.clock ?? (() => new Date());
  const authorizeDelayMs = opts.authorizeDelayMs ?? 0;
  registeredStores.add(store);
  app.addHook('onClose', async () => {
    registeredStores.delete(store);
  });

  registerSoapErrorHandling(app, BODY_LIMIT_BYTES);

  app.addHook('onRequest', async (_req, reply) => {
    if (offline) return reply.code(503).type('text/plain; charset=utf-8').send('Servicio no disponible');
  });

  // Receptions run one at a time: the 43/45 checks and the save must not interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const serveWsdl = (file: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    if (!Object.keys(query).some((k) => k.toLowerCase() === 'wsdl')) return reply.code(404).type('text/plain; charset=utf-8').send(`Servicio SOAP: use POST, o GET ${request.url.split('?')[0]}?wsdl`);
    const full = path.join(wsdlDir(), file);
    if (!existsSync(full)) return reply.code(404).type('text/plain; charset=utf-8').send(`WSDL no disponible: ${full} no existe (SRI_WSDL_DIR)`);
    // Like JAX-WS, advertise the address the WSDL was fetched from.
    const address = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
    return reply.type('text/xml; charset=utf-8').send(readFileSync(full, 'utf8').replace(/(<soap:address location=")[^"]*(")/, `$1${address}$2`));
  };
  app.get(SANDBOX_PATHS.recepcion, serveWsdl('RecepcionComprobantesOffline.wsdl'));
  app.get(SANDBOX_PATHS.autorizacion, serveWsdl('AutorizacionComprobantesOffline.wsdl'));

  /** Check and remember one comprobante (serially): what the SRI answers for it. */
  const receive = async (xml: string, now: Date) => {
    let outcome = await checkComprobante(xml, store, now);
    // Another node's sandbox saved the same clave or number between the checks and this save:
    // check again, which now answers 43 or 45 as the SRI would.
    if (outcome.accepted && !(await store.save({ claveAcceso: outcome.claveAcceso, numero: outcome.accepted.numero, xml, ambiente: outcome.accepted.ambiente, receivedAt: now }))) {
      outcome = await checkComprobante(xml, store, now);
    }
    return outcome;
  };

  /**
   * The lotes received, by their key: the keys of their comprobantes (those received, and those
   * answered 43: the SRI has them). Kept in memory: after a restart a lote's key answers no
   * autorizaciones, and the issuer asks per comprobante or sends the lote again.
   */
  const lotes = new Map<string, string[]>();

  /**
   * A lote (SRI.md "Lotes"): refused as a whole when it is not a readable lote of version 1.0.0, its
   * key is not a valid 49-digit key of its ruc, or it carries more than 50 comprobantes or 500 KB;
   * otherwise every comprobante gets the checks of a single send, the good ones are received and
   * the refused ones listed with their mensajes.
   */
  const receiveLote = async (xml: string, now: Date): Promise<string> => {
    const lote = readLote(xml);
    const whole = (claveAcceso: string, m: SriMensaje) => loteRecepcionResponse([{ claveAcceso, mensajes: [m] }]);
    const structure = (detail: string): SriMensaje => ({ identificador: '35', mensaje: 'ARCHIVO NO CUMPLE ESTRUCTURA XML', informacionAdicional: `Lote: ${detail}`, tipo: 'ERROR' });
    if ('error' in lote) return whole('N/A', structure(lote.error));
    const bytes = Buffer.byteLength(xml, 'utf8');
    if (bytes > MAX_LOTE_BYTES) return whole(lote.claveAcceso, { identificador: '26', mensaje: 'TAMAÑO MÁXIMO SUPERADO', informacionAdicional: `El lote mide ${bytes} bytes; el máximo es ${MAX_LOTE_BYTES} (500 KB)`, tipo: 'ERROR' });
    if (lote.version !== '1.0.0') return whole(lote.claveAcceso, structure(`versión "${lote.version}" no admitida (1.0.0)`));
    if (!/^\d{49}$/.test(lote.claveAcceso) || !isValidClaveAcceso(lote.claveAcceso)) return whole(lote.claveAcceso || 'N/A', structure('la clave de acceso del lote no es válida'));
    if (lote.claveAcceso.slice(10, 23) !== lote.ruc) return whole(lote.claveAcceso, structure(`el RUC ${lote.ruc} no es el de la clave del lote`));
    if (!lote.comprobantes.length || lote.comprobantes.length > MAX_LOTE_COMPROBANTES) return whole(lote.claveAcceso, structure(`debe tener entre 1 y ${MAX_LOTE_COMPROBANTES} comprobantes (tiene ${lote.comprobantes.length})`));
    const refused: Array<{ claveAcceso: string; mensajes: SriMensaje[] }> = [];
    const claves = new Set(lotes.get(lote.claveAcceso) ?? []);
    for (const comprobante of lote.comprobantes) {
      // The real SRI answers autorizaciones on other machines while it receives a lote. Here a
      // lote's checks (and the lotes queued behind it, started as microtasks) would hold every
      // pending request until they all end: an issuer's ask for an earlier lote waited for up to
      // three lotes of checks. Requests that arrived meanwhile are served between two comprobantes.
      await new Promise((resolve) => setImmediate(resolve));
      const outcome = await receive(comprobante, now);
      if (outcome.accepted || outcome.mensajes.some((m) => m.identificador === '43')) claves.add(outcome.claveAcceso);
      if (!outcome.accepted) refused.push({ claveAcceso: outcome.claveAcceso, mensajes: outcome.mensajes });
    }
    lotes.set(lote.claveAcceso, [...claves]);
    return loteRecepcionResponse(refused);
  };

  app.post(SANDBOX_PATHS.recepcion, async (request, reply) => {
    const op = readableOperation(request, NS_RECEPCION, 'validarComprobante');
    if (!op) return badRequest(request, reply, NS_RECEPCION, 'validarComprobante');
    const xml = decodeBase64(textOf(op, 'xml') ?? '');
    const answer = await serially(async () => {
      const now = clock();
      if (looksLikeLote(xml)) return receiveLote(xml, now);
      const outcome = await receive(xml, now);
      return recepcionResponse({ estado: outcome.accepted ? 'RECIBIDA' : 'DEVUELTA', claveAcceso: outcome.claveAcceso, mensajes: outcome.mensajes });
    });
    return reply.type('text/xml; charset=utf-8').send(answer);
  });

  const authorised = (c: ReceivedComprobante, at: Date): SandboxAutorizacion => ({
    estado: 'AUTORIZADO',
    numeroAutorizacion: c.claveAcceso, // offline scheme: the authorisation number is the access key
    fechaAutorizacion: ecuadorDateTime(at),
    ambiente: c.ambiente === '2' ? 'PRODUCCIÓN' : 'PRUEBAS',
    comprobante: c.xml,
    mensajes: c.ambiente === '1' ? [PRUEBAS_ADVERTENCIA] : [],
  });

  /** The authorisation instant of a received key: recorded, or due now (then recorded), else undefined. */
  const authorisedAt = async (received: ReceivedComprobante): Promise<Date | undefined> => {
    const due = received.authorizedAt ?? new Date(received.receivedAt.getTime() + authorizeDelayMs);
    return clock().getTime() >= due.getTime() ? store.markAuthorized(received.claveAcceso, due) : undefined;
  };

  /**
   * ConsultaComprobante (ficha técnica §8): the four states, or RECHAZADA 99 for a key it does not
   * have or one issued before the previous month (the real service answers only for the current
   * and the previous month). A received key not yet authorised answers NO AUTORIZADO; an anulación
   * asked in the portal stand-in answers PENDIENTE DE ANULAR until the receiver accepts (ANULADO),
   * refuses, or lets the 5 business days pass (AUTORIZADO again).
   */
  app.post(SANDBOX_PATHS.consulta, async (request, reply) => {
    const op = readableOperation(request, NS_CONSULTAS, 'consultarEstadoAutorizacionComprobante');
    if (!op) return badRequest(request, reply, NS_CONSULTAS, 'consultarEstadoAutorizacionComprobante');
    const claveAcceso = textOf(op, 'claveAcceso') ?? '';
    const send = (xml: string) => reply.type('text/xml; charset=utf-8').send(xml);
    const today = guayaquilDate(clock());
    const emitted = /^\d{49}$/.test(claveAcceso) ? `${claveAcceso.slice(4, 8)}-${claveAcceso.slice(2, 4)}-${claveAcceso.slice(0, 2)}` : '';
    const firstOfPreviousMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
    if (emitted && emitted < firstOfPreviousMonth) return send(consultaResponse({ claveAcceso, rechazada: OUT_OF_RANGE }));
    const received = emitted ? await store.byClave(claveAcceso) : undefined;
    if (!received) return send(consultaResponse({ claveAcceso, rechazada: NO_DATA }));
    const at = await authorisedAt(received);
    const a = received.anulacion;
    const lapsed = a?.estado === 'PENDIENTE' && today > acceptanceDeadline(guayaquilDate(new Date(a.requestedAt)));
    const estadoAutorizacion = !at ? 'NO AUTORIZADO' : a?.estado === 'ANULADO' ? 'ANULADO' : a?.estado === 'PENDIENTE' && !lapsed ? 'PENDIENTE DE ANULAR' : 'AUTORIZADO';
    return send(
      consultaResponse({ claveAcceso, estadoAutorizacion, tipoComprobante: TIPO_COMPROBANTE[claveAcceso.slice(8, 10)] ?? 'Comprobante', rucEmisor: claveAcceso.slice(10, 23), ...(at ? { fechaAutorizacion: ecuadorDateTime(at) } : {}) }),
    );
  });

  // SRI en línea's anulación, for the whole flow on one machine (sandbox-portal.ts); JSON, own context.
  await app.register(sandboxPortalPlugin, {
    store,
    clock,
    isAuthorised: async (claveAcceso) => {
      const received = await store.byClave(claveAcceso);
      return Boolean(received && (await authorisedAt(received)));
    },
  });

  app.post(SANDBOX_PATHS.autorizacion, async (request, reply) => {
    const loteOp = readableOperation(request, NS_AUTORIZACION, 'autorizacionComprobanteLote');
    if (loteOp) {
      // The lote's comprobantes answered so far (each as autorizacionComprobante would).
      const claveLote = textOf(loteOp, 'claveAccesoLote') ?? '';
      const answered: SandboxAutorizacion[] = [];
      for (const clave of lotes.get(claveLote) ?? []) {
        const received = await store.byClave(clave);
        const at = received && (await authorisedAt(received));
        if (received && at) answered.push(authorised(received, at));
      }
      return reply.type('text/xml; charset=utf-8').send(autorizacionLoteResponse(claveLote, answered));
    }
    const op = readableOperation(request, NS_AUTORIZACION, 'autorizacionComprobante');
    if (!op) return badRequest(request, reply, NS_AUTORIZACION, 'autorizacionComprobante');
    const claveAcceso = textOf(op, 'claveAccesoComprobante') ?? '';
    const received = claveAcceso ? await store.byClave(claveAcceso) : undefined;
    const due = received && (received.authorizedAt ?? new Date(received.receivedAt.getTime() + authorizeDelayMs));
    const ready = received && due && clock().getTime() >= due.getTime();
    const authorisedNow = ready ? await store.markAuthorized(claveAcceso, due) : undefined;
    return reply.type('text/xml; charset=utf-8').send(autorizacionResponse(claveAcceso, received && authorisedNow ? [authorised(received, authorisedNow)] : []));
  });
};
