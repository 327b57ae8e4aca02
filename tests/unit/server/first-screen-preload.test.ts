/**
 * The first screen's preload hints (server/http/first-screen-preload.ts): which chunks the boot
 * script asks for, per address and session, and how the chunk table is read from a build.
 */
import { describe, expect, it } from 'vitest';
import { firstScreenChunks, firstScreenScript, type FirstScreenChunks } from '../../../server/http/first-screen-preload.ts';

const CHUNKS: FirstScreenChunks = { login: ['/assets/Login.js', '/assets/shared.js'], app: ['/assets/AppLayout.js', '/assets/shared.js'], list: ['/assets/ListPage.js'], dashboard: ['/assets/Dashboard.js'] };

/** Runs the boot script against a fake document; returns the hrefs of the links it added. */
function preloaded(hash: string, signedIn: boolean, existing: string[] = []): string[] {
  const added: Array<{ rel: string; href: string; crossOrigin: string | null }> = [];
  const hrefs = () => [...existing, ...added.map((l) => l.href)];
  const store: Record<string, string> = signedIn ? { auth_token: 't', currentUser: '{"_id":"u"}' } : {};
  const document = {
    querySelector: (sel: string) => (hrefs().includes(/href="([^"]+)"/.exec(sel)![1]) ? {} : null),
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (l: (typeof added)[number]) => added.push(l) },
  };
  new Function('location', 'localStorage', 'document', firstScreenScript(CHUNKS))({ hash }, { getItem: (k: string) => store[k] ?? null }, document);
  expect(added.every((l) => l.rel === 'modulepreload' && l.crossOrigin === '')).toBe(true);
  return added.map((l) => l.href);
}

describe('first-screen preload script', () => {
  it('the login page: its chunks at the login addresses, and for a visitor without a session anywhere the guard sends to login', () => {
    for (const hash of ['#/login', '#/auth/login', '#/pages/login?returnUrl=%2Fx']) expect(preloaded(hash, true)).toEqual(['/assets/Login.js', '/assets/shared.js']);
    for (const hash of ['', '#/', '#/auth', '#/invoicing/invoice', '#/dashboard']) expect(preloaded(hash, false)).toEqual(['/assets/Login.js', '/assets/shared.js']);
  });

  it('the other public pages get nothing', () => {
    expect(preloaded('#/auth/register', false)).toEqual([]);
    expect(preloaded('#/auth/reset-password/abc', true)).toEqual([]);
  });

  it('signed in: the frame, plus the list renderer at a list address or the dashboard at home; a shared chunk once', () => {
    expect(preloaded('#/invoicing/invoice?status=BORRADOR', true)).toEqual(['/assets/AppLayout.js', '/assets/shared.js', '/assets/ListPage.js']);
    expect(preloaded('#/customer', true)).toEqual(['/assets/AppLayout.js', '/assets/shared.js', '/assets/ListPage.js']);
    for (const hash of ['', '#/auth', '#/dashboard']) expect(preloaded(hash, true)).toEqual(['/assets/AppLayout.js', '/assets/shared.js', '/assets/Dashboard.js']);
    for (const hash of ['#/invoicing/invoice/abc123', '#/pages/user', '#/config/company']) expect(preloaded(hash, true)).toEqual(['/assets/AppLayout.js', '/assets/shared.js']);
  });

  it('a chunk index.html already preloads is not added again', () => {
    expect(preloaded('#/login', false, ['/assets/shared.js'])).toEqual(['/assets/Login.js']);
  });
});

