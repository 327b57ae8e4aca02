/**
 * Indexes for schema-only resources, created at start (idempotent) from the effective schemas:
 * - one partial expression btree `(company_id, data->>'field') where resource = '…'` per field a
 *   list can sort on (list.json sortable columns and defaultSort; read backwards for `-field`) and
 *   per top-level `x-ref` field (the in-use check when the referenced record is deleted);
 * - when the database has the pg_trgm extension, one partial GIN trigram index per searchable field,
 *   which serves `ILIKE '%q%'`. Without it, search is a scan of the company's rows of that resource,
 *   bounded by the table's `(company_id, resource, created_at)` index. Measured with 100,000 vehículos
 *   in each of two companies, count of a selective search: PostgreSQL 180 ms scan vs 5 ms trigram,
 *   PGlite 530 ms vs 7 ms. pg_trgm ships with PostgreSQL (trusted since 13) and with PGlite as
 *   `@electric-sql/pglite/contrib/pg_trgm`, loaded when the client is built; creating the extension
 *   is the database setup's job, not this function's.
 * Nothing else is indexed: `_id` is the primary key, and a btree cannot serve a substring search.
 *
 * Indexes this function made for fields no longer sorted, referenced or searched are dropped, so
 * editing list.json leaves no dead index behind. Index names carry a hash of (resource, field,
 * kind): PostgreSQL truncates identifiers at 63 bytes, and two long names must not collide.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import type { JsonSchema } from '../resources/schema-values.ts';
import { isNumeric, refFields, searchableFields, sortableFields } from './record-fields.ts';
import { queryRows as rowsOf } from '../../db/query-rows.ts';

const PREFIX = 'rx_';
/** What the first version of this function created (one per scalar property); dropped when unwanted. */
const LEGACY = /^record_.+_idx$/;
const DRIZZLE_INDEXES = new Set(['record_company_resource_created_idx']);

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The index name for (resource, field, kind): readable prefix, hash for uniqueness, at most 63 bytes. */
export function recordIndexName(resource: string, field: string, kind: 'btree' | 'trgm' = 'btree'): string {
  const hash = createHash('sha1').update(`${resource}\u0000${field}\u0000${kind}`).digest('hex').slice(0, 8);
  const readable = `${resource}_${field}${kind === 'trgm' ? '_trgm' : ''}`.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 50);
  return `${PREFIX}${readable}_${hash}`;
}

/**
 * The `create index` statements the effective schemas want, by index name.
 * @param opts.trgm whether pg_trgm is installed (adds the trigram indexes for search).
 */
export function wantedRecordIndexes(registry: SchemaRegistry, opts: { trgm: boolean }): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const entry of registry.all()) {
    if ((entry.schema as { 'x-storage'?: string })['x-storage'] !== 'record') continue;
    const props = ((entry.schema as JsonSchema).properties ?? {}) as Record<string, JsonSchema>;
    for (const field of new Set([...sortableFields(entry), ...refFields(entry)])) {
      const name = recordIndexName(entry.name, field);
      const value = `(data->>${literal(field)})`;
      const expr = isNumeric(props[field]) ? `(${value}::numeric)` : value;
      wanted.set(name, `create index if not exists ${ident(name)} on record (company_id, ${expr}) where resource = ${literal(entry.name)}`);
    }
    if (!opts.trgm) continue;
    for (const field of searchableFields(entry)) {
      if (!props[field]) continue;
      const name = recordIndexName(entry.name, field, 'trgm');
      wanted.set(name, `create index if not exists ${ident(name)} on record using gin ((data->>${literal(field)}) gin_trgm_ops) where resource = ${literal(entry.name)}`);
    }
  }
  return wanted;
}


const errorCode = (err: unknown) => (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;

/**
 * Create the wanted indexes and drop the ones this function made that are no longer wanted.
 * Another API node starting at the same time may create the same index: that race is ignored. An
 * index that cannot be built (e.g. a field whose stored values do not cast to numeric after a schema
 * change) is reported with console.warn and skipped: lists stay correct, only slower.
 */
export async function ensureRecordIndexes(db: Db, registry: SchemaRegistry): Promise<void> {
  const trgm = (await rowsOf<{ n: number }>(db, sql`select 1 as n from pg_extension where extname = 'pg_trgm'`)).length > 0;
  const wanted = wantedRecordIndexes(registry, { trgm });
  const rows = await rowsOf<{ indexname: string; indexdef: string }>(db, sql`select indexname, indexdef from pg_indexes where tablename = 'record' and schemaname = current_schema()`);
  for (const { indexname, indexdef } of rows) {
    // Legacy ones are recognised by name *and* shape (partial on one resource), so an index the
    // migrations add to this table is never taken for one of ours.
    const legacy = LEGACY.test(indexname) && !DRIZZLE_INDEXES.has(indexname) && /WHERE \(\(resource\)::text = '/.test(indexdef);
    const ours = indexname.startsWith(PREFIX) || legacy;
    if (ours && !wanted.has(indexname)) await db.execute(sql.raw(`drop index if exists ${ident(indexname)}`));
  }
  const have = new Set(rows.map((r) => r.indexname));
  for (const [name, statement] of wanted) {
    if (have.has(name)) continue;
    try {
      await db.execute(sql.raw(statement));
    } catch (err) {
      // 42P07: created meanwhile by another node; 23505: the same race seen in pg_class.
      if (errorCode(err) === '42P07' || errorCode(err) === '23505') continue;
      console.warn(`Índice ${name} no creado: ${(err as Error).message}`);
    }
  }
}
