/** Schemas of the receivables and payables reports (DESIGN.md §12). */
import { listQuerySchema } from '../../domain/list-query.ts';
import { AGING_BUCKETS, type AgingBucket } from '../../../core/receivables.ts';

const date = { type: 'string', format: 'date' } as const;
const text = { type: ['string', 'null'] } as const;
const amount = { type: 'number' } as const;

export const agingQuery = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, date: { ...date, description: 'Fecha de corte (por defecto, hoy)' } },
} as const;

const bucket = (b: (typeof AGING_BUCKETS)[number]) => ({ ...amount, description: b.label });
const [current, d1_30, d31_60, d61_90, over90] = AGING_BUCKETS;
/** One amount per aging bucket, named by its key; `satisfies` fails to compile if core/receivables.ts adds a bucket not listed here. */
const buckets = {
  [current.key]: bucket(current),
  [d1_30.key]: bucket(d1_30),
  [d31_60.key]: bucket(d31_60),
  [d61_90.key]: bucket(d61_90),
  [over90.key]: bucket(over90),
} satisfies Record<AgingBucket, unknown>;

export const agingRowOut = {
  type: 'object',
  properties: {
    _id: { ...text, description: 'El cliente o proveedor (su registro)' },
    razonSocial: { type: 'string' },
    identificacion: { type: 'string' },
    documents: { type: 'integer' },
    oldestDueDate: { type: 'string' },
    ...buckets,
    total: amount,
  },
} as const;

export const agingDocumentOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    resource: { type: 'string' },
    codDoc: { type: 'string' },
    documentType: { type: 'string' },
    numero: { type: 'string' },
    fechaEmision: { type: 'string' },
    dueDate: { type: 'string' },
    daysOverdue: { type: 'integer' },
    bucket: { type: 'string' },
    bucketLabel: { type: 'string' },
    importeTotal: amount,
    saldo: amount,
    razonSocial: { type: 'string' },
  },
} as const;

export const counterpartParams = { type: 'object', required: ['counterpart'], additionalProperties: false, properties: { counterpart: { type: 'string', format: 'uuid' } } } as const;

export const statementQuery = {
  type: 'object',
  properties: {
    from: { ...date, description: 'Inicio del periodo (por defecto, el primer día de hace dos meses)' },
    to: { ...date, description: 'Fin del periodo (por defecto, hoy)' },
    format: { type: 'string', enum: ['json', 'pdf'] },
    download: { type: 'boolean' },
  },
} as const;

export const statementEmailQuery = { type: 'object', properties: { from: statementQuery.properties.from, to: statementQuery.properties.to } } as const;
export const statementEmailBody = { type: ['object', 'null'], properties: { to: { type: 'string', format: 'email', maxLength: 254 } } } as const;

const line = {
  type: 'object',
  properties: {
    fecha: { type: 'string' },
    kind: { type: 'string', enum: ['documento', 'nota_credito', 'retencion', 'pago'] },
    documentType: { type: 'string' },
    numero: { type: 'string' },
    detalle: { type: 'string' },
    cargo: amount,
    abono: amount,
    saldo: amount,
    documentId: { type: 'string' },
    resource: { type: 'string' },
  },
} as const;

export const statementOut = {
  type: 'object',
  properties: {
    customer: {
      type: 'object',
      properties: { _id: { type: 'string' }, razonSocial: { type: 'string' }, identificacion: { type: 'string' }, tipoIdentificacion: { type: 'string' }, email: text, direccion: text, telefono: text },
    },
    from: { type: 'string' },
    to: { type: 'string' },
    openingBalance: amount,
    lines: { type: 'array', items: line },
    totals: { type: 'object', properties: { cargos: amount, abonos: amount } },
    closingBalance: amount,
    openDocuments: { type: 'array', items: agingDocumentOut },
  },
} as const;
