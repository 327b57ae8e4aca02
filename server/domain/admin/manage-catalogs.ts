/**
 * Platform reference data: catalog tables and their entries (SRI tables are seeded). Everyone
 * signed in reads; only platform staff change (checked by the route). System tables (the SRI ones)
 * cannot be deleted or renamed.
 * Duplicates are refused by the primary keys, so two concurrent creates of one name or code give
 * one 201 and one 409, never a 500.
 * @throws AppError NOT_FOUND, CONFLICT (duplicate name/code, deleting a system table).
 */
import { and, asc, count, eq, ilike, max, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries, catalogTables } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { likePattern, orderByFor, pageWindow, type ListQuery } from '../list-query.ts';

type TableRow = typeof catalogTables.$inferSelect;
type EntryRow = typeof catalogEntries.$inferSelect;

const tableView = (t: TableRow) => ({ _id: t.name, name: t.name, title: t.title, description: t.description ?? '', system: t.system });
const entryView = (e: EntryRow) => ({ _id: e.code, code: e.code, name: e.name, data: e.data, active: e.active, position: e.position });

export async function listTables(db: Db, query: ListQuery) {
  const where = query.q ? or(ilike(catalogTables.name, likePattern(query.q)), ilike(catalogTables.title, likePattern(query.q))) : undefined;
  const { limit, offset } = pageWindow(query);
  const order = orderByFor(query.sort, { name: catalogTables.name, title: catalogTables.title }, [asc(catalogTables.name)]);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(catalogTables).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(catalogTables).where(where),
  ]);
  return { items: rows.map(tableView), total: Number(total) };
}

async function requireTable(db: Db, name: string): Promise<TableRow> {
  const [row] = await db.select().from(catalogTables).where(eq(catalogTables.name, name));
  if (!row) throw notFound(`La tabla "${name}"`);
  return row;
}

export async function getTable(db: Db, name: string) {
  return tableView(await requireTable(db, name));
}

export async function createTable(db: Db, input: { name: string; title: string; description?: string }) {
  const taken = () => new AppError('CONFLICT', `Ya existe la tabla "${input.name}"`, { details: [{ path: 'name', message: 'ya existe' }] });
  const [exists] = await db.select({ name: catalogTables.name }).from(catalogTables).where(eq(catalogTables.name, input.name));
  if (exists) throw taken();
  const [row] = await onUniqueViolation(() => db.insert(catalogTables).values({ name: input.name, title: input.title, description: input.description ?? null }).returning(), () => taken());
  return tableView(row);
}

export async function updateTable(db: Db, name: string, input: { title?: string; description?: string }) {
  await requireTable(db, name);
  const [row] = await db
    .update(catalogTables)
    .set({ ...(input.title !== undefined ? { title: input.title } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: new Date() })
    .where(eq(catalogTables.name, name))
    .returning();
  return tableView(row);
}

export async function deleteTable(db: Db, name: string) {
  const table = await requireTable(db, name);
  if (table.system) throw new AppError('CONFLICT', `La tabla "${name}" es del SRI y no se puede eliminar`);
  await db.delete(catalogTables).where(eq(catalogTables.name, name));
}

const entrySortable = { code: catalogEntries.code, name: catalogEntries.name, position: catalogEntries.position, active: catalogEntries.active };

/** Plain list (all entries, by position) or a page when `page` is given. */
export async function listEntries(db: Db, tableName: string, query: ListQuery) {
  await requireTable(db, tableName);
  const conditions = [eq(catalogEntries.tableName, tableName)];
  if (query.q) conditions.push(or(ilike(catalogEntries.code, likePattern(query.q)), ilike(catalogEntries.name, likePattern(query.q)))!);
  const where = and(...conditions);
  const order = orderByFor(query.sort, entrySortable, [asc(catalogEntries.position), asc(catalogEntries.code)]);
  if (query.page === undefined) {
    const rows = await db.select().from(catalogEntries).where(where).orderBy(...order);
    return { items: rows.map(entryView), total: rows.length };
  }
  const { limit, offset } = pageWindow(query);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(catalogEntries).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(catalogEntries).where(where),
  ]);
  return { items: rows.map(entryView), total: Number(total) };
}

export async function getEntry(db: Db, tableName: string, code: string) {
  const [row] = await db.select().from(catalogEntries).where(and(eq(catalogEntries.tableName, tableName), eq(catalogEntries.code, code)));
  if (!row) throw notFound(`El código "${code}" de ${tableName}`);
  return entryView(row);
}

export interface EntryInput {
  code?: string;
  name?: string;
  data?: Record<string, unknown>;
  active?: boolean;
  position?: number;
}

/** A new entry goes last unless `position` is given (positions start at 0). */
export async function createEntry(db: Db, tableName: string, input: EntryInput & { code: string; name: string }) {
  await requireTable(db, tableName);
  const taken = () => new AppError('CONFLICT', `Ya existe el código "${input.code}" en ${tableName}`, { details: [{ path: 'code', message: 'ya existe' }] });
  const [exists] = await db
    .select({ code: catalogEntries.code })
    .from(catalogEntries)
    .where(and(eq(catalogEntries.tableName, tableName), eq(catalogEntries.code, input.code)));
  if (exists) throw taken();
  const [{ last }] = await db.select({ last: max(catalogEntries.position) }).from(catalogEntries).where(eq(catalogEntries.tableName, tableName));
  const position = input.position ?? (last === null ? 0 : last + 1);
  const [row] = await onUniqueViolation(
    () => db.insert(catalogEntries).values({ tableName, code: input.code, name: input.name, data: input.data ?? {}, active: input.active ?? true, position }).returning(),
    () => taken(),
  );
  return entryView(row);
}

export async function updateEntry(db: Db, tableName: string, code: string, input: EntryInput) {
  const [row] = await db
    .update(catalogEntries)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.data !== undefined ? { data: input.data } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(catalogEntries.tableName, tableName), eq(catalogEntries.code, code)))
    .returning();
  if (!row) throw notFound(`El código "${code}" de ${tableName}`);
  return entryView(row);
}

export async function deleteEntry(db: Db, tableName: string, code: string) {
  const rows = await db
    .delete(catalogEntries)
    .where(and(eq(catalogEntries.tableName, tableName), eq(catalogEntries.code, code)))
    .returning({ code: catalogEntries.code });
  if (rows.length === 0) throw notFound(`El código "${code}" de ${tableName}`);
}

/** Whether `code` is an active entry of `tableName` (used to check x-catalog values). */
export async function catalogHas(db: Db, tableName: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: catalogEntries.code })
    .from(catalogEntries)
    .where(and(eq(catalogEntries.tableName, tableName), eq(catalogEntries.code, code), eq(catalogEntries.active, true)));
  return Boolean(row);
}
