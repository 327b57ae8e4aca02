/**
 * Restores a backup into an empty target (DESIGN.md §15): a PGlite copy into an empty DATA_DIR
 * (its data folder and secret files), a PostgreSQL copy into an empty database (pg_restore) with
 * the secret files written to DATA_DIR. Nothing is overwritten: a target that holds anything is
 * refused before the file is even decrypted. The restored instance serves the same rows byte for
 * byte (signed XML included), signs with the same certificate (same secret.key) and continues every
 * sequence (the sequence rows are in the dump; migrations newer than the copy apply at start). A
 * PostgreSQL copy's XML columns get lz4 again where the target has it (the dump leaves it out).
 * @throws AppError BACKUP_TARGET_NOT_EMPTY, BACKUP_KIND (a PGlite copy into PostgreSQL or the
 *   reverse), and what openBackup / pgRestore throw.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { AppError } from '../../errors.ts';
import { openBackup, type Backup } from './backup-file.ts';
import { pgRestore } from './pg-tools.ts';
import { preferLz4ForXml } from '../../db/xml-compression.ts';

const notEmpty = (what: string) =>
  new AppError('BACKUP_TARGET_NOT_EMPTY', `El destino no está vacío: ${what}. La restauración no sobrescribe nada; use una carpeta DATA_DIR vacía${what.includes('base de datos') ? ' y una base de datos vacía (createdb)' : ''}.`, { status: 409 });

/** Runs `use` with a client connected to `databaseUrl`, closed after. */
async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Tables of the target database (Emite's and drizzle's migration log); empty means restorable. */
const tablesIn = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) => Number((await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')")).rows[0].n));

/** Secret files go where none is; one already there with another value is a conflict. */
function writeSecrets(dataDir: string, secrets: Backup['header']['secrets']): void {
  mkdirSync(dataDir, { recursive: true });
  for (const [name, value] of Object.entries(secrets)) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) {
      if (readFileSync(file, 'utf8').trim() !== value) throw notEmpty(`${file} ya existe con otro valor`);
      continue;
    }
    writeFileSync(file, value, { mode: 0o600 });
  }
}

export async function restoreBackup(p: { sealed: Uint8Array; passphrase: string; dataDir: string; databaseUrl?: string }): Promise<Backup['header']> {
  if (p.databaseUrl) {
    if ((await tablesIn(p.databaseUrl)) > 0) throw notEmpty('la base de datos de DATABASE_URL ya tiene tablas');
  } else if (existsSync(p.dataDir) && readdirSync(p.dataDir).length > 0) {
    throw notEmpty(`la carpeta ${p.dataDir} tiene archivos`);
  }
  const backup = await openBackup(p.sealed, p.passphrase);
  const kind = p.databaseUrl ? 'postgres' : 'pglite';
  if (backup.header.database !== kind) {
    throw new AppError(
      'BACKUP_KIND',
      backup.header.database === 'pglite'
        ? 'Esta copia es de la base embebida (PGlite): restáurela sin DATABASE_URL, en una carpeta DATA_DIR vacía'
        : 'Esta copia es de PostgreSQL: restáurela con DATABASE_URL apuntando a una base de datos vacía',
    );
  }
  if (p.databaseUrl) {
    await pgRestore(p.databaseUrl, backup.dump);
    await withClient(p.databaseUrl, (client) => client.query(preferLz4ForXml()));
    writeSecrets(p.dataDir, backup.header.secrets);
  } else {
    writeSecrets(p.dataDir, backup.header.secrets);
    const db = new PGlite(path.join(p.dataDir, 'pglite'), { loadDataDir: new Blob([Uint8Array.from(backup.dump)]), extensions: { pg_trgm } });
    await db.waitReady;
    await db.close();
  }
  return backup.header;
}
