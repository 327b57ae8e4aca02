/**
 * Security headers by protocol (issue 28): over plain HTTP (an office PC at http://192.168.x.x:3000)
 * the CSP has no upgrade-insecure-requests and there is no HSTS, so the browser loads the app's
 * scripts over the same HTTP; over HTTPS — a TLS socket, or X-Forwarded-Proto from a proxy that
 * TRUST_PROXY trusts — both are sent. A client cannot obtain the HTTPS set by forging the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');

describe('security headers over HTTP and HTTPS', () => {
  it('over plain HTTP: CSP without upgrade-insecure-requests, no HSTS, the rest of the set', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(csp(res.headers)).toContain("default-src 'self'");
      expect(csp(res.headers)).toContain("script-src 'self' 'unsafe-eval'");
      expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('a forged X-Forwarded-Proto without TRUST_PROXY still gets the HTTP set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  describe('behind a TLS proxy that TRUST_PROXY names', () => {
    beforeAll(async () => {
      await t.restart({ trustProxy: ['127.0.0.1'] });
    });

    it('HTTPS through the proxy: upgrade-insecure-requests and HSTS, on answers and errors alike', async () => {
      for (const url of ['/api/health', '/api/no-such-thing', '/api/user']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
        expect(csp(res.headers)).toContain('upgrade-insecure-requests');
        expect(String(res.headers['strict-transport-security'])).toMatch(/^max-age=\d+/);
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
    });

    it('plain HTTP through the same proxy (or straight to the port) keeps the HTTP set', async () => {
      for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
        expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('a proxy address TRUST_PROXY does not name cannot switch to HTTPS', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
