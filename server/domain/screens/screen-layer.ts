/**
 * A company's layer over one screen (DESIGN.md §13): the deployment's patch.json vocabulary
 * (`addProperties`, `required`, `titles`, `hide`, `order`, `columns`, `filters`), plus, for a
 * schema-only screen the company creates (a record screen), its `title` and `menu` entry. Stored
 * per company and version in `screen_layer`; merged over built-in <- deployment by
 * merge-company-layer.ts. This module holds the vocabulary, the limits and which screens a
 * company may change.
 */
import { COMPROBANTE_TYPE_META } from '../../../core/comprobante-types.ts';
import type { SchemaEntry } from '../../schemas/registry.ts';

export interface ScreenLayer {
  addProperties?: Record<string, Record<string, unknown>>;
  required?: string[];
  titles?: Record<string, string>;
  hide?: string[];
  order?: string[];
  columns?: Array<Record<string, unknown>>;
  filters?: Array<Record<string, unknown>>;
  /** Record screens the company creates: the screen's title (the schema's `title`). */
  title?: string;
  /** Record screens the company creates: its entry in the menu, under an existing group. */
  menu?: { title: string; group: string };
}

/** The keys a layer may have; `title` and `menu` only on a screen the company created. */
export const LAYER_KEYS = ['addProperties', 'required', 'titles', 'hide', 'order', 'columns', 'filters', 'title', 'menu'] as const;

/** Documented limits (docs/how-to-add-a-screen.md, "Límites"): what one company's layer may hold. */
export const SCREEN_LIMITS = {
  /** Fields a company adds to one screen. */
  fieldsPerScreen: 30,
  /** The layer as JSON, bytes (UTF-8): the "schema size". */
  layerBytes: 32 * 1024,
  /** A field's or a screen's title, characters (the SRI's campoAdicional `nombre` allows 300). */
  title: 100,
  /** A field's help text, characters. */
  help: 300,
  /** Options of a "one of a list" field, and characters per option. */
  options: 100,
  optionLength: 300,
  /** Characters of a text field (its `maxLength`) on a master-data or record screen. */
  textLength: 2000,
  /** Screens (record screens) one company creates. */
  recordScreens: 20,
} as const;

/**
 * SRI, every comprobante XSD (factura_V1.1.0.xsd … ComprobanteRetencion_V2.0.0.xsd): at most 15
 * `campoAdicional`, `nombre` and value 1–300 characters each, no line breaks (SRI.md "Types").
 */
export const INFO_ADICIONAL = { maxEntries: 15, maxLength: 300 } as const;

/** Menu groups a company's record screen may go in (server/db/seed/menu.ts ids). */
export const MENU_GROUPS: Record<string, string> = { invoicing: 'Facturación', purchases: 'Compras' };

/** Built-in master-data screens a company may extend (besides every record screen of the deployment). */
const MASTER_DATA = ['product', 'customer', 'establishment'];

/** The comprobante screens (their schema names), from core's type list. */
export const COMPROBANTE_RESOURCES: ReadonlySet<string> = new Set(Object.values(COMPROBANTE_TYPE_META).map((m) => m.resource));

export type ScreenKind = 'comprobante' | 'master' | 'record';

/**
 * Whether a company may change the screen `resource` and how: a comprobante type, a master-data
 * screen (products, customers, establishments, and every `x-storage: "record"` schema of the
 * product or the deployment: suppliers, carriers…), or a record screen of its own (no base).
 * null: not a screen a company changes (users, the company form, catalogs, the dashboard,
 * received documents).
 */
export function screenKind(resource: string, base: SchemaEntry | undefined): ScreenKind | null {
  if (!base) return 'record';
  if (COMPROBANTE_RESOURCES.has(resource)) return 'comprobante';
  const storage = (base.schema as { 'x-storage'?: string })['x-storage'];
  if (MASTER_DATA.includes(resource) || storage === 'record') return 'master';
  return null;
}

/**
 * Keys every API view of a row has besides its schema's properties (comprobante-view.ts,
 * crud.ts, the types' viewFields, the payments and annulment additions): a field of that name
 * would be shadowed in the answer, so a company field may not take one.
 */
export const VIEW_KEYS: ReadonlySet<string> = new Set([
  '_id', 'id', 'createdAt', 'updatedAt', 'extra', 'companyId',
  'numero', 'status', 'secuencial', 'claveAcceso', 'ambiente', 'numeroAutorizacion', 'fechaAutorizacion', 'mensajes',
  'emailedAt', 'issuedAt', 'estab', 'ptoEmi', 'codDoc', 'customer', 'establishment', 'supplier', 'carrier', 'invoice',
  'razonSocialComprador', 'identificacionComprador', 'totalSinImpuestos', 'totalDescuento', 'totalIva', 'importeTotal',
  'numDocModificado', 'detalles', 'pagos', 'infoAdicional', 'totalConImpuestos', 'propina', 'annulment', 'saldo',
  'paymentStatus', 'payments', 'confirmado', 'sriEstado', 'hasLogo',
]);

/** Names that would reach Object.prototype when used as a key. */
export const UNSAFE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A company field's name: a JavaScript-style identifier, stored as a key of the row's `extra`. */
export const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,39}$/;
