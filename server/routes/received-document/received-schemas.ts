/** Query, body and response schemas of `/api/received-document` (DESIGN.md §4). */
import { listQuerySchema } from '../../domain/list-query.ts';
import { balanceFieldsSchema } from '../../domain/payments/balance-view.ts';
import { paymentStatusPattern } from '../../domain/payments/payment-status-sql.ts';

const text = { type: ['string', 'null'] } as const;
const amount = { type: 'number' } as const;
const date = { type: 'string', format: 'date' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;

export const receivedListQuery = {
  ...listQuerySchema,
  properties: {
    ...listQuerySchema.properties,
    codDoc: { type: 'string', pattern: '^(01|03|04|05|07)(,(01|03|04|05|07))*$', description: 'Tipos (tabla 3), separados por comas: 01,04' },
    from: date,
    to: date,
    supplier: uuid,
    withheld: { type: 'string', enum: ['true', 'false'], description: 'true: con retención emitida; false: sin ella' },
    relatedInvoice: { ...uuid, description: 'Retenciones recibidas sobre esta factura nuestra' },
    paymentStatus: { type: 'string', pattern: paymentStatusPattern, description: 'Cuentas por pagar: PENDIENTE, PARCIAL, PAGADA o VENCIDA (uno o varios, separados por coma)' },
    confirmado: { type: 'string', enum: ['true', 'false'], description: 'true: confirmados con el SRI; false: "Sin confirmar con el SRI"' },
  },
} as const;

/** The list row (toReceivedSummary). */
export const receivedSummaryOut = {
  type: 'object',
  additionalProperties: false,
  properties: {
    _id: { type: 'string' },
    claveAcceso: { type: 'string' },
    codDoc: { type: 'string' },
    version: { type: 'string' },
    estab: { type: 'string' },
    ptoEmi: { type: 'string' },
    secuencial: { type: 'string' },
    numero: { type: 'string' },
    fechaEmision: { type: 'string' },
    fechaAutorizacion: text,
    numeroAutorizacion: text,
    rucEmisor: { type: 'string' },
    razonSocialEmisor: { type: 'string' },
    identificacionComprador: { type: 'string' },
    razonSocialComprador: { type: 'string' },
    supplier: text,
    totalSinImpuestos: amount,
    totalDescuento: amount,
    totalIva: amount,
    importeTotal: amount,
    withheld: { type: 'boolean' },
    relatedInvoice: text,
    modifiedDocument: { ...text, description: 'Nota de crédito: la factura recibida del mismo proveedor que modifica' },
    source: { type: 'string' },
    confirmado: { type: 'boolean', description: 'El SRI devolvió esta clave autorizada con este mismo comprobante; un XML subido es false hasta confirmarlo. Los informes y las cuentas por pagar usan solo los confirmados' },
    sriEstado: { type: ['string', 'null'], enum: ['AUTORIZADO', 'NO AUTORIZADO', 'PENDIENTE DE ANULAR', 'ANULADO', null], description: 'Lo último que respondió el SRI por la clave (servicio de consulta); null si aún no se consultó' },
    sriCheckedAt: { ...text, description: 'Cuándo se consultó al SRI por última vez' },
    confirmMessage: { ...text, description: 'Por qué no se pudo confirmar (si no está confirmado)' },
    createdAt: { type: 'string' },
    // What is still owed on a received factura or nota de débito (DESIGN.md §12).
    ...balanceFieldsSchema,
  },
} as const;

/** One document (toReceivedView): the row plus impuestos, pagos, detail and the retenciones issued on it. */
export const receivedOut = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...receivedSummaryOut.properties,
    impuestos: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { codigo: { type: 'string' }, codigoPorcentaje: { type: 'string' }, tarifa: amount, baseImponible: amount, valor: amount } },
    },
    pagos: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { formaPago: { type: 'string' }, total: amount, plazo: { type: 'number' }, unidadTiempo: { type: 'string' } } },
    },
    detail: { type: 'object', additionalProperties: true, description: 'Las partes propias del documento: detalles, pagos, numDocModificado, docsSustento con sus retenciones…' },
    withholdings: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { _id: { type: 'string' }, numero: text, status: { type: 'string' } } },
    },
  },
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    claveAcceso: { type: 'string', minLength: 1, maxLength: 64, description: 'Clave de acceso (49 dígitos): el comprobante se descarga del servicio de autorización del SRI' },
    xml: { type: 'string', minLength: 1, maxLength: 3_000_000, description: 'El comprobante autorizado (XML firmado) o el XML de autorización del SRI (<autorizacion> con el comprobante en CDATA)' },
  },
} as const;

export const importBody = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', description: 'El TXT de comprobantes recibidos del portal del SRI (campo file de multipart/form-data)' } },
} as const;

export const importOut = {
  type: 'object',
  additionalProperties: false,
  required: ['rows', 'imported', 'failed'],
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['line', 'status'],
        properties: {
          line: { type: 'integer', description: 'línea del archivo (1 = la primera)' },
          claveAcceso: { type: 'string' },
          status: { type: 'string', enum: ['imported', 'duplicate', 'error'] },
          message: { type: 'string' },
          _id: { type: 'string' },
        },
      },
    },
    imported: { type: 'integer' },
    failed: { type: 'integer' },
  },
} as const;
