/**
 * The one error handler: AppError codes -> HTTP, Fastify/Ajv validation -> 400 with Spanish
 * `details`, body parsing problems -> 4xx, anything else -> opaque 500 (logged, never leaked).
 * Every 5xx is logged with the request id, and its body carries it as `requestId` so that a user's
 * report can be found in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import localize from 'ajv-i18n';
import type { ErrorObject } from 'ajv';
import { AppError, type ErrorDetail } from '../errors.ts';
import { plainMessage } from './ajv-messages.ts';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Ajv errors -> `{path, message}` in Spanish (plain wording from ajv-messages.ts, else ajv-i18n),
 * path dotted and relative to the validated object, ending with the field a `required` or
 * `additionalProperties` error names: `{path: 'user.password', message: 'Campo obligatorio'}`.
 */
export function ajvDetails(errors: ErrorObject[], prefix = ''): ErrorDetail[] {
  const copy = errors.map((e) => ({ ...e }));
  localize.es(copy);
  // Emite's own keywords carry Spanish messages already; ajv-i18n would replace them with a generic one.
  copy.forEach((e, i) => {
    if (e.keyword.startsWith('x-') && errors[i].message) e.message = errors[i].message;
    else e.message = plainMessage(e) ?? e.message;
  });
  return copy.map((e) => {
    let p = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // The field a `required` or `additionalProperties` error is about goes in the path, not the message.
    const field = e.keyword === 'required' ? e.params.missingProperty : e.keyword === 'additionalProperties' ? e.params.additionalProperty : undefined;
    if (typeof field === 'string') p = p ? `${p}.${field}` : field;
    return { path: prefix && p ? `${prefix}.${p}` : prefix || p, message: e.message ?? 'valor inválido' };
  });
}

const CONTEXT_LABEL: Record<string, string> = { body: 'el cuerpo', querystring: 'los parámetros', params: 'la ruta', headers: 'las cabeceras' };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error, requestId: request.id }, 'server error');
      return reply.status(error.status).send({
        statusCode: error.status,
        error: REASON[error.status] ?? 'Error',
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.extra ?? {}),
        ...(error.status >= 500 ? { requestId: request.id } : {}),
      });
    }
    const fe = error as FastifyError & { validationContext?: string };
    if (fe.validation) {
      const details = ajvDetails(fe.validation as ErrorObject[]);
      const where = CONTEXT_LABEL[fe.validationContext ?? 'body'] ?? 'la solicitud';
      const first = details[0];
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: first ? `Datos inválidos en ${first.path || where}: ${first.message}` : 'Datos inválidos',
        details,
      });
    }
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error, requestId: request.id }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, error: REASON[500], message: 'Error interno del servidor', requestId: request.id });
    }
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && /JSON/i.test(fe.message))
        ? 'El cuerpo de la solicitud no es JSON válido'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'El cuerpo de la solicitud es demasiado grande'
          : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Tipo de contenido no admitido: envíe application/json'
            : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'El cuerpo JSON está vacío'
              : status === 429
                ? 'Demasiadas solicitudes; espere un momento e intente de nuevo'
                : fe.message;
    return reply.status(status).send({ statusCode: status, error: REASON[status] ?? 'Error', message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `Ruta no encontrada: ${request.method} ${request.url.split('?')[0]}` });
  });
}
