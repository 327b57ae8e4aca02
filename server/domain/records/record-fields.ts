/**
 * Which fields of a schema-only resource are searched, sorted on and referenced, and the SQL
 * expression that reads one from `record.data`. The list, the indexes and the in-use checks all
 * ask here, so an index exists for exactly what a query can use.
 */
import { sql, type SQL } from 'drizzle-orm';
import { records } from '../../db/schema/index-tables.ts';
import type { SchemaEntry } from '../../schemas/registry.ts';
import type { JsonSchema } from '../resources/schema-values.ts';

type ListConfig = { searchable?: string[]; defaultSort?: string; columns?: Array<{ field: string; sortable?: boolean }> };

const hasType = (p: JsonSchema, types: string[]) => types.some((t) => (Array.isArray(p.type) ? p.type.includes(t) : p.type === t));
export const isScalar = (p: JsonSchema) => hasType(p, ['string', 'number', 'integer', 'boolean']);
export const isNumeric = (p: JsonSchema) => hasType(p, ['number', 'integer']);

const propertiesOf = (entry: SchemaEntry) => ((entry.schema as JsonSchema).properties ?? {}) as Record<string, JsonSchema>;
const stored = (name: string, p: JsonSchema) => name !== '_id' && !p.readOnly;

/** Fields `q` searches: list.json `searchable`, else every stored string property. */
export function searchableFields(entry: SchemaEntry): string[] {
  const declared = (entry.list as ListConfig).searchable;
  if (declared) return declared;
  return Object.entries(propertiesOf(entry))
    .filter(([k, p]) => stored(k, p) && hasType(p, ['string']))
    .map(([k]) => k);
}

/**
 * Fields `sort` accepts (besides createdAt): list.json columns marked `sortable` and the
 * `defaultSort` field; without columns in list.json (the list shows default columns, all sortable),
 * every stored scalar property. Non-scalar properties never sort.
 */
export function sortableFields(entry: SchemaEntry): string[] {
  const props = propertiesOf(entry);
  const list = entry.list as ListConfig;
  const names = list.columns
    ? [...list.columns.filter((c) => c.sortable).map((c) => c.field), ...(list.defaultSort ? [list.defaultSort.replace(/^-/, '')] : [])]
    : Object.keys(props).filter((k) => stored(k, props[k]));
  return [...new Set(names)].filter((k) => props[k] && isScalar(props[k]));
}

/** Top-level `x-ref` fields (a vehículo's `cliente`): equality lookups when the target is deleted. */
export function refFields(entry: SchemaEntry): string[] {
  return Object.entries(propertiesOf(entry))
    .filter(([, p]) => typeof p['x-ref'] === 'string' && hasType(p, ['string']))
    .map(([k]) => k);
}

/** A property name as an SQL string literal, so a query's expression is the index's expression. */
export const jsonKey = (name: string) => sql.raw(`'${name.replace(/'/g, "''")}'`);

/** `data->>'name'`, cast to numeric for number properties (so 10 sorts after 9). */
export function fieldExpr(name: string, prop: JsonSchema): SQL {
  return isNumeric(prop) ? sql`((${records.data}->>${jsonKey(name)})::numeric)` : sql`(${records.data}->>${jsonKey(name)})`;
}
