/**
 * Smoke test of the real start path (no browser): `node --import tsx server/main.ts` on a temporary
 * PGlite DATA_DIR, as `npm start` runs it after building the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { newRuc } from '../helpers/test-app.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => srv?.stop());

describe('server/main.ts on a fresh DATA_DIR', () => {
  it('answers the health check on PGlite', async () => {
    const res = await fetch(`${srv.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'pglite' });
  });

  it('lets the demo user sign in and use the token, and prints that login', async () => {
    const login = await fetch(`${srv.url}/auth/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@emite.ec', password: 'Demo1234!' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token: string; result: { email: string; role: string } };
    expect(body.result).toMatchObject({ email: 'demo@emite.ec', role: 'SUPERADMIN' });
    const profile = await fetch(`${srv.url}/api/user/profile-info`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(profile.status).toBe(200);
    expect(srv.logs()).toContain('Usuario demo: demo@emite.ec / Demo1234!');
    expect(srv.logs()).toMatch(/Emite escuchando en http:\/\/localhost:\d+ \(base de datos: pglite\)/);
  });

  it('serves the SPA from the same origin', async () => {
    const res = await fetch(`${srv.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<div id="root">/);
  });
});

describe('the demo login line', () => {
  it('is printed only when the demo company exists (not with EMITE_DEMO=0, not on a database that had other companies)', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emite-start-'));
    const demoLogin = (url: string) =>
      fetch(`${url}/auth/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@emite.ec', password: 'Demo1234!' }) });
    try {
      const bare = await startTestServer({ env: { EMITE_DEMO: '0' }, dataDir });
      try {
        expect(bare.logs()).not.toContain('Usuario demo');
        const email = 'duena@example.com';
        const reg = await fetch(`${bare.url}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            company: { ruc: await newRuc(), razonSocial: 'Primera Empresa', email, dirMatriz: 'Quito' },
            user: { firstName: 'Dueña', lastName: 'Real', email, password: 'Clave1234!' },
          }),
        });
        expect(reg.status).toBe(201);
      } finally {
        await bare.stop();
      }
      // Restart with the demo on: the database is not empty, so no demo company is made or announced.
      const again = await startTestServer({ dataDir });
      try {
        expect((await demoLogin(again.url)).status).toBe(401);
        expect(again.logs()).not.toContain('Usuario demo');
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
