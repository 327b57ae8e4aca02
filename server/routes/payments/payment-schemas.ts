/** Schemas of the payment routes (DESIGN.md §12), the body from the payment form (src/schemas/payment). */
import { formBody } from '../../http/form-body.ts';
import { paymentSchema } from '../../schemas/generated/payment-schema.ts';
import { listQuerySchema } from '../../domain/list-query.ts';

export const paymentBody = formBody(paymentSchema, { additionalProperties: false });

const text = { type: ['string', 'null'] } as const;

export const paymentOut = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    fecha: { type: 'string', format: 'date' },
    formaPago: { type: 'string' },
    valor: { type: 'number' },
    referencia: text,
    recordedBy: text,
    createdAt: { type: 'string' },
  },
} as const;

export const recordedPaymentOut = {
  type: 'object',
  properties: {
    ...paymentOut.properties,
    document: {
      type: 'object',
      description: 'El comprobante después del pago',
      properties: {
        _id: { type: 'string' },
        resource: { type: 'string' },
        numero: text,
        saldo: { type: 'number' },
        paymentStatus: text,
        dueDate: text,
      },
    },
  },
} as const;

export const documentPaymentParams = {
  type: 'object',
  required: ['_id', 'paymentId'],
  additionalProperties: false,
  properties: { _id: { type: 'string', format: 'uuid' }, paymentId: { type: 'string', format: 'uuid' } },
} as const;

/** `GET /api/payments`: the list's parameters (paging, search, sort) and its filters. */
export const paymentListQuery = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    side: { type: 'string', enum: ['receivable', 'payable'], description: 'receivable: cobros; payable: pagos' },
    from: { type: 'string', format: 'date', description: 'Fecha del pago desde (inclusive)' },
    to: { type: 'string', format: 'date', description: 'Fecha del pago hasta (inclusive)' },
  },
} as const;

export const paymentListItemOut = {
  type: 'object',
  properties: {
    ...paymentOut.properties,
    side: { type: 'string', enum: ['receivable', 'payable'] },
    documentType: { type: 'string' },
    numero: { type: 'string' },
    razonSocial: { type: 'string' },
    identificacion: { type: 'string' },
    document: { type: 'object', properties: { _id: { type: 'string' }, resource: { type: 'string' } } },
    documentId: { type: 'string' },
    documentResource: { type: 'string' },
  },
} as const;

export const paymentImportQuery = {
  type: 'object',
  properties: {
    mode: { type: 'string', enum: ['all', 'valid'], default: 'all', description: 'all: todo o nada; valid: registrar solo las filas válidas' },
    dryRun: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: vista previa, sin registrar nada' },
  },
} as const;

export const paymentImportOut = {
  type: 'object',
  required: ['recorded', 'dryRun', 'mode', 'rows', 'errors'],
  properties: {
    recorded: { type: 'integer', description: 'Pagos registrados (en la vista previa: los que se registrarían)' },
    dryRun: { type: 'boolean' },
    mode: { type: 'string' },
    rows: {
      type: 'array',
      description: 'Las filas válidas: el pago y el saldo del comprobante antes y después',
      items: {
        type: 'object',
        properties: {
          row: { type: 'integer' },
          document: { type: 'object', properties: { _id: { type: 'string' }, resource: { type: 'string' }, documentType: { type: 'string' }, numero: text, razonSocial: { type: 'string' } } },
          fecha: { type: 'string' },
          formaPago: { type: 'string' },
          valor: { type: 'number' },
          referencia: text,
          saldoAntes: { type: 'number' },
          saldoDespues: { type: 'number' },
          paymentStatus: text,
          paymentId: { type: 'string' },
        },
      },
    },
    errors: {
      type: 'array',
      items: { type: 'object', required: ['row', 'column', 'message'], properties: { row: { type: 'integer', description: 'línea del archivo (el encabezado es la 1)' }, column: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;
