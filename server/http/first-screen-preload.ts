/**
 * Build-time hints for the first screen's lazy chunks (issue 30; vite.config.ts adds the plugin).
 *
 * Without them a cold load runs in series: the entry (React, router, Chakra) is fetched and
 * executed, and only then does the router ask for the lazy chunks of the screen it draws (the login
 * page, or the signed-in frame, the screen router, the list renderer…), one level of `import()` at a
 * time. The plugin writes a small module script, `assets/preload-first-screen-<hash>.js`, placed in
 * index.html before the entry (module scripts run in document order, so it runs before the entry
 * is evaluated; fetched at the entry's priority): it reads the address (`location.hash`) and whether a session is
 * stored (localStorage `auth_token` and `currentUser`, as src/engine/session.ts) and adds
 * `<link rel="modulepreload">` for that screen's chunks and their static imports, so they download
 * and compile while the entry still runs. It is an external script because the CSP allows no inline
 * script (server/plugins/security-headers.ts); being a module script it blocks no rendering.
 *
 * Which chunks (the route table of src/shell/router.tsx and src/engine/first-screen.ts):
 * - login: `#/login`, `#/auth/login`, `#/pages/login`, and without a session any address but the
 *   other public pages (`#/auth/register`…; the guard sends a visitor to the login page);
 * - app (signed in, not a public page): the signed-in frame, the screen router and the early
 *   requests (first-screen.ts); plus the list renderer at `#/<section>/<schema>` or `#/<schema>`,
 *   and the dashboard at `#/`, `#/auth` and `#/dashboard`.
 * A wrong guess costs bandwidth only: the router still imports what it draws.
 *
 * Signed in, not at a public page, it also sends the first screen's API requests (the menu, the
 * schemas and, at a list address without a query, the list's first page as the bundled list.json
 * describes it: `?page=1&per_page=20[&sort=<defaultSort>]`), with the headers of the API client
 * (src/engine/api-client.ts), and leaves their promises in `window.__emiteBoot` = `{ token, at,
 * requests: { <url>: Promise<Response> } }`: the API client takes one instead of fetching when the
 * same GET with the same token comes (src/engine/boot-requests.ts), so the answers are there by the
 * time React draws (issue 30). A request nobody takes costs the server one answer.
 * Node built-ins and src/engine/first-screen-paths.ts (dependency-free) only, as the vite config
 * (also vitest's) loads it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_PAGE_PATH, LIST_PATH, LOGIN_PATH, MENU_PATH, OWN_PAGE_PATH, SCHEMAS_PATH } from '../../src/engine/first-screen-paths.ts';

/** The chunk files (paths under the base, e.g. `/assets/LoginPage-ab12.js`) preloaded per case. */
export type FirstScreenChunks = { login: string[]; app: string[]; list: string[]; dashboard: string[] };

/** The source modules whose chunks each case preloads (paths relative to the project root). */
export const FIRST_SCREEN_MODULES: Record<keyof FirstScreenChunks, string[]> = {
  login: ['src/shell/pages/LoginPage.tsx'],
  app: ['src/shell/AppLayout.tsx', 'src/shell/ScreenRouter.tsx', 'src/engine/first-screen.ts'],
  list: ['src/renderers/ListPage.tsx'],
  dashboard: ['src/renderers/dashboard/Dashboard.tsx'],
};

/**
 * The lists a deep link's first page can be asked for at boot: schema name -> its API path and
 * list.json's `defaultSort`. As src/engine/first-screen.ts: bundled schemas with list columns, not
 * page schemas, whose API path needs no route parameter.
 */
export type FirstScreenLists = Record<string, { api: string; sort?: string }>;

/** The API requests the boot script may send (the API client's base, VITE_API_BASE, or ''). */
export type FirstScreenApi = { base: string; lists: FirstScreenLists };

/** Where the menu and the schemas come from (the app's own paths, src/engine/first-screen-paths.ts). */
export const BOOT_PATHS = { menu: MENU_PATH, schemas: SCHEMAS_PATH };

/**
 * {@link FirstScreenLists} from the schema folders (`<root>/src/schemas/<name>/{schema,list}.json`),
 * with schema-registry.ts's apiPathOf rules (`x-api`, record storage, `x-resource`, the name).
 */
export function firstScreenLists(root: string): FirstScreenLists {
  const dir = path.join(root, 'src', 'schemas');
  const read = (name: string, file: string) => {
    const f = path.join(dir, name, file);
    return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>) : {};
  };
  const out: FirstScreenLists = {};
  for (const name of readdirSync(dir).sort()) {
    if (name === 'company' || !existsSync(path.join(dir, name, 'schema.json'))) continue;
    const schema = read(name, 'schema.json');
    const list = read(name, 'list.json') as { columns?: unknown[]; defaultSort?: string };
    const page = Boolean(schema['x-renderer']) && !schema['x-resource'] && !schema['x-api'] && !schema['x-storage'];
    if (page || !list.columns?.length) continue;
    const api = (schema['x-api'] as string | undefined) ?? (schema['x-storage'] === 'record' ? `/api/record/${name}` : `/api/${(schema['x-resource'] as string | undefined) ?? name}`);
    if (/\{\w+\}/.test(api)) continue;
    out[name] = list.defaultSort ? { api, sort: list.defaultSort } : { api };
  }
  return out;
}

