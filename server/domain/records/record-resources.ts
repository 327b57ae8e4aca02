/**
 * Schema-only resources (`"x-storage": "record"`, DESIGN.md §3): rows of the generic `record`
 * table, data in jsonb, with the same list/get/create/PUT/delete API as the built-in resources,
 * company-scoped and validated by the effective schema. Search (`q`, ILIKE '%q%') runs over the
 * fields list.json declares searchable; sort over its sortable columns (record-fields.ts).
 * @throws AppError NOT_FOUND (unknown resource or record), VALIDATION, IN_USE (delete).
 */
import { extraConditions, extraFilters } from '../screens/list-extra-filters.ts';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { records } from '../../db/schema/index-tables.ts';
import type { SchemaEntry, SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, notFound } from '../../errors.ts';
import { likePattern, pageWindow, type ListQuery } from '../list-query.ts';
import { prepareBody } from '../resources/prepare-body.ts';
import type { JsonSchema } from '../resources/schema-values.ts';
import { assertNotReferenced } from './record-references.ts';
import { fieldExpr, jsonKey, searchableFields, sortableFields } from './record-fields.ts';

export { ensureRecordIndexes } from './record-indexes.ts';

export function recordSchema(registry: SchemaRegistry, resource: string): SchemaEntry {
  const entry = registry.get(resource);
  if (!entry || (entry.schema as { 'x-storage'?: string })['x-storage'] !== 'record') throw notFound(`El recurso "${resource}"`);
  return entry;
}

const view = (row: typeof records.$inferSelect) => ({ ...row.data, _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/**
 * One page of a resource's records for a company.
 * @throws AppError VALIDATION (path `sort`) for a field that is not sortable.
 */
export async function listRecords(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; query: ListQuery }) {
  const entry = recordSchema(registry, p.resource);
  const props = ((entry.schema as JsonSchema).properties ?? {}) as Record<string, JsonSchema>;
  const conditions: SQL[] = [eq(records.companyId, p.companyId), eq(records.resource, p.resource), ...extraConditions(records.data, extraFilters(entry, p.query))];
  if (p.query.q) {
    // Served by the trigram indexes of the searchable fields when pg_trgm is installed (migration
    // 0003, record-indexes.ts); without it, a scan of the company's rows of this resource.
    const like = likePattern(p.query.q);
    const parts = searchableFields(entry).map((f) => sql`(${records.data}->>${jsonKey(f)}) ilike ${like}`);
    if (parts.length) conditions.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  const sortKey = p.query.sort ?? (entry.list as { defaultSort?: string }).defaultSort;
  const order: SQL[] = [];
  if (sortKey && sortKey !== 'createdAt' && sortKey !== '-createdAt') {
    const name = sortKey.replace(/^-/, '');
    const allowed = sortableFields(entry);
    if (!allowed.includes(name)) {
      throw new AppError('VALIDATION', `No se puede ordenar por "${name}"`, { details: [{ path: 'sort', message: `Campos permitidos: ${['createdAt', ...allowed].join(', ')}` }] });
    }
    // PostgreSQL's default null order (last ascending, first descending), as the built-in lists:
    // one btree (record-indexes.ts) then serves both directions, read backwards for `-field`.
    order.push(sortKey.startsWith('-') ? sql`${fieldExpr(name, props[name])} desc` : sql`${fieldExpr(name, props[name])} asc`);
  }
  order.push(sortKey === 'createdAt' ? asc(records.createdAt) : desc(records.createdAt), asc(records.id));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(p.query);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(records).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(records).where(where),
  ]);
  return { items: rows.map(view), total: Number(total) };
}

const scope = (p: { companyId: string; resource: string; id: string }) => and(eq(records.companyId, p.companyId), eq(records.resource, p.resource), eq(records.id, p.id));

export async function getRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; id: string }) {
  recordSchema(registry, p.resource);
  const [row] = await db.select().from(records).where(scope(p));
  if (!row) throw notFound('El registro');
  return view(row);
}

export async function createRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; body: unknown; now: Date }) {
  recordSchema(registry, p.resource);
  const data = await prepareBody({ db, registry, name: p.resource, companyId: p.companyId, body: p.body });
  const [row] = await db.insert(records).values({ companyId: p.companyId, resource: p.resource, data, createdAt: p.now, updatedAt: p.now }).returning();
  return view(row);
}

export async function updateRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; id: string; body: unknown; now: Date }) {
  await getRecord(db, registry, p);
  const data = await prepareBody({ db, registry, name: p.resource, companyId: p.companyId, body: p.body });
  const [row] = await db.update(records).set({ data, updatedAt: p.now }).where(scope(p)).returning();
  return view(row);
}

/** Delete unless other schema-only records reference it. @throws AppError NOT_FOUND, IN_USE. */
export async function deleteRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; id: string }) {
  await getRecord(db, registry, p);
  await assertNotReferenced(db, registry, { companyId: p.companyId, target: p.resource, id: p.id, label: 'El registro' });
  await db.delete(records).where(scope(p));
}
