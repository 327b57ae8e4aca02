/**
 * `npm start`: validate configuration, open and migrate the database, seed, build the app, listen.
 * Prints the URL, the demo login (when the demo company exists) and where mails go.
 */
import { loadConfig } from './config.ts';
import { bootstrap } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { DEMO, demoLoginExists, seedDemoCompany } from './db/seed/demo.ts';
import { seedDemoDocuments } from './db/seed/demo-invoices.ts';
import { removeServerInfo, writeServerInfo } from './domain/backups/server-info.ts';
import { startBackupSchedule } from './domain/backups/backup-schedule.ts';
import { createBackup } from './domain/backups/create-backup.ts';
import { pgDump } from './domain/backups/pg-tools.ts';
import type { Config } from './config.ts';
import { SchemaLoadError } from './schemas/schema-load-error.ts';
import { RegistryCheckError } from './domain/comprobantes/check-registry.ts';
import type { AppDeps } from './app-deps.ts';

/** BACKUP_DIR: this process's daily backup (it holds the PGlite database; pg_dump for PostgreSQL). */
function startDailyBackups(config: Config, deps: AppDeps) {
  console.log(`Copias de seguridad diarias a las 02:00 en ${config.backupDir} (se conservan ${config.backupKeep})`);
  const dump = config.databaseUrl ? async () => new Uint8Array(await pgDump(config.databaseUrl!)) : deps.dumpDatabase!;
  return startBackupSchedule({
    dir: config.backupDir!,
    keep: config.backupKeep,
    seal: () => createBackup({ database: config.databaseUrl ? 'postgres' : 'pglite', dump, dataDir: config.dataDir, appVersion: deps.version, passphrase: config.backupPassphrase!, now: new Date() }),
    log: { info: (m) => console.log(m), error: (obj, m) => console.error(m, (obj as { err?: Error }).err?.message ?? '') },
  });
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let booted;
  try {
    booted = await bootstrap(config, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  } catch (err) {
    // A schema or the comprobante registry that cannot serve: say which file to fix, no stack.
    if (err instanceof SchemaLoadError || err instanceof RegistryCheckError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { deps, database } = booted;
  if (config.demo) {
    const demo = await seedDemoCompany(deps.db);
    if (demo) {
      await seedDemoDocuments(deps, demo.companyId, demo.userId);
      console.log(`Datos de demostración creados: ${DEMO.razonSocial} (RUC ${DEMO.ruc})`);
    }
  }
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Emite escuchando en http://localhost:${port} (base de datos: ${database.kind})`);
  // Where `npm run backup` finds this server (PGlite: the copy must come from the process that holds the database).
  writeServerInfo(config.dataDir, { port, pid: process.pid });
  const schedule = config.backupDir ? startDailyBackups(config, deps) : undefined;
  if (await demoLoginExists(deps.db)) console.log(`Usuario demo: ${DEMO.user.email} / ${DEMO.user.password} — personal de plataforma: ${DEMO.staff.email} / ${DEMO.staff.password}`);
  console.log(deps.mailer.mode === 'outbox' ? `Correos (activación, restablecer contraseña, facturas) en ${deps.mailer.outboxDir}` : 'Correos enviados por SMTP_URL');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Deteniendo Emite: el trabajo en curso termina y los demás trabajos tomados quedan libres para otro nodo');
    // app.close() stops the worker (startWorker.stop): the job in hand finishes, the rest are released.
    schedule?.stop();
    await app.close();
    await database.close();
    removeServerInfo(config.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('No se pudo iniciar Emite:', err instanceof Error ? err.message : err);
  process.exit(1);
});
