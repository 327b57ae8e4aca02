/**
 * Vitest global set-up of the API project: one migrated, seeded database per run that every
 * `createTestApp` copies instead of migrating its own.
 * - PGlite: the data folder as a tarball, loaded by `openDatabase({ pgliteDump })`. Starting
 *   PGlite, running the migrations and the seeds took 15–18 s per test app on the loaded CI
 *   machine; loading the dump takes 2–3 s there.
 * - PostgreSQL: a template database; each test database is `CREATE DATABASE … TEMPLATE` it.
 * The workers read it as `inject('dbTemplate')`; teardown removes it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { runSeeds } from '../../server/db/seed/run-seeds.ts';
import { adminQuery } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the data-folder tarball; PostgreSQL: the template database's name. */
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((process.env.EMITE_TEST_DB ?? 'pglite') === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('EMITE_TEST_DB=postgres necesita TEST_DATABASE_URL');
    const name = `emite_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await runSeeds(database.db);
    await database.close();
    project.provide('dbTemplate', name);
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({});
  await runSeeds(database.db);
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
