/**
 * Backups (DESIGN.md §15), on the database this run uses: a backup taken while invoices are being
 * issued (PGlite: the server's own dump through GET /internal/backup; PostgreSQL: pg_dump), sealed
 * with a passphrase, restored into an empty target and served by a new app: the same list, the same
 * signed XML bytes, the same certificate, logins work, and the next invoice takes the next
 * secuencial. A wrong passphrase and a non-empty target are refused and leave the target as it was.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app.ts';
import { adminQuery } from '../helpers/pg-admin.ts';
import { bookSale, issuingCompany, post } from '../helpers/fixtures.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createJwtService } from '../../server/auth/jwt.ts';
import { createSecretBox } from '../../server/auth/secret-box.ts';
import { createRoleCache } from '../../server/auth/role-cache.ts';
import { loadSchemaRegistry } from '../../server/schemas/registry.ts';
import { openChangeFeed } from '../../server/db/change-feed.ts';
import { createBackup } from '../../server/domain/backups/create-backup.ts';
import { restoreBackup } from '../../server/domain/backups/restore-backup.ts';
import { pgDump } from '../../server/domain/backups/pg-tools.ts';
import { sql } from 'drizzle-orm';
import { BACKUP_TOKEN_HEADER } from '../../server/routes/internal/backup-route.ts';
import type { AppDeps } from '../../server/app-deps.ts';

const PASSPHRASE = 'caballo correcto batería grapa';
const TOKEN = randomBytes(32).toString('base64url');
const ENCRYPTION_KEY = Buffer.alloc(32, 7); // the test app's secret box key
const tmp = mkdtempSync(path.join(os.tmpdir(), 'emite-backup-'));
/** DATA_DIR of the running instance: its secret files as a real installation has them. */
const sourceDir = path.join(tmp, 'source');
let t: TestApp;
let testDbUrl: string | undefined;
const created: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ extend: (deps) => void (deps.config.backupToken = TOKEN) });
  rmSync(sourceDir, { recursive: true, force: true });
  await import('node:fs').then((fs) => fs.mkdirSync(sourceDir, { recursive: true }));
  writeFileSync(path.join(sourceDir, 'secret.key'), ENCRYPTION_KEY.toString('base64'));
  writeFileSync(path.join(sourceDir, 'jwt.secret'), Buffer.from(TEST_JWT_SECRET).toString('base64'));
  if (dbKind === 'postgres') {
    // The test app's database: the pool's connection string.
    testDbUrl = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  }
});
afterAll(async () => {
  await t?.close();
  for (const name of created) await adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(tmp, { recursive: true, force: true });
});

/** The running instance's dump, as `npm run backup` gets it. */
async function dumpNow(): Promise<Uint8Array> {
  if (dbKind === 'postgres') return new Uint8Array(await pgDump(testDbUrl!));
  const res = await t.app.inject({ method: 'GET', url: '/internal/backup', headers: { [BACKUP_TOKEN_HEADER]: TOKEN } });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

/** A new empty target: a folder, and on PostgreSQL an empty database. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = path.join(tmp, `restored-${randomBytes(4).toString('hex')}`);
  if (dbKind === 'pglite') return { dataDir };
  const name = `emite_r_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** An app on the restored target, with the secrets the restore wrote to its DATA_DIR. */
async function serveRestored(target: { dataDir: string; databaseUrl?: string }): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; database: Database }> {
  const { readFileSync } = await import('node:fs');
  const database = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { pgliteDir: path.join(target.dataDir, 'pglite') });
  const key = Buffer.from(readFileSync(path.join(target.dataDir, 'secret.key'), 'utf8'), 'base64');
  const jwtSecret = Buffer.from(readFileSync(path.join(target.dataDir, 'jwt.secret'), 'utf8'), 'base64').toString('utf8');
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: { appUrl: 'http://emite.test', authRateLimit: 10_000, consumidorFinalCap: 50, sriEnv: 'sandbox' },
    mailer: createMailer({ outboxDir: path.join(target.dataDir, 'outbox') }),
    clock: () => new Date(),
    jwt: createJwtService(jwtSecret),
    roleCache: createRoleCache(database.db),
    secretBox: createSecretBox(key),
    schemas: loadSchemaRegistry({}),
    version: 'test',
    changeFeed: await openChangeFeed(database.notifications),
  };
  const app = await buildApp(deps);
  await app.ready();
  return { app, database };
}

