/**
 * What a cold visit draws first, decided from the hash alone (issue 30), in one place for the three
 * that decide it: the boot script written into index.html (server/http/first-screen-preload.ts, which
 * writes these patterns into it as regex literals), startFirstScreen (first-screen.ts) and the
 * router's login preload (src/shell/router.tsx preloadFirstPage). A path is the hash router's,
 * `/<path>` without the `?query`. Dependency-free: the vite config loads it through the boot script.
 */

/** The login page (spec §2: `/auth/login`, `/login`, `/pages/login`). */
export const LOGIN_PATH = /^\/(auth\/login|login|pages\/login)$/;

/** The other public pages, drawn in the auth layout: registration, activation, password reset. */
export const AUTH_PAGE_PATH = /^\/auth\/./;

/** Pages of their own (the profile, the company), not lists. */
export const OWN_PAGE_PATH = /^\/(pages|config)\//;

/** A schema's list, `/<section>/<schema>` or `/<schema>` (menu.ts routesFromMenu): group 1 is the schema. */
export const LIST_PATH = /^\/(?:[^/]+\/)?([^/]+)$/;

/** Where the menu comes from (GET, DESIGN.md §4); `invalidate(MENU_PATH)` reloads it. */
export const MENU_PATH = '/api/admin/menu/';

/** Where the effective schemas come from (GET, DESIGN.md §4); `invalidate(SCHEMAS_PATH)` reloads them. */
export const SCHEMAS_PATH = '/api/admin/schema/';

/** True for the login page and the other public pages: no menu, no schemas, no session needed. */
export function isPublicPath(path: string): boolean {
  return LOGIN_PATH.test(path) || AUTH_PAGE_PATH.test(path);
}

/** The schema a list address shows (`/invoicing/invoice` → `invoice`); undefined at a page of its own. */
export function listNameOf(path: string): string | undefined {
  return OWN_PAGE_PATH.test(path) ? undefined : LIST_PATH.exec(path)?.[1];
}
