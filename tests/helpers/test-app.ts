/**
 * Builds the real app in-process for API tests, on a fresh database per call:
 * EMITE_TEST_DB=pglite (default) -> in-memory PGlite; EMITE_TEST_DB=postgres -> a new database
 * created on TEST_DATABASE_URL's server and dropped on close. Mail goes to a temp outbox.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adminQuery } from './pg-admin.ts';
import { inject } from 'vitest';
import { simpleParser } from 'mailparser';
import { buildApp } from '../../server/app.ts';
import type { AppDeps } from '../../server/app-deps.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { runSeeds } from '../../server/db/seed/run-seeds.ts';
import { createMailer, type Mailer } from '../../server/mail/mailer.ts';
import { createJwtService } from '../../server/auth/jwt.ts';
import { createSecretBox } from '../../server/auth/secret-box.ts';
import { createRoleCache } from '../../server/auth/role-cache.ts';
import { openChangeFeed } from '../../server/db/change-feed.ts';
import { loadSchemaRegistry } from '../../server/schemas/registry.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  deps: AppDeps;
  outboxDir: string;
  /**
   * A restart: close the app (not the database) and build it again on the same database, with
   * `config` changes (e.g. `{ worker: true }`); `app` and `deps` are the new ones afterwards.
   */
  restart(config?: Partial<AppDeps['config']>): Promise<void>;
  /** Another API node on the same database (its own app, role cache and worker), closed with this one. */
  addNode(config?: Partial<AppDeps['config']>): Promise<FastifyInstance>;
  /** Mails written so far (after background sends finish), oldest first, parsed. */
  mails(): Promise<Array<{ to: string; subject: string; text: string; attachments: Array<{ filename?: string; contentType: string; size: number }> }>>;
  close(): Promise<void>;
}