describe(`backup while issuing, restore into an empty target (${dbKind})`, () => {
  it('serves the same documents byte for byte, signs with the same certificate, logins work, numbering continues', async () => {
    const { a, data } = await issuingCompany(t);
    const issue = async () => {
      const draft = await post(t, a.auth, '/api/invoice', bookSale(data));
      const res = await t.app.inject({ method: 'POST', url: `/api/invoice/${draft._id}/issue`, headers: a.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { _id: string; secuencial: string };
    };
    for (let i = 0; i < 3; i += 1) await issue();
    // The copy is taken while three more invoices are being issued.
    const [dump] = await Promise.all([dumpNow(), issue(), issue(), issue()]);
    const sealed = await createBackup({ database: dbKind, dump: async () => dump, dataDir: sourceDir, appVersion: 'test', passphrase: PASSPHRASE, now: new Date(), scryptLogN: 12 });
    expect(Buffer.from(sealed.subarray(0, 21)).toString()).toBe('age-encryption.org/v1');
    expect(Buffer.from(sealed).includes(Buffer.from('factura'))).toBe(false);

    const target = await emptyTarget();
    const header = await restoreBackup({ sealed, passphrase: PASSPHRASE, ...target });
    expect(header).toMatchObject({ database: dbKind, appVersion: 'test' });
    const restored = await serveRestored(target);
    try {
      // A PostgreSQL copy leaves the columns' compression out (it restores on a server without lz4);
      // the restore sets lz4 again on the XML columns where the server has it, as migration 0023 did.
      if (dbKind === 'postgres') {
        const { rows } = (await restored.database.db.execute(sql`select attname, attcompression from pg_attribute where attrelid = 'comprobante'::regclass and attname in ('signed_xml', 'authorization_xml') order by attname`)) as unknown as { rows: Array<{ attname: string; attcompression: string }> };
        expect(rows).toEqual([
          { attname: 'authorization_xml', attcompression: 'l' },
          { attname: 'signed_xml', attcompression: 'l' },
        ]);
      }
      const login = await restored.app.inject({ method: 'PUT', url: '/auth/login', payload: { email: a.email, password: a.password } });
      expect(login.statusCode, login.body).toBe(200);
      const auth = { authorization: `Bearer ${login.json().token}` };
      // A session token from before the backup is still valid (same jwt.secret).
      expect((await restored.app.inject({ method: 'GET', url: '/api/user/profile-info', headers: a.auth })).statusCode).toBe(200);

      const list = (app: typeof t.app, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/invoice?per_page=100&sort=secuencial', headers }).then((r) => r.json() as Array<{ _id: string; secuencial: string; status: string; claveAcceso: string }>);
      const after = await list(restored.app, auth);
      const before = await list(t.app, a.auth);
      // At least the three issued before the copy; none that the original does not have, each the same.
      expect(after.length).toBeGreaterThanOrEqual(3);
      for (const inv of after) {
        const original = before.find((b) => b._id === inv._id);
        expect(original, inv._id).toBeDefined();
        if (inv.status === 'AUTORIZADA') expect(inv).toEqual(original);
      }
      const secuenciales = after.map((inv) => Number(inv.secuencial)).filter((n) => n > 0);
      expect(new Set(secuenciales).size).toBe(secuenciales.length);
      for (const inv of after.filter((i) => i.status === 'AUTORIZADA')) {
        const [x, y] = await Promise.all([
          t.app.inject({ method: 'GET', url: `/api/invoice/${inv._id}/xml`, headers: a.auth }),
          restored.app.inject({ method: 'GET', url: `/api/invoice/${inv._id}/xml`, headers: auth }),
        ]);
        expect(y.statusCode).toBe(200);
        expect(Buffer.compare(x.rawPayload, y.rawPayload), `XML of ${inv.secuencial}`).toBe(0);
      }
      // Same certificate, and the next invoice takes the next number of the restored sequence.
      const company = await restored.app.inject({ method: 'GET', url: '/api/admin/company', headers: auth });
      const original = await t.app.inject({ method: 'GET', url: '/api/admin/company', headers: a.auth });
      expect(company.json().certificate).toEqual(original.json().certificate);
      const draft = await restored.app.inject({ method: 'POST', url: '/api/invoice', headers: auth, payload: bookSale(data) });
      expect(draft.statusCode, draft.body).toBe(201);
      const next = await restored.app.inject({ method: 'POST', url: `/api/invoice/${draft.json()._id}/issue`, headers: auth });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().status).toBe('AUTORIZADA');
      expect(Number(next.json().secuencial)).toBe(Math.max(...secuenciales) + 1);
    } finally {
      await restored.app.close();
      await restored.database.close();
    }

    // The same file into the now non-empty target is refused; so is a wrong passphrase, which writes nothing.
    await expect(restoreBackup({ sealed, passphrase: PASSPHRASE, ...target })).rejects.toMatchObject({ code: 'BACKUP_TARGET_NOT_EMPTY', message: expect.stringMatching(/no está vacío/) });
    const fresh = await emptyTarget();
    await expect(restoreBackup({ sealed, passphrase: 'otra contraseña equivocada', ...fresh })).rejects.toMatchObject({ code: 'BACKUP_PASSPHRASE', message: expect.stringMatching(/contraseña de la copia no es correcta/) });
    expect(readdirSync(tmp)).not.toContain(path.basename(fresh.dataDir));
  }, 240_000);

  it('the server hands its dump only to a loopback caller with the DATA_DIR token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/internal/backup' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/internal/backup', headers: { [BACKUP_TOKEN_HEADER]: 'x'.repeat(43) } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/internal/backup', remoteAddress: '10.0.0.5', headers: { [BACKUP_TOKEN_HEADER]: TOKEN } })).statusCode).toBe(404);
  });
});
