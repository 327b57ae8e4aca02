/**
 * `npm run staff -- <email> [--revoke] [--force]`: grant (or revoke) platform staff to every account
 * with that e-mail. Staff may change the platform reference data (catalog tables).
 *
 * The embedded PGlite database must not be opened by two processes at once (it can corrupt it), so
 * while a server has DATA_DIR/pglite open the command refuses and says so. `--force` skips that
 * check, for a database left marked open by a server that crashed. With DATABASE_URL (PostgreSQL)
 * the server may keep running.
 * Exit codes: 0 done, 1 no account with that e-mail, 2 bad usage or configuration, 3 database in use.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfigOrExit } from './cli-config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index-tables.ts';

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--'));
const revoke = args.includes('--revoke');
const force = args.includes('--force');
if (!email || !email.includes('@') || args.some((a) => a.startsWith('--') && a !== '--revoke' && a !== '--force')) {
  console.error('Uso: npm run staff -- <correo> [--revoke] [--force]');
  process.exit(2);
}
const config = loadConfigOrExit();
const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
// PGlite writes postmaster.pid while a process has the database open and removes it on close.
if (pgliteDir && !force && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
  console.error(
    `La base de datos ${pgliteDir} está abierta por otro proceso (¿Emite está en marcha?).\n` +
      'Detenga el servidor y vuelva a ejecutar este comando. Si no hay ningún servidor en marcha (se cerró de forma inesperada), use --force.',
  );
  process.exit(3);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
const rows = await database.db
  .update(users)
  .set({ isStaff: !revoke })
  .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  .returning({ id: users.id });
await database.close();
if (rows.length === 0) {
  console.error(`No hay ninguna cuenta con el correo ${email}`);
  process.exit(1);
}
console.log(`${revoke ? 'Se quitó' : 'Se concedió'} el rol de personal de plataforma a ${rows.length} cuenta(s) de ${email}`);
