/** Request and response schemas of `/api/reports/*` (DESIGN.md §11); what they do not list never leaves. */
import { ATS_SETTINGS_HELP } from '../../../core/ats-settings.ts';
import { PERIOD_PATTERN } from '../../domain/reports/period.ts';

export const periodQuery = {
  type: 'object',
  required: ['period'],
  additionalProperties: false,
  properties: { period: { type: 'string', pattern: PERIOD_PATTERN, description: 'Mes AAAA-MM' } },
} as const;

export const atsQuery = {
  type: 'object',
  required: ['period'],
  additionalProperties: false,
  properties: { period: periodQuery.properties.period, zip: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1: el XML dentro de un zip' } },
} as const;

const problem = {
  type: 'object',
  required: ['code', 'message', 'severity'],
  properties: { code: { type: 'string' }, message: { type: 'string' }, severity: { type: 'string', enum: ['error', 'warning'] }, resource: { type: 'string' }, _id: { type: 'string' } },
} as const;

export const archiveQuery = {
  type: 'object',
  required: ['period'],
  additionalProperties: false,
  properties: { period: periodQuery.properties.period, ride: { type: 'string', enum: ['0', '1'], description: '0: solo los XML, sin los RIDE' } },
} as const;

export const checkOut = {
  type: 'object',
  required: ['period', 'ready', 'problems', 'totals'],
  properties: {
    period: { type: 'string' },
    ready: { type: 'boolean' },
    problems: { type: 'array', items: problem },
    totals: { type: 'object', properties: { compras: { type: 'integer' }, ventas: { type: 'integer' }, anulados: { type: 'integer' } } },
  },
} as const;

const casillero = {
  type: 'object',
  required: ['codigo', 'label', 'section', 'valor', 'documents'],
  properties: { codigo: { type: 'string' }, label: { type: 'string' }, section: { type: 'string' }, valor: { type: 'number' }, documents: { type: 'integer' } },
} as const;

export const formOut = {
  type: 'object',
  required: ['period', 'form', 'casilleros'],
  properties: { period: { type: 'string' }, form: { type: 'string' }, casilleros: { type: 'array', items: casillero } },
} as const;

export const casilleroParams = { type: 'object', required: ['codigo'], additionalProperties: false, properties: { codigo: { type: 'string', pattern: '^[0-9]{3,4}$' } } } as const;

export const casilleroOut = {
  type: 'object',
  properties: {
    period: { type: 'string' },
    form: { type: 'string' },
    casillero,
    documents: {
      type: 'array',
      items: {
        type: 'object',
        properties: { resource: { type: 'string' }, _id: { type: 'string' }, numero: { type: 'string' }, fechaEmision: { type: 'string' }, identificacion: { type: 'string' }, razonSocial: { type: 'string' }, valor: { type: 'number' } },
      },
    },
  },
} as const;

/** The settings object: each key one of its documented choices. */
export const atsSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ATS_SETTINGS_HELP.map((h) => h.key),
  properties: Object.fromEntries(ATS_SETTINGS_HELP.map((h) => [h.key, { enum: h.choices.map((c) => c.value), description: h.title }])),
} as const;

const money = { type: 'number' } as const;
export const bookRowOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    resource: { type: 'string' },
    codDoc: { type: 'string' },
    tipo: { type: 'string' },
    fechaEmision: { type: 'string' },
    numero: { type: 'string' },
    identificacion: { type: 'string' },
    razonSocial: { type: 'string' },
    base0: money,
    base5: money,
    base15: money,
    baseOtra: money,
    noObjeto: money,
    exenta: money,
    iva: money,
    ice: money,
    total: money,
    retenciones: money,
    claveAcceso: { type: 'string' },
  },
} as const;

export const withholdingRowOut = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    resource: { type: 'string' },
    documentId: { type: 'string' },
    fechaEmision: { type: 'string' },
    numero: { type: 'string' },
    identificacion: { type: 'string' },
    razonSocial: { type: 'string' },
    docSustento: { type: 'string' },
    impuesto: { type: 'string' },
    codigoRetencion: { type: 'string' },
    baseImponible: money,
    porcentajeRetener: money,
    valorRetenido: money,
    claveAcceso: { type: 'string' },
  },
} as const;
