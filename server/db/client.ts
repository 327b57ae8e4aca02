/**
 * Database connection: embedded PGlite (default, in DATA_DIR/pglite or in memory) or a
 * node-postgres pool when DATABASE_URL is set. Same Drizzle schema, same migrations, same queries.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { NotificationSource } from './change-feed.ts';
import * as platform from './schema/platform.ts';
import * as company from './schema/company.ts';
import * as users from './schema/users.ts';
import * as catalogResources from './schema/catalog-resources.ts';
import * as invoicing from './schema/invoicing.ts';
import * as records from './schema/records.ts';
import * as webhooks from './schema/webhooks.ts';
import * as integration from './schema/integration.ts';

export const schema = { ...platform, ...company, ...users, ...catalogResources, ...invoicing, ...records, ...webhooks, ...integration };
export type Schema = typeof schema;
/** A Drizzle database on either driver; transactions are assignable to it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Where server/db/change-feed.ts listens: PostgreSQL's URL (its own connection) or the PGlite client. */
  notifications: NotificationSource;
  /** PGlite only: the data folder as an uncompressed tarball (PGlite's `dumpDataDir`), for `pgliteDump`. */
  dump?(): Promise<Blob>;
}

const migrationsFolder = path.join(REPO_ROOT, 'server/db/migrations');

/**
 * Statements sent to the database by this process, for benchmarks: counted only when
 * `globalThis.__emiteSqlStatements` is a number when the database opens (bench/cpu-probe.mjs sets
 * it to 0 and reports it beside the CPU time). On PostgreSQL every `query` of a pooled connection
 * counts, BEGIN and COMMIT included (one round trip each); on PGlite the client's query/exec calls.
 */
function countStatements<M extends 'query' | 'exec'>(target: Record<M, (...args: never[]) => unknown>, method: M): void {
  const g = globalThis as { __emiteSqlStatements?: number };
  if (typeof g.__emiteSqlStatements !== 'number') return;
  const original = target[method];
  if (typeof original !== 'function') return;
  target[method] = function (this: unknown, ...args: never[]) {
    g.__emiteSqlStatements! += 1;
    return original.apply(this, args);
  };
}

/**
 * Creates a PGlite data folder (initdb) in a short-lived child process. Run in this process,
 * initdb's WebAssembly instance and file bundle stay in memory long after it finishes (an idle
 * first start measured 423 MB against 269 MB on a restart: bench/memory.ts).
 * @throws Error with the child's output when initdb fails.
 */
function initPgliteDir(dir: string): void {
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[1], { postgresqlconf: ${JSON.stringify('shared_buffers = 16MB\n')} });
await db.waitReady;
await db.close();`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`No se pudo crear la base PGlite en ${dir}: ${res.stderr || res.stdout}`);
}

/**
 * Open the database and apply pending migrations.
 * @param opts.databaseUrl postgres://… for node-postgres; unset for PGlite.
 * @param opts.pgliteDir directory for PGlite data; unset means in memory (tests).
 * @param opts.poolSize node-postgres pool size (default 10).
 * @param opts.pgliteDump an in-memory PGlite started from this data-folder dump (PGlite's
 *   `dumpDataDir()`), e.g. the API tests' migrated and seeded template (tests/helpers/pglite-template.ts):
 *   a fresh copy loads in about a tenth of the time initdb and the migrations take.
 * @throws the driver's connection or migration error, unchanged.
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number; pgliteDump?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compiles a query plan to machine code when its estimated cost is high; for Emite's short
    // queries that compilation (~30 ms) costs more than it saves (a big company's dashboard and
    // list counts: bench/results/list.json). Off for this pool's sessions only.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c jit=off' });
    // An idle client whose connection the server ends (restart, failover, a dropped test database)
    // emits 'error' on the pool; without a listener that would crash the process. The pool replaces it.
    pool.on('connect', (client) => countStatements(client, 'query'));
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`PostgreSQL: conexión inactiva cerrada (${err.message})`);
    });
    // numeric stays a string (money is never a float); date stays 'YYYY-MM-DD'.
    const db: Db = drizzlePg(pool, { schema });
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', notifications: { kind: 'postgres', connectionString: opts.databaseUrl }, close: () => pool.end() };
  }
  // PGlite runs PostgreSQL inside this process; its default 128 MB of shared buffers is most of an
  // idle server's memory (bench/results/memory.json). The embedded database serves one small
  // installation, so 16 MB is plenty; a busy one runs on PostgreSQL (DATABASE_URL).
  const pgliteOptions = { postgresqlconf: 'shared_buffers = 16MB\n', extensions: { pg_trgm } };
  if (opts.pgliteDir && !existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) initPgliteDir(opts.pgliteDir);
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, pgliteOptions)
    : new PGlite({ ...pgliteOptions, ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}) });
  await client.waitReady;
  countStatements(client, 'query');
  countStatements(client, 'exec');
  const db: Db = drizzlePglite(client, { schema });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', notifications: { kind: 'pglite', client }, close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