describe('firstScreenChunks', () => {
  const root = '/p';
  const chunk = (fileName: string, facade: string | null, imports: string[], isEntry = false) => ({ type: 'chunk' as const, fileName, facadeModuleId: facade, imports, isEntry });
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', '/p/src/main.tsx', ['assets/react.js'], true),
      chunk('assets/react.js', null, []),
      chunk('assets/Login.js', '/p/src/shell/pages/LoginPage.tsx', ['assets/react.js', 'assets/form.js']),
      chunk('assets/form.js', null, ['assets/react.js']),
      chunk('assets/AppLayout.js', '/p/src/shell/AppLayout.tsx', ['assets/form.js']),
      chunk('assets/ScreenRouter.js', '/p/src/shell/ScreenRouter.tsx', []),
      chunk('assets/first.js', '/p/src/engine/first-screen.ts', []),
      chunk('assets/List.js', '/p/src/renderers/ListPage.tsx', ['assets/table.js']),
      chunk('assets/table.js', null, []),
      chunk('assets/Dash.js', '/p/src/renderers/dashboard/Dashboard.tsx', []),
    ].map((c) => [c.fileName, c]),
  );

  it("each case: its modules' chunks and their static imports, less what the entry already loads", () => {
    const c = firstScreenChunks(bundle, root);
    expect(c.login.sort()).toEqual(['/assets/Login.js', '/assets/form.js']);
    expect(c.app.sort()).toEqual(['/assets/AppLayout.js', '/assets/ScreenRouter.js', '/assets/first.js', '/assets/form.js']);
    expect(c.list.sort()).toEqual(['/assets/List.js', '/assets/table.js']);
    expect(c.dashboard).toEqual(['/assets/Dash.js']);
  });

  it('fails the build when a module is no longer a chunk of its own', () => {
    const { ['assets/List.js']: _gone, ...rest } = bundle;
    expect(() => firstScreenChunks(rest, root)).toThrow(/ListPage\.tsx/);
  });
});

describe('first-screen preload script: the API requests', () => {
  const API = { base: '', lists: { invoice: { api: '/api/invoice', sort: '-fechaEmision' }, customer: { api: '/api/customer' } } };

  /** Runs the boot script with a session or not; returns the fetches it sent and what it left in window.__emiteBoot. */
  function sent(hash: string, signedIn: boolean, api: typeof API & { base?: string } = API) {
    const order: string[] = [];
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const store: Record<string, string> = signedIn ? { auth_token: 'tok', currentUser: '{"_id":"u"}' } : {};
    const document = {
      querySelector: () => null,
      createElement: () => ({ rel: '', href: '', crossOrigin: null }),
      head: { appendChild: (l: { href: string }) => order.push(`link ${l.href}`) },
    };
    const fetch = (url: string, init: { headers: Record<string, string> }) => {
      order.push(`fetch ${url}`);
      calls.push({ url, headers: init.headers });
      return Promise.resolve({ ok: true });
    };
    const window: { __emiteBoot?: { token: string; at: number; requests: Record<string, Promise<unknown>> } } = {};
    new Function('location', 'localStorage', 'document', 'fetch', 'window', 'URLSearchParams', firstScreenScript(CHUNKS, api))({ hash }, { getItem: (k: string) => store[k] ?? null }, document, fetch, window, URLSearchParams);
    return { calls, order, boot: window.__emiteBoot };
  }

  it("signed in at a list address without a query: the menu, the schemas and the list's first page as list.json sorts it, with the bearer, before any chunk", () => {
    const { calls, order, boot } = sent('#/invoicing/invoice', true);
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/', '/api/invoice?page=1&per_page=20&sort=-fechaEmision']);
    expect(calls.every((c) => c.headers.authorization === 'Bearer tok' && c.headers.accept === 'application/json')).toBe(true);
    expect(order.findIndex((o) => o.startsWith('link'))).toBe(3);
    expect(boot!.token).toBe('tok');
    expect(Object.keys(boot!.requests)).toEqual(calls.map((c) => c.url));
    expect(sent('#/customer', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/', '/api/customer?page=1&per_page=20']);
  });

  it('a list address with a query, or an address that is no list: the menu and the schemas only', () => {
    expect(sent('#/invoicing/invoice?status=BORRADOR', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/']);
    expect(sent('#/invoicing/invoice/abc123', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/']);
    expect(sent('#/dashboard', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/']);
    expect(sent('#/invoicing/toString', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/']);
    expect(sent('#/pages/customer', true).calls.map((c) => c.url)).toEqual(['/api/admin/menu/', '/api/admin/schema/']);
  });

  it('the API base of the build goes before every path', () => {
    expect(sent('#/customer', true, { ...API, base: 'https://api.example.ec' }).calls.map((c) => c.url)).toEqual(['https://api.example.ec/api/admin/menu/', 'https://api.example.ec/api/admin/schema/', 'https://api.example.ec/api/customer?page=1&per_page=20']);
  });

  it('nothing is asked without a session, at the login page or at the other public pages', () => {
    for (const [hash, signedIn] of [['#/invoicing/invoice', false], ['#/login', true], ['#/pages/login', true], ['#/auth/register', true], ['#/auth/reset-password/x', false]] as const) {
      const { calls, boot } = sent(hash, signedIn);
      expect(calls, hash).toEqual([]);
      expect(boot, hash).toBeUndefined();
    }
  });
});
