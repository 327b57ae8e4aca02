/**
 * `npm run backup -- <archivo>`: a consistent copy of Emite's database and DATA_DIR's secrets,
 * encrypted with a passphrase (DESIGN.md §15; server/domain/backups/). Safe while the server runs:
 * - PostgreSQL (DATABASE_URL): pg_dump in custom format (one snapshot);
 * - PGlite with the server running: the server itself dumps it (GET /internal/backup on loopback,
 *   with DATA_DIR/backup.token), since PGlite admits one process;
 * - PGlite with the server stopped: opened here and dumped.
 * The passphrase: EMITE_BACKUP_PASSPHRASE or asked on the terminal. The file is written 0600 and an
 * existing file is never overwritten.
 * Exit codes: 0 done, 1 failed, 2 bad usage or configuration.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from './cli-config.ts';
import { readVersion } from '../bootstrap.ts';
import { askPassphrase } from './ask-passphrase.ts';
import { takeBackup } from '../domain/backups/take-backup.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Uso: npm run backup -- <archivo>   (p. ej. npm run backup -- /respaldos/emite-2026-03-10.age)');
  process.exit(2);
}
const config = loadConfigOrExit();
const target = path.resolve(file);
if (existsSync(target)) {
  console.error(`El archivo ${target} ya existe; elija otro nombre (una copia nunca sobrescribe otra)`);
  process.exit(2);
}
try {
  const passphrase = await askPassphrase({ confirm: true });
  const { sealed, source } = await takeBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, passphrase, appVersion: readVersion(), now: new Date() });
  writeFileSync(target, sealed, { mode: 0o600, flag: 'wx' });
  console.log(`Copia cifrada escrita en ${target} (${(sealed.length / 1_048_576).toFixed(1)} MB; ${source}). Guárdela fuera de este equipo; sin la contraseña no se puede restaurar.`);
} catch (err) {
  console.error(`No se pudo hacer la copia: ${(err as Error).message}`);
  process.exit(1);
}
