/**
 * What the list renderers make of list.json's row options (types in the engine's ListConfig):
 * which rows may be deleted, a status column's message line, and the columns of a schema with
 * their money decimals. Plain data, so a schema (or a deployment's override) turns them on.
 * @example
 * { "deletableWhen": { "status": "BORRADOR" },
 *   "columns": [{ "field": "status", "format": "status", "message": { "field": "mensajes", "when": ["DEVUELTA", "NO_AUTORIZADA"] } }],
 *   "filters": [{ "field": "customer", "title": "Cliente", "type": "ref", "resource": "customer" }] }
 */
import type { ListColumn, RowCondition, SchemaEntry } from '../../engine/schema-registry.ts';
import type { Row } from '../../engine/resources.ts';

/** True when `row` meets `condition`; a missing condition allows every row. */
export function rowMatches(condition: RowCondition | undefined, row: Row): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([field, expected]) => (Array.isArray(expected) ? expected : [expected]).includes(String(row[field] ?? '')));
}

/**
 * The first message of `col.message.field` as `[identificador] mensaje`, when the column's value is
 * one of `col.message.when`; otherwise null.
 */
export function columnMessage(col: ListColumn, row: Row): string | null {
  const m = col.message;
  if (!m || (m.when && !m.when.includes(String(row[col.field] ?? '')))) return null;
  const list = row[m.field];
  const first = Array.isArray(list) ? (list[0] as { identificador?: unknown; mensaje?: unknown } | undefined) : undefined;
  if (!first?.mensaje) return null;
  return `${first.identificador ? `[${String(first.identificador)}] ` : ''}${String(first.mensaje)}`;
}

/**
 * The list's columns: list.json's, or the schema's first five plain properties; a money column
 * shows as many decimals as its property's `x-decimals` unless list.json says otherwise.
 */
export function columnsOf(entry: SchemaEntry): ListColumn[] {
  const props = entry.schema.properties ?? {};
  const columns: ListColumn[] =
    entry.list.columns ??
    Object.entries(props)
      .filter(([k, p]) => k !== '_id' && ['string', 'number', 'integer', 'boolean'].includes(String(p.type)))
      .slice(0, 5)
      .map(([field, p]) => ({ field, title: p.title ?? field, sortable: true, ...(p['x-money'] ? { format: 'money' as const, align: 'right' as const } : {}) }));
  return columns.map((c) => (c.format === 'money' && c.decimals === undefined && typeof props[c.field]?.['x-decimals'] === 'number' ? { ...c, decimals: props[c.field]['x-decimals'] } : c));
}
