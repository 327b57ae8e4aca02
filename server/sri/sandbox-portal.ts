/**
 * The sandbox's stand-in for SRI en línea's anulación (DESIGN.md §10), so that with SRI_ENV=sandbox
 * the whole flow runs on one machine. JSON, no SOAP (the real step is a web form, no web service):
 * - `POST /sri-sandbox/portal/anulacion {claveAcceso, motivo}`: the issuer asks. A 01, 03 or 06, or a
 *   04/05/07 whose receiver is identified by passport or as foreign, is ANULADO at once; another
 *   04/05/07 waits for its receiver (the consultation service answers PENDIENTE DE ANULAR).
 * - `POST /sri-sandbox/portal/anulacion/{claveAcceso}/respuesta {acepta}`: the receiver answers;
 *   true -> ANULADO, false -> the request is refused and the key is AUTORIZADO again.
 * The portal's own rules apply as the SRI's: only an authorised key, once; day 7 of the next month
 * (core/annulment-rules.ts); never a consumidor final factura. Refusals are `{statusCode, error,
 * message}` in Spanish, like the API's. Like the sandbox's SOAP services it has no login: it plays
 * the SRI for whoever holds a key, and exists only with SRI_ENV=sandbox.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { annulmentRefusal, needsReceiverAcceptance } from '../../core/annulment-rules.ts';
import type { SandboxAnulacion, SandboxStore } from './sandbox-store.ts';
import { receiverOf } from './receiver-of.ts';

export const PORTAL_PATHS = {
  request: '/sri-sandbox/portal/anulacion',
  answer: '/sri-sandbox/portal/anulacion/:claveAcceso/respuesta',
} as const;

export interface PortalOptions {
  store: SandboxStore;
  clock: () => Date;
  /** Whether the key counts as authorised now (the sandbox authorises after its delay). */
  isAuthorised: (claveAcceso: string) => Promise<boolean>;
}

const answerOut = { type: 'object', properties: { claveAcceso: { type: 'string' }, estado: { type: 'string', enum: ['PENDIENTE', 'ANULADO', 'RECHAZADA'] }, motivo: { type: 'string' } } } as const;

export const sandboxPortalPlugin: FastifyPluginAsync<PortalOptions> = async (app: FastifyInstance, opts) => {
  const { store, clock } = opts;
  // Registered inside the SOAP sandbox, whose context reads every body as text: JSON here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('El cuerpo no es JSON válido'), { statusCode: 400 }), undefined);
    }
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(statusCode).send({ statusCode, error: statusCode === 500 ? 'Internal Server Error' : 'Bad Request', message: statusCode === 500 ? 'Error interno del portal de pruebas' : error.message });
  });
  const refuse = (statusCode: number, message: string) => ({ statusCode, error: statusCode === 404 ? 'Not Found' : statusCode === 409 ? 'Conflict' : 'Unprocessable Entity', message });

  app.post<{ Body: { claveAcceso: string; motivo: string } }>(
    PORTAL_PATHS.request,
    {
      schema: {
        summary: 'SRI de pruebas: solicitar una anulación como en SRI en línea (emisor)',
        body: { type: 'object', required: ['claveAcceso', 'motivo'], additionalProperties: false, properties: { claveAcceso: { type: 'string', pattern: '^\\d{49}$' }, motivo: { type: 'string', minLength: 1, maxLength: 300 } } },
        response: { 200: answerOut },
      },
    },
    async (request, reply) => {
      const { claveAcceso, motivo } = request.body;
      const received = await store.byClave(claveAcceso);
      if (!received || !(await opts.isAuthorised(claveAcceso))) return reply.code(404).send(refuse(404, `El SRI no tiene un comprobante autorizado con la clave de acceso ${claveAcceso}`));
      const receiver = receiverOf(received.xml);
      const codDoc = claveAcceso.slice(8, 10);
      const fechaEmision = `${claveAcceso.slice(4, 8)}-${claveAcceso.slice(2, 4)}-${claveAcceso.slice(0, 2)}`;
      const status = received.anulacion?.estado === 'ANULADO' ? 'ANULADA' : 'AUTORIZADA';
      const annulment = received.anulacion?.estado === 'PENDIENTE' ? { state: 'PENDIENTE_ANULAR' as const } : null;
      const refusal = annulmentRefusal({ codDoc, status, fechaEmision, tipoIdentificacionReceptor: receiver.tipoIdentificacion, identificacionReceptor: receiver.identificacion, annulment }, guayaquilDate(clock()));
      if (refusal) return reply.code(refusal.kind === 'conflict' ? 409 : 422).send(refuse(refusal.kind === 'conflict' ? 409 : 422, refusal.message));
      const next: SandboxAnulacion = { estado: needsReceiverAcceptance(codDoc, receiver.tipoIdentificacion) ? 'PENDIENTE' : 'ANULADO', motivo, requestedAt: clock().toISOString() };
      if (!(await store.updateAnulacion(claveAcceso, [null, 'RECHAZADA'], next))) return reply.code(409).send(refuse(409, 'Ya hay una solicitud de anulación para esta clave de acceso'));
      return { claveAcceso, estado: next.estado, motivo };
    },
  );

  app.post<{ Params: { claveAcceso: string }; Body: { acepta: boolean } }>(
    PORTAL_PATHS.answer,
    {
      schema: {
        summary: 'SRI de pruebas: el receptor acepta o rechaza una anulación pendiente',
        params: { type: 'object', properties: { claveAcceso: { type: 'string', pattern: '^\\d{49}$' } } },
        body: { type: 'object', required: ['acepta'], additionalProperties: false, properties: { acepta: { type: 'boolean' } } },
        response: { 200: answerOut },
      },
    },
    async (request, reply) => {
      const { claveAcceso } = request.params;
      const received = await store.byClave(claveAcceso);
      if (!received?.anulacion) return reply.code(404).send(refuse(404, `No hay una solicitud de anulación para la clave de acceso ${claveAcceso}`));
      const next: SandboxAnulacion = { ...received.anulacion, estado: request.body.acepta ? 'ANULADO' : 'RECHAZADA', answeredAt: clock().toISOString() };
      if (!(await store.updateAnulacion(claveAcceso, ['PENDIENTE'], next))) return reply.code(409).send(refuse(409, `La solicitud de anulación de ${claveAcceso} ya no espera respuesta (está ${received.anulacion.estado})`));
      return { claveAcceso, estado: next.estado, motivo: next.motivo };
    },
  );
};
