/**
 * The list filters a company puts on its own fields (Configuración > Pantallas, DESIGN.md §13): a
 * filter of the company's layer on one of its fields (one of a list, yes/no, a reference; checked
 * by merge-company-layer.ts) narrows the list to the rows whose stored value (`extra`, or a
 * record's `data`) is the one asked. The query string names it by the field, as the list's own
 * filters (`GET /api/invoice?vendedor=Ana`, `?entregado=true`); a value the field cannot hold
 * matches nothing. Another company's field names are ignored: only the company's merged list
 * filters count. The CSV export runs the list's handler, so it filters alike.
 * @example const extra = extraFilters(registry.get('invoice'), request.query); // [{ field: 'vendedor', value: 'Ana' }]
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SchemaEntry } from '../../schemas/registry.ts';

export interface ExtraFilter {
  /** The company field's name (a key of `extra`). */
  field: string;
  /** The value asked, as text (`true`/`false` for a yes/no). */
  value: string;
}

type Props = Record<string, { 'x-custom'?: boolean } | undefined>;

/** The company-field filters of `entry`'s list that `query` sets (empty values are no filter). */
export function extraFilters(entry: Pick<SchemaEntry, 'schema' | 'list'> | undefined, query: unknown): ExtraFilter[] {
  if (!entry || typeof query !== 'object' || query === null) return [];
  const props = ((entry.schema as { properties?: Props }).properties ?? {}) as Props;
  const filters = ((entry.list as { filters?: Array<{ field?: unknown }> } | undefined)?.filters ?? []).map((f) => f.field).filter((f): f is string => typeof f === 'string');
  const q = query as Record<string, unknown>;
  return filters.filter((field) => props[field]?.['x-custom'] && Object.hasOwn(q, field) && typeof q[field] === 'string' && q[field] !== '').map((field) => ({ field, value: String(q[field]).slice(0, 300) }));
}

/** `column ->> field = value` for each filter (the field name and the value are bound parameters). */
export function extraConditions(column: AnyColumn, filters: ExtraFilter[]): SQL[] {
  return filters.map((f) => sql`(${column} ->> ${f.field}::text) = ${f.value}::text`);
}
