/**
 * Smoke test of the real start path (no browser): `node --import tsx server/main.ts` on a temporary
 * PGlite DATA_DIR, as `npm start` runs it after building the SPA.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
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

  it('serves React\'s production build, as `npm run build` ships it, even under Vitest (NODE_ENV=test)', async () => {
    const html = await (await fetch(`${srv.url}/`)).text();
    const entries = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    const js = (await Promise.all(entries.map(async (src) => (await fetch(new URL(src, srv.url))).text()))).join('\n');
    // react-dom's production bundle reports errors by code; its development bundle (StrictMode's
    // double effects: a drawer's focus trap started twice) spells them out instead.
    expect(js).toContain('Minified React error');
    expect(js).not.toContain('Maximum update depth exceeded');
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

describe('npm run backup / npm run restore (DESIGN.md §15) against the running server', () => {
  it('copies the running PGlite server, refuses a wrong passphrase and a non-empty DATA_DIR, and the restored copy signs the demo user in', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'emite-cli-backup-'));
    const file = path.join(work, 'copia.age');
    const restored = path.join(work, 'restored');
    const run = (script: string, args: string[], env: Record<string, string>) =>
      spawnSync('npx', ['tsx', `server/cli/${script}.ts`, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
    try {
      const backup = run('backup', [file], { DATA_DIR: srv.dataDir, EMITE_BACKUP_PASSPHRASE: 'frase de prueba larga' });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Copia cifrada escrita en ${file}`);
      // A second copy to the same file is refused: a copy never overwrites another.
      expect(run('backup', [file], { DATA_DIR: srv.dataDir, EMITE_BACKUP_PASSPHRASE: 'frase de prueba larga' }).status).toBe(2);

      const wrong = run('restore', [file], { DATA_DIR: restored, EMITE_BACKUP_PASSPHRASE: 'otra frase equivocada' });
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toMatch(/^No se restauró la copia: /);
      const ok = run('restore', [file], { DATA_DIR: restored, EMITE_BACKUP_PASSPHRASE: 'frase de prueba larga' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`restaurada en ${restored}`);
      const again = run('restore', [file], { DATA_DIR: restored, EMITE_BACKUP_PASSPHRASE: 'frase de prueba larga' });
      expect(again.status).toBe(1);

      const copy = await startTestServer({ dataDir: restored, env: { EMITE_DEMO: '0' } });
      try {
        const login = await fetch(`${copy.url}/auth/login`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@emite.ec', password: 'Demo1234!' }) });
        expect(login.status).toBe(200);
      } finally {
        await copy.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
