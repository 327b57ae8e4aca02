/**
 * A database migrated only up to a given migration, to test what a later migration does to rows an
 * earlier schema held (tests/api/*-migration.test.ts). PGlite in memory, or a fresh PostgreSQL
 * database on TEST_DATABASE_URL (EMITE_TEST_DB), dropped on close.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../../server/repo-root.ts';
import { schema, type Db } from '../../server/db/client.ts';
import { dbKind } from './test-app.ts';

export const MIGRATIONS = path.join(REPO_ROOT, 'server/db/migrations');

/** A copy of the migrations folder whose journal stops at `lastIdx`. */
export function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-mig-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const kept = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: kept }));
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.sql') && !kept.some((e) => `${e.tag}.sql` === f))) rmSync(path.join(dir, f));
  return dir;
}

export interface Raw {
  db: Db;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openRaw(): Promise<Raw> {
  if (dbKind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      query: async (text, params) => (await client.query(text, params)).rows as never,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `emite_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  // close() drops the database WITH (FORCE): a connection still ending then gets PostgreSQL's 57P01
  // "terminating connection", which the pool re-emits; unheard, it was an uncaught exception that
  // failed a whole run whose tests had all passed.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    query: async (text, params) => (await pool.query(text, params as unknown[])).rows as never,
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

