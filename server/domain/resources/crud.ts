/**
 * Generic company-scoped CRUD for a ResourceDefinition: list (q, sort, page, per_page), get,
 * create, full update (PUT), delete. Another company's id is 404, never 403.
 * @throws AppError NOT_FOUND, VALIDATION, CONFLICT (unique codes), IN_USE.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, notFound } from '../../errors.ts';
import { extraConditions, type ExtraFilter } from '../screens/list-extra-filters.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { assertNotReferenced } from '../records/record-references.ts';
import { prepareBody, splitColumns } from './prepare-body.ts';
import type { ResourceContext, ResourceDefinition } from './resource-definition.ts';

type Row = Record<string, unknown>;

export function toView(def: ResourceDefinition, row: Row): Row {
  const view: Row = { _id: row.id, ...(row.extra as Row) };
  for (const key of Object.keys(def.columns)) {
    const v = row[key];
    view[key] = def.numeric?.includes(key) && v !== null && v !== undefined ? Number(v) : v ?? undefined;
  }
  view.createdAt = (row.createdAt as Date).toISOString();
  view.updatedAt = (row.updatedAt as Date).toISOString();
  return view;
}

const scope = (def: ResourceDefinition, ctx: ResourceContext, id?: string): SQL =>
  id ? and(eq(def.table.companyId, ctx.companyId), eq(def.table.id, id))! : eq(def.table.companyId, ctx.companyId);

/** @param extra the company's own list filters asked (list-extra-filters.ts), on the row's `extra`. */
export async function listResource(def: ResourceDefinition, ctx: ResourceContext, query: ListQuery, extra: ExtraFilter[] = []): Promise<{ items: Row[]; total: number }> {
  const conditions: SQL[] = [scope(def, ctx), ...extraConditions(def.table.extra, extra)];
  if (query.q) conditions.push(or(...def.searchable.map((c) => ilike(c, likePattern(query.q!))))!);
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const fallback = [def.defaultSort.startsWith('-') ? desc(def.sortable[def.defaultSort.slice(1)]) : asc(def.sortable[def.defaultSort]), asc(def.table.id)];
  const order = orderByFor(query.sort, def.sortable as Record<string, AnyColumn>, fallback);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(def.table).where(where).orderBy(...order).limit(limit).offset(offset),
    ctx.db.select({ total: count() }).from(def.table).where(where),
  ]);
  return { items: (rows as Row[]).map((r) => toView(def, r)), total: Number(total) };
}

export async function getResource(def: ResourceDefinition, ctx: ResourceContext, id: string): Promise<Row> {
  const [row] = await ctx.db.select().from(def.table).where(scope(def, ctx, id));
  if (!row) throw notFound(def.label);
  return toView(def, row as Row);
}

/** The 409 for a unique constraint of the resource (its field and message from the definition). */
function conflictOf(def: ResourceDefinition) {
  return (constraint: string) => {
    const [path, message] = def.uniqueErrors[constraint] ?? ['', 'Ya existe un registro con esos datos'];
    return new AppError('CONFLICT', message, { details: path ? [{ path, message }] : undefined });
  };
}

export async function createResource(def: ResourceDefinition, ctx: ResourceContext, registry: SchemaRegistry, body: unknown): Promise<Row> {
  const data = await prepareBody({ db: ctx.db, registry, name: def.name, companyId: ctx.companyId, body });
  await def.beforeSave?.(ctx, data);
  const [row] = await insertPrepared(def, ctx, [data]);
  return row;
}

export async function updateResource(def: ResourceDefinition, ctx: ResourceContext, registry: SchemaRegistry, id: string, body: unknown): Promise<Row> {
  await getResource(def, ctx, id);
  const data = await prepareBody({ db: ctx.db, registry, name: def.name, companyId: ctx.companyId, body });
  await def.beforeSave?.(ctx, data, id);
  return updatePrepared(def, ctx, id, data);
}

/**
 * Insert bodies that already went through prepareBody and `beforeSave` (one statement for all).
 * @throws AppError CONFLICT for a unique code taken.
 */
export async function insertPrepared(def: ResourceDefinition, ctx: ResourceContext, bodies: Array<Record<string, unknown>>): Promise<Row[]> {
  const values = bodies.map((data) => {
    const split = splitColumns(data, def.columns, def.numeric);
    return { ...split.values, extra: split.extra, companyId: ctx.companyId };
  });
  const rows = await onUniqueViolation(() => ctx.db.insert(def.table).values(values as never).returning(), conflictOf(def));
  return (rows as Row[]).map((r) => toView(def, r));
}

/**
 * Replace a record with a body that already went through prepareBody and `beforeSave`.
 * @throws AppError CONFLICT for a unique code taken.
 */
export async function updatePrepared(def: ResourceDefinition, ctx: ResourceContext, id: string, data: Record<string, unknown>): Promise<Row> {
  const { values, extra } = splitColumns(data, def.columns, def.numeric);
  // PUT is a full replacement: optional columns absent from the body are cleared.
  const cleared = Object.fromEntries(Object.keys(def.columns).filter((k) => !(k in values)).map((k) => [k, null]));
  const [row] = await onUniqueViolation(
    () =>
      ctx.db
        .update(def.table)
        .set({ ...cleared, ...values, extra, updatedAt: new Date() } as never)
        .where(scope(def, ctx, id))
        .returning(),
    conflictOf(def),
  );
  return toView(def, row as Row);
}

/** Delete after the resource's own in-use rule and the schema-only records that `x-ref` it. @throws AppError NOT_FOUND, IN_USE. */
export async function deleteResource(def: ResourceDefinition, ctx: ResourceContext, registry: SchemaRegistry, id: string): Promise<void> {
  await getResource(def, ctx, id);
  await def.beforeDelete?.(ctx, id);
  await assertNotReferenced(ctx.db, registry, { companyId: ctx.companyId, target: def.name, id, label: def.label });
  await ctx.db.delete(def.table).where(scope(def, ctx, id));
}
