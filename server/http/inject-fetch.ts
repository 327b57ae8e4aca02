/**
 * A `fetch` that answers from the app itself through `app.inject` (no socket): how the SRI client
 * reaches the built-in sandbox SRI in the same process, so it works before `listen` and in tests.
 */
import type { FastifyInstance } from 'fastify';

export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: res.headers as Record<string, string> });
  }) as typeof fetch;
}
