/**
 * `npm run staff -- <email> [--revoke]`: grant (or revoke) platform staff to every account with that
 * e-mail. Staff may change the platform reference data (catalog tables).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/index-tables.ts';
import path from 'node:path';

const [email, flag] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  console.error('Uso: npm run staff -- <correo> [--revoke]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') });
const rows = await database.db
  .update(users)
  .set({ isStaff: flag !== '--revoke' })
  .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  .returning({ id: users.id });
await database.close();
if (rows.length === 0) {
  console.error(`No hay ninguna cuenta con el correo ${email}`);
  process.exit(1);
}
console.log(`${flag === '--revoke' ? 'Se quitó' : 'Se concedió'} el rol de personal de plataforma a ${rows.length} cuenta(s) de ${email}`);
