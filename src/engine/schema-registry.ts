/**
 * Schemas for screens: the bundled copies in src/schemas (always available) and the server's
 * effective ones (`GET /api/admin/schema/`, bundled + SCHEMAS_DIR), which win once they load.
 * Also answers the questions every screen asks of a schema: its API path, the field that names a
 * record, and whether it is a page of its own (a custom renderer with no resource behind it).
 * @example const entry = useSchema('product'); apiPathOf(entry) // '/api/product'
 */
import useSWR from 'swr';
import { request } from './api-client.ts';
import { useRevision } from './revisions.ts';
import { earlyOptions, peekEarly, takeEarly, useEarlyAnswer } from './early-requests.ts';
import { labelFieldOf as coreLabelFieldOf } from '../../core/schema-label.ts';
import { SCHEMAS_PATH } from './first-screen-paths.ts';

export interface JsonSchema {
  $schema?: string;
  title?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  readOnly?: boolean;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  description?: string;
  minimum?: number;
  'x-catalog'?: string;
  'x-ref'?: string;
  'x-location'?: boolean;
  'x-money'?: boolean;
  'x-decimals'?: number;
  'x-renderer'?: string;
  'x-resource'?: string;
  /** The role-permission resource guarding the records when it is not `x-resource` (the notas: 'invoice'). */
  'x-permission'?: string;
  'x-storage'?: string;
  'x-api'?: string;
  'x-update-method'?: 'PUT' | 'PATCH';
  [key: string]: unknown;
}

export interface ListColumn {
  field: string;
  title?: string;
  sortable?: boolean;
  /** `yes-no`: a boolean as a green "Sí" / grey "No" badge (a received document's Retenido). */
  format?: 'money' | 'date' | 'datetime' | 'status' | 'payment-status' | 'catalog' | 'boolean' | 'yes-no' | 'text' | 'flag';
  /**
   * `flag`: a badge per value (`"true"`, `"false"` or any string value), e.g. a received document's
   * `confirmado: false` as an orange "Sin confirmar con el SRI"; a value without an entry shows nothing.
   */
  flags?: Record<string, { label: string; color: string }>;
  /** Table name for `format: 'catalog'`. */
  catalog?: string;
  /**
   * Most decimals a `money` cell shows (at least 2). Default: the property's `x-decimals` in the
   * schema (6 for `precioUnitario`, factura 1.1.0), else 2, so $ 0.091234 is not shown as $ 0.09.
   */
  decimals?: number;
  align?: 'left' | 'right' | 'center';
  /** A message line under the cell, e.g. the SRI's first message under a DEVUELTA status. */
  message?: ColumnMessage;
}

export interface ColumnMessage {
  /** Row field holding SRI-style messages: `[{identificador, mensaje, informacionAdicional?}]`. */
  field: string;
  /** Show it only when the column's value is one of these (e.g. DEVUELTA, NO_AUTORIZADA). */
  when?: string[];
}

/** `{field: value}` or `{field: [values]}`: every field must hold (one of) its value(s). */
export type RowCondition = Record<string, string | string[]>;

export interface ListFilter {
  field: string;
  title: string;
  /**
   * `date-range` sends `from` and `to`; the others send `field`. `ref` searches `/api/<resource>`;
   * `month` sends 'YYYY-MM' (a book's period); `text` sends what is typed (e.g. a ptoEmi '001').
   */
  type: 'status' | 'date-range' | 'select' | 'ref' | 'month' | 'text' | 'date';
  options?: Array<{ value: string; label: string }>;
  /** For `type: 'ref'`: the resource whose record `_id` is the value. */
  resource?: string;
  /** For `type: 'text'`: what the value must match to be sent, and the hint shown. */
  pattern?: string;
  placeholder?: string;
}

