/**
 * The sidebar menu from `GET /api/admin/menu/`, or the bundled fallback when the call fails
 * (DESIGN.md §3), and the screens it mounts: a child `{path: 'product'}` under `/invoicing` mounts
 * `/invoicing/product` (list), `/invoicing/product/new` and `/invoicing/product/:id` (form) for the
 * schema named `product`; a page schema (a custom renderer with no records, like `dashboard`) is
 * one route; a list that declares `nested` also mounts the nested schema under each record.
 * @example
 * const { menu } = useMenu();
 * const screens = routesFromMenu(menu, useSchemas());
 */
import useSWR from 'swr';
import fallback from '../schemas/menu.fallback.json';
import { request } from './api-client.ts';
import { useRevision } from './revisions.ts';
import { earlyOptions, peekEarly, takeEarly, useEarlyAnswer } from './early-requests.ts';
import { isPageSchema, type SchemaEntry } from './schema-registry.ts';
import { MENU_PATH } from './first-screen-paths.ts';

export interface MenuChild {
  path: string;
  title: string;
  ab?: string;
}
export interface MenuEntry {
  path: string;
  title: string;
  type: 'link' | 'sub';
  icontype?: string;
  collapse?: string;
  children?: MenuChild[];
}

export const FALLBACK_MENU = fallback as MenuEntry[];

/** Where the menu comes from (first-screen-paths.ts); `invalidate(MENU_PATH)` reloads it. */
export { MENU_PATH };

/** `GET /api/admin/menu/` as such (loadMenu adds the fallback). */
export const requestMenu = () => request<MenuEntry[]>({ path: MENU_PATH, kind: 'menu' });

type LoadedMenu = { menu: MenuEntry[]; fromFallback: boolean };
const menuOf = ({ data }: Awaited<ReturnType<typeof requestMenu>>): LoadedMenu | undefined => (Array.isArray(data) ? { menu: data, fromFallback: false } : undefined);

/** The caller's menu; the bundled fallback when the call fails or answers something else. */
export async function loadMenu(): Promise<LoadedMenu> {
  try {
    // Already asked for when a signed-in deep link started the app (engine/first-screen.ts).
    const loaded = menuOf(await (takeEarly<Awaited<ReturnType<typeof requestMenu>>>(MENU_PATH) ?? requestMenu()));
    if (loaded) return loaded;
  } catch {
    // spec §8: the menu call passes its error on; the shell answers with the fallback.
  }
  return { menu: FALLBACK_MENU, fromFallback: true };
}

/** @example const { menu, loading } = useMenu(); */
export function useMenu(enabled = true): { menu: MenuEntry[]; loading: boolean } {
  // invalidate(MENU_PATH) (a company added a screen of its own) loads it again, keeping the last one meanwhile.
  const revision = useRevision(MENU_PATH);
  // A deep link's menu that already arrived (first-screen.ts) draws at once, no loading state first.
  const early = enabled ? peekEarly(MENU_PATH, menuOf) : undefined;
  const { data, isLoading, mutate } = useSWR(enabled ? ['menu', revision] : null, loadMenu, { revalidateOnFocus: false, keepPreviousData: true, ...earlyOptions(early) });
  useEarlyAnswer(MENU_PATH, early, mutate);
  return { menu: data?.menu ?? [], loading: isLoading };
}

export interface ScreenRoute {
  /** Router path without the leading '#', with `:params`. */
  path: string;
  schema: string;
  title: string;
  kind: 'list' | 'form' | 'custom';
  /** Where the list of this screen lives (forms go back there), with `:params`. */
  basePath: string;
  /** Route parameters that fill the schema's `x-api` placeholders. */
  apiParams: string[];
}

function resourceRoutes(base: string, name: string, title: string, apiParams: string[]): ScreenRoute[] {
  return [
    { path: base, schema: name, title, kind: 'list', basePath: base, apiParams },
    { path: `${base}/new`, schema: name, title, kind: 'form', basePath: base, apiParams },
    { path: `${base}/:id`, schema: name, title, kind: 'form', basePath: base, apiParams },
  ];
}

/**
 * Routes for every menu entry whose schema is registered. Entries without a schema are skipped
 * with a console warning naming the missing schema, so a menu typo never breaks the shell.
 */
export function routesFromMenu(menu: MenuEntry[], schemas: Record<string, SchemaEntry>): ScreenRoute[] {
  const routes: ScreenRoute[] = [];
  const add = (base: string, name: string, title: string) => {
    // Empresa is a shell page (router.tsx mounts it), not the company schema's list.
    if (name === 'company') return;
    const entry = schemas[name];
    if (!entry) {
      console.warn(`El menú nombra "${name}" pero no hay un esquema registrado con ese nombre`);
      return;
    }
    if (isPageSchema(entry)) {
      routes.push({ path: base, schema: name, title, kind: 'custom', basePath: base, apiParams: [] });
      return;
    }
    routes.push(...resourceRoutes(base, name, title, []));
    const nested = entry.list.nested;
    if (nested && schemas[nested.schema]) routes.push(...resourceRoutes(`${base}/:${nested.param}/${nested.schema}`, nested.schema, title, [nested.param]));
  };
  for (const entry of menu) {
    if (entry.type === 'sub') for (const child of entry.children ?? []) add(`${entry.path}/${child.path}`, child.path, child.title);
    else add(entry.path, entry.path.replace(/^\//, ''), entry.title);
  }
  return routes;
}

/**
 * Where a record of `resource` opens: the form route the menu mounts for the schema of that name
 * (`invoice` -> `/invoicing/invoice/<id>`), `company` -> Empresa; null when the menu has none
 * (the user may not see it).
 * @example recordPath(menu, 'received-document', id) // '/purchases/received-document/<id>'
 */
export function recordPath(menu: MenuEntry[], resource: string, id?: string): string | null {
  if (resource === 'company') return '/pages/company';
  for (const entry of menu) {
    const child = entry.children?.find((c) => c.path === resource);
    if (child) return `${entry.path}/${child.path}${id ? `/${encodeURIComponent(id)}` : ''}`;
  }
  return null;
}

/** Titles of the shell's own pages (not in the menu). */
export const SHELL_PAGE_TITLES: Record<string, string> = { '/pages/user': 'Mi Perfil', '/pages/company': 'Empresa' };

/**
 * The title of the page at a location (spec §2: from the route, default 'Inicio'): the menu
 * entry whose path starts the location, else one of the shell's own pages.
 */
export function titleFor(pathname: string, menu: MenuEntry[], shellPages: Record<string, string> = SHELL_PAGE_TITLES): string {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  for (const entry of menu) {
    if (entry.type === 'link' && under(entry.path)) return entry.title;
    for (const child of entry.children ?? []) if (under(`${entry.path}/${child.path}`)) return child.title;
  }
  for (const [path, title] of Object.entries(shellPages)) if (under(path)) return title;
  return 'Inicio';
}
