/**
 * Where the dump of a backup comes from (DESIGN.md §15), then createBackup:
 * - DATABASE_URL: pg_dump (custom format, one snapshot while the API keeps writing);
 * - PGlite held by a running server (DATA_DIR/pglite/postmaster.pid and DATA_DIR/server.json with a
 *   live pid): that server's GET /internal/backup on loopback with DATA_DIR/backup.token;
 * - PGlite not open: opened here read-only in practice (nothing is written) and dumped.
 * @returns the sealed file and a Spanish sentence saying where the dump came from.
 * @throws AppError BACKUP_SOURCE (PGlite open by a process that is not a reachable server), and what
 *   pgDump / createBackup throw.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { AppError } from '../../errors.ts';
import { createBackup } from './create-backup.ts';
import { pgDump } from './pg-tools.ts';
import { readServerInfo } from './server-info.ts';

const TOKEN_HEADER = 'x-emite-backup-token';

async function fromRunningServer(dataDir: string): Promise<Uint8Array> {
  const info = readServerInfo(dataDir);
  const tokenFile = path.join(dataDir, 'backup.token');
  if (!info || !existsSync(tokenFile)) {
    throw new AppError(
      'BACKUP_SOURCE',
      `La base ${path.join(dataDir, 'pglite')} está abierta por otro proceso, pero no se encontró un servidor de Emite en marcha que la tenga (DATA_DIR/server.json). Si el servidor se cerró de forma inesperada, inícielo de nuevo y repita el comando.`,
    );
  }
  const token = Buffer.from(readFileSync(tokenFile, 'utf8').trim(), 'base64').toString('base64url');
  const res = await fetch(`http://127.0.0.1:${info.port}/internal/backup`, { headers: { [TOKEN_HEADER]: token } });
  if (!res.ok) throw new AppError('BACKUP_SOURCE', `El servidor (puerto ${info.port}) no entregó la copia: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function fromClosedPglite(dir: string): Promise<Uint8Array> {
  const db = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    await db.waitReady;
    return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.close();
  }
}

export async function takeBackup(p: { dataDir: string; databaseUrl?: string; passphrase: string; appVersion: string; now: Date }): Promise<{ sealed: Uint8Array; source: string }> {
  const pgliteDir = path.join(p.dataDir, 'pglite');
  let source: string;
  let dump: () => Promise<Uint8Array>;
  if (p.databaseUrl) {
    source = 'pg_dump de PostgreSQL';
    dump = async () => new Uint8Array(await pgDump(p.databaseUrl!));
  } else if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new AppError('BACKUP_SOURCE', `No hay una base PGlite en ${pgliteDir} (¿DATA_DIR correcto?)`);
  } else if (existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    source = 'base PGlite, entregada por el servidor en marcha';
    dump = () => fromRunningServer(p.dataDir);
  } else {
    source = 'base PGlite (servidor detenido)';
    dump = () => fromClosedPglite(pgliteDir);
  }
  const sealed = await createBackup({ database: p.databaseUrl ? 'postgres' : 'pglite', dump, dataDir: p.dataDir, appVersion: p.appVersion, passphrase: p.passphrase, now: p.now });
  return { sealed, source };
}
