/**
 * Which columns a CSV holds (DESIGN.md §9 "CSV"): an export has the list's columns (list.json
 * `columns`, headed by their Spanish titles); a list that imports (`"import": true`) also exports
 * the other writable properties of its schema, so the file it exports is a file it can import.
 * An import header names a property by its key, its schema title or its list title (case and
 * accents ignored): "Código", "codigoPrincipal" and "CODIGO PRINCIPAL" are the same column.
 */
import type { SchemaEntry, SchemaRegistry } from '../../schemas/registry.ts';
import type { JsonSchema } from '../resources/schema-values.ts';
import { foldText } from '../../../core/fold-text.ts';

export interface CsvColumn {
  /** Property of a list row. */
  field: string;
  /** Header cell (Spanish title). */
  title: string;
  /** list.json format (`money`, `date`, `boolean`…), if any. */
  format?: string;
}

export interface ListSettings {
  columns?: Array<{ field: string; title?: string; format?: string }>;
  /**
   * Columns the export adds after the list's own (the screen does not show them): the facturas'
   * identification, clave de acceso, bases per IVA rate and IVA, for the accountant.
   */
  exportColumns?: Array<{ field: string; title?: string; format?: string }>;
  /** Products and customers: the list offers "Importar CSV" (POST /api/<name>/import). */
  import?: boolean;
}

const PLAIN_TYPES = ['string', 'number', 'integer', 'boolean'];

const propertiesOf = (entry: SchemaEntry) => ((entry.schema as JsonSchema).properties ?? {}) as Record<string, JsonSchema & { default?: unknown }>;

export const listSettings = (entry: SchemaEntry) => entry.list as ListSettings;

/** The schema's properties a client may write (what an import fills), in schema order. */
export function writableFields(entry: SchemaEntry): CsvColumn[] {
  return Object.entries(propertiesOf(entry))
    .filter(([key, prop]) => key !== '_id' && !prop.readOnly)
    .map(([field, prop]) => ({ field, title: prop.title ?? field }));
}

/**
 * The export columns of a list: list.json's (or, as the list screen does, the schema's first five
 * plain properties), then its `exportColumns` (appended, so a client reading the old columns by
 * position still finds them), then for an importable list every other writable property.
 */
export function exportColumns(entry: SchemaEntry): CsvColumn[] {
  const props = propertiesOf(entry);
  const extra = (listSettings(entry).exportColumns ?? []).map((c) => ({ field: c.field, title: c.title ?? props[c.field]?.title ?? c.field, ...(c.format ? { format: c.format } : {}) }));
  const declared = listSettings(entry).columns ? [...listSettings(entry).columns!, ...extra] : undefined;
  const columns: CsvColumn[] = declared
    ? declared.map((c) => ({ field: c.field, title: c.title ?? props[c.field]?.title ?? c.field, ...(c.format ? { format: c.format } : {}) }))
    : Object.entries(props)
        .filter(([k, p]) => k !== '_id' && PLAIN_TYPES.includes(String(p.type)))
        .slice(0, 5)
        .map(([field, p]) => ({ field, title: p.title ?? field }))
        .concat(extra);
  if (!listSettings(entry).import) return columns;
  const shown = new Set(columns.map((c) => c.field));
  return [...columns, ...writableFields(entry).filter((c) => !shown.has(c.field))];
}

/** Columns for a list with no schema: the scalar properties its response schema declares. */
export function columnsFromItemSchema(item: JsonSchema | undefined): CsvColumn[] {
  return Object.entries(item?.properties ?? {})
    .filter(([, p]) => [p.type].flat().some((t) => PLAIN_TYPES.includes(String(t))))
    .map(([field]) => ({ field, title: field }));
}

/** Case-, accent- and space-insensitive form of a header cell. */
export const headerKey = (text: string) =>
  foldText(text)
    .replace(/\s+/g, ' ')
    .trim();

/** header key -> property, for every name an import header may use (key, schema title, list title). */
export function headerNames(entry: SchemaEntry): Map<string, string> {
  const names = new Map<string, string>();
  const fields = new Set(writableFields(entry).map((f) => f.field));
  // Later names do not override earlier ones: a property key always wins over another's title.
  const add = (name: string | undefined, field: string) => {
    if (name && fields.has(field) && !names.has(headerKey(name))) names.set(headerKey(name), field);
  };
  for (const f of writableFields(entry)) add(f.field, f.field);
  for (const f of writableFields(entry)) add(f.title, f.field);
  for (const c of listSettings(entry).columns ?? []) add(c.title, c.field);
  return names;
}

/**
 * The schema whose list an API path serves, by the same rule the front end uses to find a schema's
 * path: `x-api` (placeholders match any segment), `/api/record/<name>` for record storage, else
 * `/api/<x-resource | name>`.
 * @example schemaForPath(registry, '/api/admin/table/forma_pago/catalog')?.name // 'catalog'
 */
export function schemaForPath(registry: SchemaRegistry, path: string): SchemaEntry | undefined {
  return registry.all().find((entry) => {
    const s = entry.schema as { 'x-api'?: string; 'x-storage'?: string; 'x-resource'?: string };
    const template = s['x-api'] ?? (s['x-storage'] === 'record' ? `/api/record/${entry.name}` : `/api/${s['x-resource'] ?? entry.name}`);
    const pattern = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
}
