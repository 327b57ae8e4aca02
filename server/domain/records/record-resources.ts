/**
 * Schema-only resources (`"x-storage": "record"`, DESIGN.md §3): rows of the generic `record`
 * table, data in jsonb, with the same list/get/create/PUT/delete API as the built-in resources,
 * company-scoped and validated by the effective schema. Search runs over the fields the list
 * config declares searchable (default: every string property); sort over any scalar property.
 * @throws AppError NOT_FOUND (unknown resource or record), VALIDATION.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { records } from '../../db/schema/index-tables.ts';
import type { SchemaEntry, SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, notFound } from '../../errors.ts';
import { likePattern, pageWindow, type ListQuery } from '../../http/list-query.ts';
import { prepareBody } from '../resources/prepare-body.ts';

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; title?: string };
type ListConfig = { searchable?: string[]; search?: string[]; defaultSort?: string; sort?: string };

export function recordSchema(registry: SchemaRegistry, resource: string): SchemaEntry {
  const entry = registry.get(resource);
  if (!entry || (entry.schema as { 'x-storage'?: string })['x-storage'] !== 'record') throw notFound(`El recurso "${resource}"`);
  return entry;
}

const isScalar = (p: JsonSchema) => ['string', 'number', 'integer', 'boolean'].some((t) => (Array.isArray(p.type) ? p.type.includes(t) : p.type === t));
const isNumeric = (p: JsonSchema) => ['number', 'integer'].some((t) => (Array.isArray(p.type) ? p.type.includes(t) : p.type === t));

/** Fields a list searches: list.json `searchable` (or `search`), else every string property. */
export function searchableFields(entry: SchemaEntry): string[] {
  const list = entry.list as ListConfig;
  const declared = list.searchable ?? list.search;
  if (declared) return declared;
  const props = (entry.schema as JsonSchema).properties ?? {};
  return Object.entries(props).filter(([, p]) => p.type === 'string').map(([k]) => k);
}

const view = (row: typeof records.$inferSelect) => ({ ...row.data, _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

function field(name: string, prop: JsonSchema): SQL {
  return isNumeric(prop) ? sql`(${records.data}->>${name})::numeric` : sql`(${records.data}->>${name})`;
}

export async function listRecords(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; query: ListQuery }) {
  const entry = recordSchema(registry, p.resource);
  const props = (entry.schema as JsonSchema).properties ?? {};
  const conditions: SQL[] = [eq(records.companyId, p.companyId), eq(records.resource, p.resource)];
  if (p.query.q) {
    const like = likePattern(p.query.q);
    const parts = searchableFields(entry).map((f) => sql`(${records.data}->>${f}) ilike ${like}`);
    if (parts.length) conditions.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  const sortKey = p.query.sort ?? (entry.list as ListConfig).defaultSort ?? (entry.list as ListConfig).sort;
  const order: SQL[] = [];
  if (sortKey && sortKey !== 'createdAt' && sortKey !== '-createdAt') {
    const name = sortKey.replace(/^-/, '');
    const prop = props[name];
    if (!prop || !isScalar(prop)) {
      throw new AppError('VALIDATION', `No se puede ordenar por "${name}"`, { details: [{ path: 'sort', message: 'campo no ordenable' }] });
    }
    order.push(sortKey.startsWith('-') ? sql`${field(name, prop)} desc nulls last` : sql`${field(name, prop)} asc nulls last`);
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
  const data = await prepareBody(db, registry, p.resource, p.body);
  const [row] = await db.insert(records).values({ companyId: p.companyId, resource: p.resource, data, createdAt: p.now, updatedAt: p.now }).returning();
  return view(row);
}

export async function updateRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; id: string; body: unknown; now: Date }) {
  await getRecord(db, registry, p);
  const data = await prepareBody(db, registry, p.resource, p.body);
  const [row] = await db.update(records).set({ data, updatedAt: p.now }).where(scope(p)).returning();
  return view(row);
}

export async function deleteRecord(db: Db, registry: SchemaRegistry, p: { companyId: string; resource: string; id: string }) {
  await getRecord(db, registry, p);
  await db.delete(records).where(scope(p));
}

/**
 * Partial expression indexes for each record resource's sortable and searchable fields, created at
 * start (idempotent). Names are derived from resource and field, so a changed schema adds indexes.
 */
export async function ensureRecordIndexes(db: Db, registry: SchemaRegistry): Promise<void> {
  for (const entry of registry.all()) {
    if ((entry.schema as { 'x-storage'?: string })['x-storage'] !== 'record') continue;
    const props = (entry.schema as JsonSchema).properties ?? {};
    const fields = new Set([...searchableFields(entry), ...Object.keys(props).filter((k) => isScalar(props[k]))]);
    for (const f of fields) {
      if (!props[f] || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(f) || !/^[a-z][a-z0-9_-]*$/.test(entry.name)) continue;
      const name = `record_${entry.name.replace(/-/g, '_')}_${f.toLowerCase()}_idx`.slice(0, 63);
      const expr = isNumeric(props[f]) ? `((data->>'${f}')::numeric)` : `((data->>'${f}'))`;
      await db.execute(sql.raw(`create index if not exists ${name} on record (company_id, ${expr}) where resource = '${entry.name}'`));
    }
  }
}
