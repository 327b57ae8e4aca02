/** Body, response and query schemas shared by every comprobante route (`/api/invoice`, `/api/credit-note`, …). */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { formBody } from '../../http/form-body.ts';
import type { DraftFormSchema } from '../../domain/comprobantes/comprobante-type.ts';
import { COMPROBANTE_STATUSES } from '../../../core/comprobante-status.ts';
import { listQuerySchema } from '../../domain/list-query.ts';
import { balanceFieldsSchema } from '../../domain/payments/balance-view.ts';
import { paymentStatusPattern } from '../../domain/payments/payment-status-sql.ts';

export const comprobanteOut = { type: 'object', additionalProperties: true } as const;
const text = { type: ['string', 'null'] } as const;
const amount = { type: ['number', 'null'] } as const;
const date = { type: 'string', format: 'date' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;

/**
 * A list row (toComprobanteSummary): declared so fast-json-stringify writes the known fields without
 * reflection; schema-added fields (`extra`) still pass through.
 */
export const comprobanteSummaryOut = {
  type: 'object',
  additionalProperties: true,
  properties: {
    _id: { type: 'string' },
    establishment: text,
    estab: text,
    ptoEmi: text,
    codDoc: text,
    customer: text,
    razonSocialComprador: text,
    identificacionComprador: text,
    fechaEmision: text,
    totalSinImpuestos: amount,
    totalDescuento: amount,
    totalIva: amount,
    importeTotal: amount,
    // Bases per IVA rate (core/iva-bases.ts), on documents with amounts.
    base0: amount,
    base5: amount,
    base15: amount,
    baseOtra: amount,
    noObjeto: amount,
    exenta: amount,
    status: text,
    secuencial: text,
    numero: text,
    claveAcceso: text,
    ambiente: text,
    numeroAutorizacion: text,
    fechaAutorizacion: text,
    mensajes: {
      type: 'array',
      items: { type: 'object', properties: { identificador: { type: 'string' }, mensaje: { type: 'string' }, informacionAdicional: { type: 'string' }, tipo: { type: 'string' } } },
    },
    emailedAt: text,
    issuedAt: text,
    createdAt: text,
    updatedAt: text,
    // What is owed (facturas, notas de débito, liquidaciones; DESIGN.md §12).
    ...balanceFieldsSchema,
  },
} as const;

const statusList = `^(${COMPROBANTE_STATUSES.join('|')})(,(${COMPROBANTE_STATUSES.join('|')}))*$`;

/** The list's query: page, sort, search, plus status (comma separated), date range, customer and (notas) the factura. */
export const comprobanteListQuery = {
  ...listQuerySchema,
  properties: {
    ...listQuerySchema.properties,
    status: { type: 'string', pattern: statusList },
    from: date,
    to: date,
    customer: uuid,
    invoice: uuid,
    paymentStatus: { type: 'string', pattern: paymentStatusPattern, description: 'PENDIENTE, PARCIAL, PAGADA o VENCIDA (uno o varios, separados por coma)' },
  },
} as const;

export const xmlQuery = { type: 'object', properties: { format: { type: 'string', enum: ['comprobante', 'autorizacion'] } } } as const;
export const pdfQuery = { type: 'object', properties: { download: { type: 'boolean' } } } as const;
export const emailBody = { type: ['object', 'null'], properties: { to: { type: 'string', format: 'email', maxLength: 254 } } } as const;
export const emailOut = { type: 'object', properties: { message: { type: 'string' }, to: { type: 'string' } } } as const;
export const eventsOut = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      at: { type: 'string' },
      userId: text,
      apiKeyId: text,
      from: text,
      to: { type: 'string' },
      mensajes: { type: 'array', items: { type: 'object', additionalProperties: true } },
      note: text,
    },
  },
} as const;

/**
 * The draft body of a type (POST and PUT `/api/{resource}`): its form schema's fields, limits and
 * `required` (annotations and defaults dropped, as for user and company), so OpenAPI shows the real
 * body. A company's own fields (its screen layer) are accepted beside them.
 */
export function draftBody(schema: DraftFormSchema) {
  return {
    ...formBody(schema),
    description: `Validado contra el esquema de la empresa (GET /api/admin/schema/${schema['x-resource']}): estos campos y los que la empresa añadió a la pantalla`,
  };
}

/**
 * The validator compiler of a draft route: params and query as every route (the app's compiler); the
 * body left to the type's saveDraft, which validates it against the company's effective schema
 * (its custom fields and `required`s included), after the permission, the emission scope and the
 * "is it still this company's draft" checks (403 / 404 / 409 come before a 400, as they always did),
 * and after the form's clean-up (blank optional fields dropped, "1" read as ptoEmi "001"). A
 * Fastify check of the bundled schema before all that would answer 400 where the API answers
 * otherwise today, and could not know the company's fields.
 */
export function bodyCheckedBySaveDraft(app: Pick<FastifyInstance, 'validatorCompiler'>): FastifySchemaCompiler<unknown> {
  return (input) => {
    if (input.httpPart === 'body') return () => true;
    const compile = app.validatorCompiler;
    if (!compile) throw new Error('bodyCheckedBySaveDraft: the app has no validator compiler (app.setValidatorCompiler runs before the routes)');
    return compile(input);
  };
}
