/**
 * SQL built once per shape and run on any session (the pool or a transaction's connection), for
 * the statements of the issuing path (bench/issue.ts): drizzle's query builder costs more CPU than
 * the statement's round trip (≈ 0.5 ms for a transition with its CTEs, mostly `is()` checks), and
 * its own `.prepare()` binds the statement to the session it was built on, so it cannot run inside
 * a transaction opened later. Here the builder runs once, with `sql.placeholder(name)` for every
 * value that changes between calls; each call fills the parameters and maps the rows with the
 * columns' own decoders (what drizzle's mapResultRow does, without its per-field type checks).
 * On PostgreSQL the statement is a named prepared statement (parsed once per connection); PGlite
 * ignores the name.
 */
import { createHash } from 'node:crypto';
import { Column, getTableColumns, Param, Placeholder, type Query, type Table } from 'drizzle-orm';
import type { Db } from './client.ts';

/** How a parameter gets its value: a constant of the shape, or a placeholder's value (encoded by its column when drizzle attached one). */
type Slot = { value: unknown } | { name: string; encoder?: { mapToDriverValue(v: unknown): unknown } };

/** A statement built once: its text, the statement name, how to fill its parameters and how to read its rows. */
export interface PreparedShape<R> {
  name: string;
  sql: string;
  slots: Slot[];
  map: (rows: unknown[][]) => R;
}

/**
 * A shape from a query drizzle built once (`builder.toSQL()`), with placeholders for the values of
 * each call.
 * @param map reads the rows (each an array of the selected columns in order), e.g. {@link tableRowMapper}.
 * @example const shape = preparedShape(db.select().from(t).where(eq(t.id, sql.placeholder('id'))).toSQL(), (rows) => rows.map(tableRowMapper(t)));
 */
export function preparedShape<R>(query: Query, map: (rows: unknown[][]) => R): PreparedShape<R> {
  const slots = query.params.map((p): Slot => {
    if (p instanceof Placeholder) return { name: p.name };
    if (p instanceof Param && p.value instanceof Placeholder) return { name: p.value.name, encoder: p.encoder as { mapToDriverValue(v: unknown): unknown } };
    return { value: p };
  });
  // A prepared statement's name must stand for one text on a connection: name it by its text.
  const name = `emite_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
  return { name, sql: query.sql, slots, map };
}

/**
 * Runs a shape on `db` (a transaction runs it on its own connection).
 * @param values one value per placeholder name (driver values: strings, numbers, null; or what the placeholder's column encodes).
 * @throws Error naming a placeholder without a value; the driver's error unchanged.
 */
export async function runPrepared<R>(db: Db, shape: PreparedShape<R>, values: Record<string, unknown>): Promise<R> {
  const params = shape.slots.map((s) => {
    if ('value' in s) return s.value;
    if (!(s.name in values)) throw new Error(`No value for placeholder "${s.name}"`);
    const v = values[s.name];
    return s.encoder && v !== null && v !== undefined ? s.encoder.mapToDriverValue(v) : v;
  });
  return (await db._.session.prepareQuery({ sql: shape.sql, params }, undefined, shape.name, true, shape.map).execute()) as R;
}

/** The columns of `table` in drizzle's selection order (`select().from(table)`, `returning()`). */
function columnsOf(table: Table): Column[] {
  return Object.values(getTableColumns(table));
}

/**
 * Reads one row selected as all columns of `table`, in order (`select().from(table)` or a CTE of
 * its `returning()`), into the table's row type, with each column's decoder.
 */
export function tableRowMapper<T extends Table>(table: T): (row: unknown[], offset?: number) => T['$inferSelect'] {
  const columns = columnsOf(table);
  const keys = Object.keys(getTableColumns(table));
  return (row, offset = 0) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i += 1) {
      const raw = row[offset + i];
      out[keys[i]] = raw === null || raw === undefined ? null : columns[i].mapFromDriverValue(raw);
    }
    return out as T['$inferSelect'];
  };
}

/**
 * Reads one row selected as `{ key: table, … }` (whole tables, in that order, as drizzle orders
 * the selection) into `{ key: row }`; a table named in `nullable` (a left join) is null when its
 * first column is null, as drizzle decides.
 */
export function tablesRowMapper<S extends Record<string, Table>>(selection: S, nullable: readonly (keyof S)[] = []): (row: unknown[]) => { [K in keyof S]: S[K]['$inferSelect'] } {
  const parts = Object.entries(selection).map(([key, table]) => ({ key, read: tableRowMapper(table), width: columnsOf(table).length, nullable: nullable.includes(key) }));
  return (row) => {
    const out: Record<string, unknown> = {};
    let offset = 0;
    for (const p of parts) {
      out[p.key] = p.nullable && row[offset] === null ? null : p.read(row, offset);
      offset += p.width;
    }
    return out as { [K in keyof S]: S[K]['$inferSelect'] };
  };
}
