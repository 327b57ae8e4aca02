/**
 * The rows of a raw SQL query (`db.execute(sql`…`)`), typed once here: node-postgres and PGlite both
 * answer `{ rows }`, but drizzle types the answer per driver (a QueryResult or a Results), so each
 * caller used to cast it. Works on a database or a transaction.
 * @example const rows = await queryRows<{ ruc: string }>(db, sql`select ruc from company where id = ${id}`);
 * @throws whatever the driver throws (a PostgreSQL error with its code).
 */
import type { SQL } from 'drizzle-orm';

/** Anything that runs a raw query: a Db or a transaction. */
export interface RawQueryRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function queryRows<T = Record<string, unknown>>(db: RawQueryRunner, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The rows of an answer already received from `db.execute` (to run several queries at once). */
export function rowsOf<T = Record<string, unknown>>(answer: unknown): T[] {
  return (answer as { rows: T[] }).rows;
}
