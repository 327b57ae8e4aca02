/**
 * A signed-in visit's first screen asked for at once (issue 30): the menu, the schemas and, when the
 * address is the list of a bundled schema (`#/invoicing/invoice?status=BORRADOR`), its first page,
 * all started as the app's script runs (src/main.tsx), while React and the signed-in layout's scripts
 * still load; the loaders take the answers (early-requests.ts) instead of asking again one round
 * later. The page is asked as the bundled list.json describes it (default sort, filters from the
 * URL): when the server's schema differs, the list asks for its own page and this answer is dropped.
 * Nothing is asked for the public pages (login, registration, links from e-mails).
 * @example startFirstScreen(window.location.hash)
 */
import { startEarly } from './early-requests.ts';
import { isPublicPath, listNameOf, MENU_PATH, SCHEMAS_PATH } from './first-screen-paths.ts';
import { requestMenu } from './menu.ts';
import { apiPathOf, BUNDLED, isPageSchema, requestSchemas } from './schema-registry.ts';
import { listQuery, pageRequestKey, requestPage } from './resources.ts';
import { listStateOf } from './useListController.ts';

/** @param hash the location's hash, `#/<path>?<query>` (the app's hash router). */
export function startFirstScreen(hash: string): void {
  const [pathname = '', search = ''] = hash.replace(/^#/, '').split('?');
  if (isPublicPath(pathname)) return;
  startEarly(MENU_PATH, requestMenu);
  startEarly(SCHEMAS_PATH, requestSchemas);
  const name = listNameOf(pathname);
  const entry = name && name !== 'company' ? BUNDLED[name] : undefined;
  if (!entry || isPageSchema(entry) || !entry.list.columns?.length) return;
  let apiPath: string;
  try {
    apiPath = apiPathOf(entry);
  } catch {
    return; // its API path needs a route parameter: a nested list, not at this address
  }
  const query = listQuery({ resource: entry.name, ...listStateOf(new URLSearchParams(search), { defaultSort: entry.list.defaultSort, filters: entry.list.filters }) });
  startEarly(pageRequestKey(apiPath, query), () => requestPage(apiPath, query));
}
