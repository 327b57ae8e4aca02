/**
 * From configuration to running dependencies: data dir, secrets, database (migrated and seeded),
 * mailer, schema registry. Shared by main.ts and the end-to-end test server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REPO_ROOT } from './repo-root.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runSeeds } from './db/seed/run-seeds.ts';
import { releaseAllClaimedJobs } from './db/repositories/jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { createJwtService } from './auth/jwt.ts';
import { createSecretBox } from './auth/secret-box.ts';
import { createRoleCache } from './auth/role-cache.ts';
import { loadSchemaRegistry } from './schemas/registry.ts';
import { ensureRecordIndexes } from './domain/records/record-resources.ts';
import type { AppDeps } from './app-deps.ts';
import { openChangeFeed } from './db/change-feed.ts';
import { COMPROBANTE_TYPES } from './domain/comprobantes/registry.ts';
import { assertRegistryComplete } from './domain/comprobantes/check-registry.ts';
import { xsdDir } from './sri/validate-xsd.ts';
import { BUNDLED_SCHEMAS_DIR, type SchemaRegistry } from './schemas/registry.ts';

/**
 * Stop the start when a registered comprobante type misses its XSD, schema folder or editor
 * (check-registry.ts). @throws RegistryCheckError naming each file to add.
 */
export function checkComprobanteRegistry(schemas: SchemaRegistry): void {
  // The sources ship beside the bundle in a checkout; a built deployment has no src/ to check.
  const sourcesShip = existsSync(path.join(REPO_ROOT, 'src/renderers/custom-renderers.ts'));
  assertRegistryComplete({
    types: COMPROBANTE_TYPES,
    xsdDir: xsdDir(),
    schemasDir: BUNDLED_SCHEMAS_DIR,
    schemaNamed: (name) => schemas.get(name),
    editorsDir: sourcesShip ? path.join(REPO_ROOT, 'src/renderers/comprobantes') : undefined,
  });
}

export function readVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A secret kept in DATA_DIR (generated on first start) unless given by the environment. */
function persistentSecret(dataDir: string, file: string, bytes: number): Buffer {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return Buffer.from(readFileSync(full, 'utf8').trim(), 'base64');
  const secret = randomBytes(bytes);
  writeFileSync(full, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

export interface Bootstrapped {
  deps: AppDeps;
  database: Database;
}

export async function bootstrap(config: Config, opts: { logger?: AppDeps['logger'] } = {}): Promise<Bootstrapped> {
  mkdirSync(config.dataDir, { recursive: true });
  const schemas = loadSchemaRegistry({ overridesDir: config.schemasDir });
  checkComprobanteRegistry(schemas);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite') });
  await runSeeds(database.db);
  await ensureRecordIndexes(database.db, schemas);
  // Embedded PGlite has one server per DATA_DIR (bootstrap runs only in server/main.ts): what a crash
  // left claimed is this process's to resume now, not after its lease.
  if (database.kind === 'pglite') {
    const released = await releaseAllClaimedJobs(database.db, new Date());
    if (released > 0) console.log(`Trabajos interrumpidos al detenerse el servidor: ${released}, reanudados`);
  }
  const jwtSecret = config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt.secret', 48).toString('base64');
  const encryptionKey = process.env.EMITE_ENCRYPTION_KEY ? Buffer.from(process.env.EMITE_ENCRYPTION_KEY, 'base64') : persistentSecret(config.dataDir, 'secret.key', 32);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: {
      appUrl: config.appUrl,
      consumidorFinalCap: config.consumidorFinalCap,
      sriEnv: config.sriEnv,
      staticDir: process.env.EMITE_STATIC_DIR ?? path.join(REPO_ROOT, 'dist'),
      authRateLimit: config.authRateLimit,
      apiKeyRateLimit: config.apiKeyRateLimit,
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      sriRecepcionUrl: config.sriRecepcionUrl,
      sriAutorizacionUrl: config.sriAutorizacionUrl,
      sriConsultaUrl: config.sriConsultaUrl,
      sriAnnulmentCheckMs: config.sriAnnulmentCheckMs,
      worker: config.workers,
      sriResendAfterMs: config.sriResendAfterMs,
      sriLotePollMs: config.sriLotePollMs,
      webhookAllowPrivate: config.webhookAllowPrivate,
      backupToken: database.dump ? persistentSecret(config.dataDir, 'backup.token', 32).toString('base64url') : undefined,
    },
    dumpDatabase: database.dump ? async () => new Uint8Array(await (await database.dump!()).arrayBuffer()) : undefined,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
    clock: () => new Date(),
    jwt: createJwtService(jwtSecret),
    roleCache: createRoleCache(database.db),
    changeFeed: await openChangeFeed(database.notifications),
    secretBox: createSecretBox(encryptionKey),
    schemas,
    version: readVersion(),
    logger: opts.logger,
  };
  return { deps, database };
}
