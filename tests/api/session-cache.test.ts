/**
 * Sessions and API keys are kept per node (server/auth/session-cache.ts) and dropped on
 * every node when the database changes them (migration 0015's triggers -> server/db/change-feed.ts).
 * Two API nodes on one database: a password change, a revoked key, a deactivated user and a change
 * made outside the API (SQL, as `npm run staff` or an operator would) are refused by the node that
 * made the change on the very next request, and by the other node as soon as the commit's
 * notification reaches it (its feed's `sync()`: a barrier on its own listening connection, not a clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { newRuc } from '../helpers/test-app.ts';

let t: TestApp;
let nodeB: FastifyInstance;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  nodeB = await t.addNode();
  owner = await signUp(t, { ruc: await newRuc() });
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const get = (node: FastifyInstance, headers: Headers, url = '/api/user/profile-info') => node.inject({ method: 'GET', url, headers });
const status = async (node: FastifyInstance, headers: Headers, url?: string) => (await get(node, headers, url)).statusCode;

/** Both nodes answer `headers` with 200 (each has it in its cache afterwards). */
async function warm(headers: Headers, url?: string) {
  expect(await status(t.app, headers, url)).toBe(200);
  expect(await status(nodeB, headers, url)).toBe(200);
  expect(await status(t.app, headers, url)).toBe(200);
  expect(await status(nodeB, headers, url)).toBe(200);
}

/** A second user of the owner's company, active and signed in. */
async function colleague(role = 'EMISOR') {
  const email = uniqueEmail('col');
  const password = 'Clave1234!';
  const created = await t.app.inject({ method: 'POST', url: '/api/user', headers: owner.auth, payload: { email, password, firstName: 'Luis', lastName: 'Mora', role, active: true } });
  expect(created.statusCode, created.body).toBe(201);
  const login = await t.app.inject({ method: 'PUT', url: `/auth/company/${owner.companyId}/login`, payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  const body = login.json() as { token: string; result: { _id: string } };
  return { email, password, id: body.result._id, auth: { authorization: `Bearer ${body.token}` }, user: created.json() as Record<string, unknown> };
}

describe('session cache on two nodes', () => {
  it('a password change refuses the old token on this node at once and on the other once notified', async () => {
    const c = await colleague();
    await warm(c.auth);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/user/password', headers: c.auth, payload: { currentPassword: c.password, password: 'OtraClave987!' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status(t.app, c.auth)).toBe(401);
    await nodeB.changeFeed.sync();
    expect(await status(nodeB, c.auth)).toBe(401);
    // The new token works on both.
    const fresh = { authorization: `Bearer ${(changed.json() as { token: string }).token}` };
    expect(await status(t.app, fresh)).toBe(200);
    expect(await status(nodeB, fresh)).toBe(200);
  });

  it('a revoked API key is refused by the revoking node at once and by the other once notified', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/api-key', headers: owner.auth, payload: { name: 'ERP', role: 'ADMIN' } });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as { _id: string; key: string };
    const byKey = { 'x-api-key': key.key };
    await warm(byKey, '/api/invoice');
    const revoked = await nodeB.inject({ method: 'DELETE', url: `/api/admin/api-key/${key._id}`, headers: owner.auth });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect(await status(nodeB, byKey, '/api/invoice')).toBe(401);
    await t.app.changeFeed.sync();
    expect(await status(t.app, byKey, '/api/invoice')).toBe(401);
  });

  it('an admin deactivating a user ends that user sessions on both nodes', async () => {
    const c = await colleague();
    await warm(c.auth);
    const { _id, ...rest } = c.user as { _id: string } & Record<string, unknown>;
    const off = await t.app.inject({ method: 'PUT', url: `/api/user/${_id}`, headers: owner.auth, payload: { ...pickUserInput(rest), active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await status(t.app, c.auth)).toBe(401);
    await nodeB.changeFeed.sync();
    expect(await status(nodeB, c.auth)).toBe(401);
  });

  it('a change written outside the API (SQL) is seen by both nodes: role and deactivation', async () => {
    const c = await colleague('ADMIN');
    await warm(c.auth, '/api/admin/api-key');
    // An operator demotes the user in SQL: the cached ADMIN must not keep its permissions.
    await t.database.db.execute(sql`update app_user set role = 'EMISOR' where company_id = ${owner.companyId} and id = ${c.id}`);
    await Promise.all([t.app.changeFeed.sync(), nodeB.changeFeed.sync()]);
    expect(await status(t.app, c.auth, '/api/admin/api-key')).toBe(403);
    expect(await status(nodeB, c.auth, '/api/admin/api-key')).toBe(403);
    await t.database.db.execute(sql`update app_user set active = false where company_id = ${owner.companyId} and id = ${c.id}`);
    await Promise.all([t.app.changeFeed.sync(), nodeB.changeFeed.sync()]);
    expect(await status(t.app, c.auth)).toBe(401);
    expect(await status(nodeB, c.auth)).toBe(401);
  });

  it('a user deleted with its company is refused on both nodes', async () => {
    const other = await signUp(t, { ruc: await newRuc() });
    await warm(other.auth);
    await t.database.db.execute(sql`delete from company where id = ${other.companyId}`);
    await Promise.all([t.app.changeFeed.sync(), nodeB.changeFeed.sync()]);
    expect(await status(t.app, other.auth)).toBe(401);
    expect(await status(nodeB, other.auth)).toBe(401);
  });
});

/** The PUT /api/user/{_id} body from a user as the API returns it. */
function pickUserInput(u: Record<string, unknown>) {
  const { email, firstName, lastName, role, emissionPoints } = u as Record<string, unknown>;
  return { email, firstName, lastName, role, ...(emissionPoints ? { emissionPoints } : {}) };
}
