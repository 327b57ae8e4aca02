/**
 * list.json options read by the list renderers beyond the engine's ListConfig: which rows may be
 * deleted, a status column's message line and reference filters. Plain data, so a schema (or a
 * deployment's override) turns them on without code.
 * @example
 * { "deletableWhen": { "status": "BORRADOR" },
 *   "columns": [{ "field": "status", "format": "status", "message": { "field": "mensajes", "when": ["DEVUELTA", "NO_AUTORIZADA"] } }],
 *   "filters": [{ "field": "customer", "title": "Cliente", "type": "ref", "resource": "customer" }] }
 */
import type { ListColumn, ListConfig, ListFilter } from '../../engine/schema-registry.ts';
import type { Row } from '../../engine/resources.ts';

/** `{field: value}` or `{field: [values]}`: every field must hold (one of) its value(s). */
export type RowCondition = Record<string, string | string[]>;

export interface ColumnMessage {
  /** Row field holding SRI-style messages: `[{identificador, mensaje, informacionAdicional?}]`. */
  field: string;
  /** Show it only when the column's value is one of these (e.g. DEVUELTA, NO_AUTORIZADA). */
  when?: string[];
}

export type ColumnSpec = ListColumn & { message?: ColumnMessage };

/** A filter whose value is another record's `_id`, chosen by searching `/api/<resource>`. */
export type RefFilterSpec = Omit<ListFilter, 'type'> & { type: 'ref'; resource: string };
export type FilterSpec = ListFilter | RefFilterSpec;

export type ListOptions = ListConfig & { deletableWhen?: RowCondition; columns?: ColumnSpec[]; filters?: FilterSpec[] };

/** True when `row` meets `condition`; a missing condition allows every row. */
export function rowMatches(condition: RowCondition | undefined, row: Row): boolean {
  if (!condition) return true;
  return Object.entries(condition).every(([field, expected]) => (Array.isArray(expected) ? expected : [expected]).includes(String(row[field] ?? '')));
}

/**
 * The first message of `col.message.field` as `[identificador] mensaje`, when the column's value is
 * one of `col.message.when`; otherwise null.
 */
export function columnMessage(col: ColumnSpec, row: Row): string | null {
  const m = col.message;
  if (!m || (m.when && !m.when.includes(String(row[col.field] ?? '')))) return null;
  const list = row[m.field];
  const first = Array.isArray(list) ? (list[0] as { identificador?: unknown; mensaje?: unknown } | undefined) : undefined;
  if (!first?.mensaje) return null;
  return `${first.identificador ? `[${String(first.identificador)}] ` : ''}${String(first.mensaje)}`;
}
