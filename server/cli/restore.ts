/**
 * `npm run restore -- <archivo>`: brings a backup back into an empty DATA_DIR (PGlite) or an empty
 * database (DATABASE_URL, with its secrets written to DATA_DIR). Refuses a target that holds
 * anything and a wrong passphrase, with a message saying what to do. Then `npm start` serves the
 * restored company (migrations newer than the copy apply then).
 * Exit codes: 0 restored, 1 refused or failed, 2 bad usage or configuration.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from './cli-config.ts';
import { askPassphrase } from './ask-passphrase.ts';
import { restoreBackup } from '../domain/backups/restore-backup.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Uso: npm run restore -- <archivo>   (en un DATA_DIR vacío; con DATABASE_URL, en una base de datos vacía)');
  process.exit(2);
}
const config = loadConfigOrExit();
const source = path.resolve(file);
if (!existsSync(source)) {
  console.error(`No existe el archivo ${source}`);
  process.exit(2);
}
try {
  const passphrase = await askPassphrase({ confirm: false });
  const header = await restoreBackup({ sealed: readFileSync(source), passphrase, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(`Copia del ${header.createdAt} (Emite ${header.appVersion}, ${header.database}) restaurada en ${config.databaseUrl ? 'la base de DATABASE_URL' : config.dataDir}. Inicie Emite con npm start.`);
} catch (err) {
  console.error(`No se restauró la copia: ${(err as Error).message}`);
  process.exit(1);
}