export interface ListConfig {
  /** Heading; `{param}` placeholders take the route's parameters (e.g. `Catálogo: {table}`). */
  title?: string;
  columns?: ListColumn[];
  defaultSort?: string;
  searchable?: string[];
  filters?: ListFilter[];
  labelField?: string;
  /** `staff`: only platform staff change these records; everyone else reads them. */
  access?: 'staff';
  /** Records that own a list of another schema, mounted at `<base>/<_id>/<schema>` (e.g. a table's catalog). */
  nested?: { schema: string; param: string; label: string };
  /** Rows that may be deleted (e.g. `{ "status": "BORRADOR" }`); default every row. */
  deletableWhen?: RowCondition;
  /** The list offers "Importar CSV" (`POST <api path>/import`; the server needs a natural key). */
  import?: boolean;
  /**
   * A footer row with the server's sums over every row (`x-totals`), not only the page: `label` in
   * the first column, each of `fields` under its column (e.g. the aging reports' buckets).
   */
  totals?: { label: string; fields: string[] };
  /** Named extra toolbar actions (src/renderers/list/list-actions.ts), e.g. `["copy-from-customers"]`. */
  actions?: string[];
  /**
   * Actions on the selected rows (src/renderers/list/list-actions.ts `registerBulkAction`): the
   * rows matching an action's `when` get a checkbox, and the toolbar offers the action with them,
   * e.g. `[{ "name": "issue-batch", "when": { "status": "BORRADOR" } }]` ("Emitir seleccionados").
   */
  bulkActions?: Array<{ name: string; when?: RowCondition }>;
  /**
   * A row opens another resource's record instead of this list's form (a book's row opens its
   * factura): the resource is the row's `resourceField` or the fixed `resource`, the id its
   * `idField` (default `_id`); the route is the one the menu mounts for that resource.
   */
  rowLink?: { resourceField?: string; resource?: string; idField?: string };
  /** The list also offers "Exportar Excel" (`<api path>/export?format=xlsx`). */
  xlsx?: boolean;
  /** The list also offers "CSV para Excel" (`?format=excel-es`: `;`, decimal commas, dd/mm/aaaa). */
  excelCsv?: boolean;
  /** Columns only the export carries, after the list's (server/domain/csv/csv-columns.ts). */
  exportColumns?: Array<{ field: string; title?: string; format?: string }>;
  /** A report: no "Nuevo" and no delete, whatever the role may do with its permission. */
  readOnly?: boolean;
  /**
   * Which columns a row's card shows on a phone (below the `md` breakpoint, 768 px), by field
   * name; a slot left out is chosen from the columns (list/list-options.ts `cardOf`), e.g.
   * `{ "title": "numero", "subtitle": "razonSocialComprador", "badge": "status", "amount": "importeTotal" }`.
   */
  card?: CardConfig;
}

/** The slots of a list row's phone card, each a column's field name. */
export interface CardConfig {
  title?: string;
  subtitle?: string;
  badge?: string;
  amount?: string;
  meta?: string;
}

export interface SchemaEntry {
  name: string;
  schema: JsonSchema;
  ui: Record<string, unknown>;
  list: ListConfig;
}