/**
 * The boot script's source: given the chunk table, adds the modulepreload links for the address
 * and session of this visit and, given `api`, sends its first API requests. Plain ES5-ish
 * JavaScript (it is written as is into the build).
 */
export function firstScreenScript(chunks: FirstScreenChunks, api?: FirstScreenApi): string {
  return `(function (c, api) {
  var parts = location.hash.replace(/^#/, '').split('?');
  var path = parts[0];
  var signedIn = false;
  var token = null;
  try {
    token = localStorage.getItem('auth_token');
    signedIn = Boolean(token && localStorage.getItem('currentUser'));
  } catch (e) {}
  var login = ${LOGIN_PATH}.test(path);
  var otherPublic = !login && ${AUTH_PAGE_PATH}.test(path);
  var home = path === '' || path === '/' || path === '/auth' || path === '/dashboard';
  var files = [];
  if (login || (!signedIn && !otherPublic)) files = c.login;
  else if (signedIn && !otherPublic) {
    files = c.app;
    if (home) files = files.concat(c.dashboard);
    else if (${LIST_PATH}.test(path) && !${OWN_PAGE_PATH}.test(path)) files = files.concat(c.list);
  }
  // The API requests go before the chunks: the browser's six connections per host (HTTP/1.1)
  // would otherwise queue them behind every chunk preloaded below.
  if (api && signedIn && !login && !otherPublic && typeof fetch === 'function') {
    var requests = {};
    var get = function (url) {
      try {
        var answer = fetch(api.base + url, { headers: { accept: 'application/json', authorization: 'Bearer ' + token } });
        answer['catch'](function () {});
        requests[api.base + url] = answer;
      } catch (e) {}
    };
    get(${JSON.stringify(BOOT_PATHS.menu)});
    get(${JSON.stringify(BOOT_PATHS.schemas)});
    // Not at /pages/… or /config/…: those are pages of their own (the profile, the company), not lists.
    var name = !${OWN_PAGE_PATH}.test(path) && ${LIST_PATH}.exec(path);
    var list = name && Object.prototype.hasOwnProperty.call(api.lists, name[1]) ? api.lists[name[1]] : null;
    if (list && !parts[1] && typeof URLSearchParams === 'function') {
      var query = new URLSearchParams({ page: '1', per_page: '20' });
      if (list.sort) query.set('sort', list.sort);
      get(list.api + '?' + query.toString());
    }
    window.__emiteBoot = { token: token, at: Date.now(), requests: requests };
  }
  for (var i = 0; i < files.length; i++) {
    if (document.querySelector('link[href="' + files[i] + '"]')) continue;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = files[i];
    document.head.appendChild(link);
  }
})(${JSON.stringify(chunks)}, ${JSON.stringify(api ?? null)});
`;
}

/** The part of a rollup/rolldown output chunk the plugin reads. */
type OutputChunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; isEntry: boolean; imports: string[] };
type Bundle = Record<string, OutputChunk | { type: 'asset'; fileName: string }>;

/**
 * Each case's chunk files: the chunks of its modules and, transitively, their static imports,
 * less the entry's own static closure (index.html already loads and preloads those).
 * @param root the project root, absolute, with forward slashes
 */
export function firstScreenChunks(bundle: Bundle, root: string, base = '/'): FirstScreenChunks {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[], into = new Set<string>()) => {
    const stack = [...start];
    while (stack.length) {
      const f = stack.pop()!;
      if (into.has(f)) continue;
      into.add(f);
      stack.push(...(byFile.get(f)?.imports ?? []));
    }
    return into;
  };
  const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const prefix = root.replace(/\/?$/, '/');
  const of = (modules: string[]) => {
    const starts = modules.map((m) => {
      const chunk = chunks.find((c) => c.facadeModuleId === prefix + m);
      if (!chunk) throw new Error(`first-screen preload: no chunk for ${m} (is it still imported lazily?)`);
      return chunk.fileName;
    });
    return [...closure(starts)].filter((f) => !initial.has(f)).map((f) => base + f);
  };
  return {
    login: of(FIRST_SCREEN_MODULES.login),
    app: of(FIRST_SCREEN_MODULES.app),
    list: of(FIRST_SCREEN_MODULES.list),
    dashboard: of(FIRST_SCREEN_MODULES.dashboard),
  };
}
