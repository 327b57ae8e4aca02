/**
 * The first screen's address rules (src/engine/first-screen-paths.ts), shared by the boot script in
 * index.html, startFirstScreen and the router's login preload.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_PAGE_PATH, isPublicPath, LIST_PATH, listNameOf, LOGIN_PATH, OWN_PAGE_PATH } from '../../../src/engine/first-screen-paths.ts';
import { firstScreenScript } from '../../../server/http/first-screen-preload.ts';

describe('first-screen address rules', () => {
  it('the login page and the other public pages need no session', () => {
    for (const path of ['/login', '/auth/login', '/pages/login', '/auth/register', '/auth/activate/abc', '/auth/reset-password/x']) expect(isPublicPath(path), path).toBe(true);
    for (const path of ['', '/', '/auth', '/dashboard', '/invoicing/invoice', '/pages/user', '/loginx', '/pages/login/x']) expect(isPublicPath(path), path).toBe(false);
  });

  it('a list address names its schema; a page of its own, a record or home names none', () => {
    expect(listNameOf('/invoicing/invoice')).toBe('invoice');
    expect(listNameOf('/customer')).toBe('customer');
    expect(listNameOf('/pages/customer')).toBeUndefined();
    expect(listNameOf('/config/company')).toBeUndefined();
    expect(listNameOf('/invoicing/invoice/abc123')).toBeUndefined();
    expect(listNameOf('/')).toBeUndefined();
  });

  it('the boot script written into index.html tests the same patterns', () => {
    const script = firstScreenScript({ login: [], app: [], list: [], dashboard: [] }, { base: '', lists: {} });
    for (const re of [LOGIN_PATH, AUTH_PAGE_PATH, OWN_PAGE_PATH, LIST_PATH]) expect(script, String(re)).toContain(String(re));
  });
});