const files = import.meta.glob('../schemas/*/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

/** src/schemas/<name>/{schema,ui,list}.json -> entries. */
export const BUNDLED: Record<string, SchemaEntry> = (() => {
  const out: Record<string, SchemaEntry> = {};
  for (const [file, content] of Object.entries(files)) {
    const m = /schemas\/([^/]+)\/(schema|ui|list)\.json$/.exec(file);
    if (!m) continue;
    const entry = (out[m[1]] ??= { name: m[1], schema: {}, ui: {}, list: {} });
    if (m[2] === 'schema') entry.schema = content as JsonSchema;
    else if (m[2] === 'ui') entry.ui = content as Record<string, unknown>;
    else entry.list = content as ListConfig;
  }
  return out;
})();

/** Where the effective schemas come from (first-screen-paths.ts); `invalidate(SCHEMAS_PATH)` reloads it. */
export { SCHEMAS_PATH };

/** `GET /api/admin/schema/` as such (loadEffectiveSchemas merges it over the bundled copy). */
export const requestSchemas = () => request<SchemaEntry[]>({ path: SCHEMAS_PATH, kind: 'menu' });

/** The latest effective schemas, for code outside React (save, delete). */
let effective: Record<string, SchemaEntry> = BUNDLED;

/** The server's entries over the bundled copy; undefined when the answer is not a list of entries. */
const mergedOf = ({ data }: Awaited<ReturnType<typeof requestSchemas>>): Record<string, SchemaEntry> | undefined =>
  Array.isArray(data) ? { ...BUNDLED, ...Object.fromEntries(data.map((e) => [e.name, { ...e, ui: e.ui ?? {}, list: e.list ?? {} }])) } : undefined;

export async function loadEffectiveSchemas(): Promise<Record<string, SchemaEntry>> {
  try {
    // Already asked for when a signed-in deep link started the app (engine/first-screen.ts).
    effective = mergedOf(await (takeEarly<Awaited<ReturnType<typeof requestSchemas>>>(SCHEMAS_PATH) ?? requestSchemas())) ?? effective;
  } catch {
    // The bundled copy keeps every screen working when the server cannot say more.
  }
  return effective;
}

/** All effective schemas (the server's, or the bundled copy while loading or on failure). */
export function useSchemas(enabled = true): Record<string, SchemaEntry> {
  // invalidate(SCHEMAS_PATH) (a company changed a screen) loads them again; meanwhile the last ones serve.
  const revision = useRevision(SCHEMAS_PATH);
  // A deep link's schemas that already arrived (first-screen.ts) draw at once.
  const early = enabled ? peekEarly(SCHEMAS_PATH, mergedOf) : undefined;
  const { data, mutate } = useSWR(enabled ? ['schemas', revision] : null, loadEffectiveSchemas, { revalidateOnFocus: false, ...earlyOptions(early) });
  useEarlyAnswer(SCHEMAS_PATH, early, (schemas: Record<string, SchemaEntry>, opts: { revalidate: boolean }) => {
    effective = schemas;
    return mutate(schemas, opts);
  });
  return data ?? effective;
}

/** @example const entry = useSchema('customer'); */
export function useSchema(name: string): SchemaEntry | undefined {
  return useSchemas()[name];
}

/** Outside React: the effective entry of a schema, if any. */
export function schemaNamed(name: string): SchemaEntry | undefined {
  return effective[name];
}

/**
 * The API path of a schema's records: `x-api` (with `{param}` placeholders filled from
 * `apiParams`), else `/api/record/<name>` for `x-storage: "record"`, else `/api/<x-resource | name>`.
 * @throws when a placeholder has no value, naming it.
 */
export function apiPathOf(entry: SchemaEntry, apiParams: Record<string, string> = {}): string {
  const s = entry.schema;
  const template = s['x-api'] ?? (s['x-storage'] === 'record' ? `/api/record/${entry.name}` : `/api/${s['x-resource'] ?? entry.name}`);
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = apiParams[key];
    if (value === undefined || value === '') throw new Error(`El esquema "${entry.name}" necesita el parámetro "${key}" para su ruta de API (${template})`);
    return encodeURIComponent(value);
  });
}

/** The API path of a resource named by its schema (or `/api/<resource>` when no schema has that name). */
export function resolveApiPath(p: { resource: string; apiParams?: Record<string, string>; schemas?: Record<string, SchemaEntry> }): string {
  const entry = (p.schemas ?? effective)[p.resource];
  return entry ? apiPathOf(entry, p.apiParams) : `/api/${p.resource}`;
}

/**
 * The permission resource of a schema (the CurrentUser.permissions key): `x-permission`, `record`
 * for record storage, else `x-resource`, else its name.
 */
export function permissionOf(entry: SchemaEntry): string {
  // Schema-only resources are all guarded by the server's `record` permission, whatever their name.
  if (entry.schema['x-permission']) return entry.schema['x-permission'];
  return entry.schema['x-storage'] === 'record' ? 'record' : (entry.schema['x-resource'] ?? entry.name);
}

/** A custom renderer with no records behind it (the dashboard) is one page, not a list and a form. */
export function isPageSchema(entry: SchemaEntry): boolean {
  const s = entry.schema;
  return Boolean(s['x-renderer']) && !s['x-resource'] && !s['x-api'] && !s['x-storage'];
}

/** The field that names a record in lookups and titles (core/schema-label.ts). */
export function labelFieldOf(entry: SchemaEntry): string {
  return coreLabelFieldOf(entry);
}
