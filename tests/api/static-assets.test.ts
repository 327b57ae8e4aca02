/**
 * The built SPA as sent (issue 30): a hashed JS asset comes back compressed (br, else gzip) with
 * Content-Encoding, Vary and a one-year immutable Cache-Control; index.html is revalidated
 * (no-cache); a client that accepts no encoding gets the plain file. The files are written and
 * precompressed here the way `vite build` does it (vite.config.ts -> precompressAssets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { precompressAssets } from '../../server/http/precompress-assets.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-dist-'));
const js = Array.from({ length: 400 }, (_, i) => `export const value${i} = "línea ${i} del módulo";`).join('\n');
const asset = '/assets/index-Ab12Cd34.js';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`);
  writeFileSync(path.join(dir, asset), js);
  precompressAssets(dir);
  t = await createTestApp({ extend: (deps) => { deps.config.staticDir = dir; } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static assets', () => {
  it('a hashed JS asset: brotli when accepted, with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('gzip for a client without brotli, the plain file for one that accepts no encoding', async () => {
    const gz = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('index.html is revalidated on every load, so a new build is picked up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(asset);
  });
});
