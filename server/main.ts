/**
 * `npm start`: validate configuration, open and migrate the database, seed, build the app, listen.
 * Prints the URL, the demo login (when the demo company exists) and where mails go.
 */
import { loadConfig } from './config.ts';
import { bootstrap } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { DEMO, demoLoginExists, seedDemoCompany } from './db/seed/demo.ts';
import { seedDemoDocuments } from './db/seed/demo-invoices.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const { deps, database } = await bootstrap(config, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
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
  if (await demoLoginExists(deps.db)) console.log(`Usuario demo: ${DEMO.user.email} / ${DEMO.user.password} — personal de plataforma: ${DEMO.staff.email} / ${DEMO.staff.password}`);
  console.log(deps.mailer.mode === 'outbox' ? `Correos (activación, restablecer contraseña, facturas) en ${deps.mailer.outboxDir}` : 'Correos enviados por SMTP_URL');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Deteniendo Emite: el trabajo en curso termina y los demás trabajos tomados quedan libres para otro nodo');
    // app.close() stops the worker (startWorker.stop): the job in hand finishes, the rest are released.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('No se pudo iniciar Emite:', err instanceof Error ? err.message : err);
  process.exit(1);
});
