/**
 * The one error handler: AppError codes -> HTTP, Fastify/Ajv validation -> 400 with Spanish
 * `details`, body parsing problems -> 4xx, anything else -> opaque 500 (logged, never leaked).
 * Every 5xx is logged with the request id, and its body carries it as `requestId` so that a user's
 * report can be found in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorObject } from 'ajv';
import { AppError, type ErrorDetail } from '../errors.ts';
import { describeErrors, summaryOf, type SchemaNode } from '../../core/validation-messages.ts';

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
 * Ajv errors -> `{path, message}` in plain Spanish (core/validation-messages.ts): the path dotted
 * and relative to the validated object, ending with the field a `required` or
 * `additionalProperties` error names; the message names the field by the schema's titles and a line
 * by its 1-based number: `{path: 'detalles.2.descripcion', message: 'Línea 3, descripción: máximo
 * 300 caracteres'}`. `expected` (the message without the field) is for callers that show the field
 * beside it (the CSV import's column); the error handler never sends it.
 * @param schema the validated schema, for the titles (without it, names fall back to the property).
 */
export function ajvDetails(errors: ErrorObject[], schema?: unknown): ErrorDetail[] {
  return describeErrors(errors, schema as SchemaNode | undefined).map((d) => ({ path: d.path, message: d.message, expected: d.expected }));
}

/** `details` as the API answers them: `{path, message}` only. */
const publicDetails = (details: ErrorDetail[]): ErrorDetail[] => details.map((d) => ({ path: d.path, message: d.message }));

const CONTEXT_LABEL: Record<string, string> = { body: 'el cuerpo', querystring: 'los parámetros', params: 'la ruta', headers: 'las cabeceras' };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error, requestId: request.id }, 'server error');
      return reply.status(error.status).send({
        statusCode: error.status,
        error: REASON[error.status] ?? 'Error',
        message: error.message,
        ...(error.details ? { details: publicDetails(error.details) } : {}),
        ...(error.extra ?? {}),
        ...(error.status >= 500 ? { requestId: request.id } : {}),
      });
    }
    const fe = error as FastifyError & { validationContext?: string };
    if (fe.validation) {
      const context = fe.validationContext ?? 'body';
      const routeSchema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
      const details = publicDetails(ajvDetails(fe.validation as ErrorObject[], routeSchema));
      const where = CONTEXT_LABEL[context] ?? 'la solicitud';
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        // A body's problem speaks for itself; a query string's or a path's says where it was.
        message: context === 'body' && details.length ? summaryOf(details) : `Datos inválidos en ${where}${details.length ? `: ${summaryOf(details)}` : ''}`,
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
