/** Response and query schemas shared by every comprobante route (`/api/invoice`, `/api/credit-note`, …). */
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
