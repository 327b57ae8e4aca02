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
import { autorizacionResponse, ecuadorDateTime, recepcionResponse, soapFault, type SandboxAutorizacion } from './sandbox-soap.ts';
import { createMemorySandboxStore, type ReceivedComprobante, type SandboxStore } from './sandbox-store.ts';
import { NS_AUTORIZACION, NS_RECEPCION, type SriMensaje } from './soap-client.ts';
import { kids, parseXml, textOf } from './xml-dom.ts';

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
} as const;

/** Read per request so SRI_WSDL_DIR can be set after import; default the copies in server/sri/wsdl. */
const wsdlDir = () => process.env.SRI_WSDL_DIR ?? path.join(REPO_ROOT, 'server/sri/wsdl');

const XML_CONTENT_TYPES = ['text/xml', 'application/soap+xml', 'application/xml'];
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

function badRequest(reply: FastifyReply, ns: string, name: string) {
  return reply
    .code(500)
    .type('text/xml; charset=utf-8')
    .send(soapFault('soap:Client', `Unexpected wrapper element: se esperaba {${ns}}${name} dentro de soap:Body`));
}

function decodeBase64(text: string): string {
  const compact = text.replace(/\s+/g, '');
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

  for (const type of XML_CONTENT_TYPES) if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  app.addContentTypeParser(XML_CONTENT_TYPES, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));

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

  app.post(SANDBOX_PATHS.recepcion, async (request, reply) => {
    const op = operationElement(request.body, NS_RECEPCION, 'validarComprobante');
    if (!op) return badRequest(reply, NS_RECEPCION, 'validarComprobante');
    const xml = decodeBase64(textOf(op, 'xml') ?? '');
    const answer = await serially(async () => {
      const now = clock();
      let outcome = await checkComprobante(xml, store, now);
      // Another node's sandbox saved the same clave or number between the checks and this save:
      // check again, which now answers 43 or 45 as the SRI would.
      if (outcome.accepted && !(await store.save({ claveAcceso: outcome.claveAcceso, numero: outcome.accepted.numero, xml, ambiente: outcome.accepted.ambiente, receivedAt: now }))) {
        outcome = await checkComprobante(xml, store, now);
      }
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

  app.post(SANDBOX_PATHS.autorizacion, async (request, reply) => {
    const op = operationElement(request.body, NS_AUTORIZACION, 'autorizacionComprobante');
    if (!op) return badRequest(reply, NS_AUTORIZACION, 'autorizacionComprobante');
    const claveAcceso = textOf(op, 'claveAccesoComprobante') ?? '';
    const received = claveAcceso ? await store.byClave(claveAcceso) : undefined;
    const due = received && (received.authorizedAt ?? new Date(received.receivedAt.getTime() + authorizeDelayMs));
    const ready = received && due && clock().getTime() >= due.getTime();
    const authorisedAt = ready ? await store.markAuthorized(claveAcceso, due) : undefined;
    return reply.type('text/xml; charset=utf-8').send(autorizacionResponse(claveAcceso, received && authorisedAt ? [authorised(received, authorisedAt)] : []));
  });
};