export const dbKind = (process.env.EMITE_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * The run's migrated, seeded template (tests/helpers/db-template.ts): a PGlite tarball, read once
 * per file, or a PostgreSQL database name; undefined outside the API project (migrate instead).
 */
const template = ((): string | undefined => {
  try {
    return inject('dbTemplate') || undefined;
  } catch {
    // Outside vitest (bench/issue.ts imports newRuc from here) there is no injected value.
    return undefined;
  }
})();
let pgliteTemplate: Blob | undefined;
function templateDump(): Blob | undefined {
  if (!template) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(template)]);
  return pgliteTemplate;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (dbKind === 'pglite') return { database: await openDatabase({ pgliteDump: templateDump() }), drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('EMITE_TEST_DB=postgres necesita TEST_DATABASE_URL');
  const name = `emite_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    database,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function createTestApp(
  opts: { clock?: () => Date; authRateLimit?: number; schemasDir?: string; mailer?: Mailer; consumidorFinalCap?: number; extend?: (deps: AppDeps) => void } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await runSeeds(database.db);
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'emite-outbox-'));
  const clock = opts.clock ?? (() => new Date());
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config: { appUrl: 'http://emite.test', authRateLimit: opts.authRateLimit ?? 10_000, consumidorFinalCap: opts.consumidorFinalCap ?? 50, sriEnv: 'sandbox' },
    mailer: opts.mailer ?? createMailer({ outboxDir }),
    clock,
    jwt: createJwtService(TEST_JWT_SECRET, 12 * 3600, clock),
    roleCache: createRoleCache(database.db),
    changeFeed: await openChangeFeed(database.notifications),
    secretBox: createSecretBox(Buffer.alloc(32, 7)),
    schemas: loadSchemaRegistry({ overridesDir: opts.schemasDir }),
    version: 'test',
    dumpDatabase: database.dump ? async () => new Uint8Array(await (await database.dump!()).arrayBuffer()) : undefined,
  };
  opts.extend?.(deps);
  const nodes: FastifyInstance[] = [];
  const build = async (d: AppDeps) => {
    const built = await buildApp(d);
    await built.ready();
    return built;
  };
  const app = await build(deps);
  const testApp: TestApp = {
    app,
    database,
    deps,
    outboxDir,
    async restart(this: TestApp, config = {}) {
      await this.app.close();
      // The closed app closed its change feed: each build listens on its own.
      this.deps = { ...this.deps, config: { ...this.deps.config, ...config }, roleCache: createRoleCache(database.db), changeFeed: await openChangeFeed(database.notifications) };
      this.app = await build(this.deps);
    },
    async addNode(this: TestApp, config = {}) {
      const node = await build({
        ...this.deps,
        config: { ...this.deps.config, ...config },
        roleCache: createRoleCache(database.db),
        changeFeed: await openChangeFeed(database.notifications),
        kickWorker: undefined,
      });
      nodes.push(node);
      return node;
    },
    async mails() {
      // Some mails go out after the reply (forgot-password, resend-activation): wait for them.
      await this.app.background.idle();
      const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
      return Promise.all(
        files.map(async (f) => {
          const m = await simpleParser(readFileSync(path.join(outboxDir, f)));
          const to = Array.isArray(m.to) ? m.to[0]?.text ?? '' : m.to?.text ?? '';
          return { to, subject: m.subject ?? '', text: m.text ?? '', attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })) };
        }),
      );
    },
    async close() {
      for (const node of nodes) await node.close();
      await this.app.close();
      await database.close();
      await drop();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

let counter = 0;
/** A valid, unique-per-call sociedad RUC-shaped value is hard to make; tests use these real ones. */
export const VALID_RUCS = ['1790016919001', '0190072002001', '1792060346001', '1710744424001'];

export function uniqueEmail(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

/** Register a company, activate it from the mailed link and sign in. Returns the bearer header. */
export async function signUp(t: TestApp, p: { ruc: string; email?: string; password?: string; razonSocial?: string }) {
  const email = p.email ?? uniqueEmail();
  const password = p.password ?? 'Clave1234!';
  const reg = await t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      company: { ruc: p.ruc, razonSocial: p.razonSocial ?? `Empresa ${p.ruc}`, email, dirMatriz: 'Av. Siempre Viva 123, Quito' },
      user: { firstName: 'Ana', lastName: 'Pérez', email, password },
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const token = await lastLinkToken(t, 'activate');
  const act = await t.app.inject({ method: 'PUT', url: `/auth/activate-account/${token}`, payload: {} });
  if (act.statusCode !== 200) throw new Error(`activate failed: ${act.body}`);
  const companyId = (reg.json() as { company: { _id: string } }).company._id;
  const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${companyId}/login`, payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json() as { token: string; result: { _id: string; company: { _id: string } } };
  return { email, password, token: body.token, auth: { authorization: `Bearer ${body.token}` }, userId: body.result._id, companyId: body.result.company._id };
}

/** The token of the newest mailed link of a kind ('activate' | 'reset-password' | 'confirm-email'). */
export async function lastLinkToken(t: TestApp, kind: 'activate' | 'reset-password' | 'confirm-email'): Promise<string> {
  const mails = await t.mails();
  for (const m of mails.reverse()) {
    const match = new RegExp(`#/auth/${kind}/([A-Za-z0-9_-]+)`).exec(m.text);
    if (match) return match[1];
  }
  throw new Error(`no ${kind} link in the outbox`);
}

/**
 * A fresh persona-natural RUC (valid cédula + 001) for each call, so tests never collide on the
 * unique RUC. The check digit is found by asking core's own cédula check.
 */
export async function newRuc(): Promise<string> {
  const { checkCedula } = await import('../../core/identification.ts');
  for (;;) {
    const province = String(1 + Math.floor(Math.random() * 24)).padStart(2, '0');
    const body = `${province}${Math.floor(Math.random() * 6)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    for (let dv = 0; dv <= 9; dv += 1) {
      if (checkCedula(`${body}${dv}`).valid) return `${body}${dv}001`;
    }
  }
}
