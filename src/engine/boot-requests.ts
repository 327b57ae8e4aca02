/**
 * The API requests the boot script sent before the app's scripts ran (issue 30;
 * server/http/first-screen-preload.ts): `window.__emiteBoot` = `{ token, at, requests: { <url>:
 * Promise<Response> } }`. The API client takes one, once, for a GET of the same URL with the same
 * bearer, instead of fetching again. One older than `MAX_AGE_MS` (ms since the boot script ran,
 * epoch clock) is not taken: a later screen asks afresh rather than show it.
 * @example const sent = takeBootRequest('/api/admin/menu/', session.token()); const res = await (sent ?? fetch(url));
 */
const MAX_AGE_MS = 15_000;

interface Boot {
  token: string;
  at: number;
  requests: Record<string, Promise<Response> | undefined>;
}

/** The boot script's promise for `url` (as the client builds it, base included) sent with `token`; undefined when none. */
export function takeBootRequest(url: string, token: string | null): Promise<Response> | undefined {
  const boot = (globalThis as { __emiteBoot?: Boot }).__emiteBoot;
  if (!boot || !token || boot.token !== token) return undefined;
  const answer = boot.requests[url];
  if (!answer) return undefined;
  delete boot.requests[url];
  return Date.now() - boot.at <= MAX_AGE_MS ? answer : undefined;
}
