/**
 * CORS for a front end served from another host (VITE_API_BASE). Off unless CORS_ORIGIN lists
 * origins: then those origins may call the API with a bearer token (no cookies, so no
 * credentials mode) and read `x-total-count`.
 */
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/**
 * Parse CORS_ORIGIN: unset or '' -> [] (same origin only); '*' -> ['*'] (any origin); otherwise a
 * comma-separated list of origins like `https://app.example.com` (scheme, host and optional port;
 * no path). A trailing slash is dropped.
 * @returns the origins, or `{problem}` with a Spanish message saying how to fix it.
 */
export function parseCorsOrigin(raw: string | undefined): string[] | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '') return [];
  if (value === '*') return ['*'];
  const origins = value.split(',').map((v) => v.trim().replace(/\/$/, ''));
  const bad = origins.filter((o) => {
    try {
      const url = new URL(o);
      return !/^https?:$/.test(url.protocol) || url.origin !== o;
    } catch {
      return true;
    }
  });
  if (bad.length) {
    return { problem: `CORS_ORIGIN="${raw}" debe ser * o una lista de orígenes como https://app.ejemplo.ec separados por comas, sin ruta (no válido: ${bad.map((b) => `"${b}"`).join(', ')})` };
  }
  return origins;
}

/**
 * Register @fastify/cors for `origins` (see parseCorsOrigin); does nothing for []. Must be
 * registered before the auth hook so preflight requests (which carry no token) are answered first.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-API-Key', 'Idempotency-Key'],
    exposedHeaders: ['x-total-count', 'etag', 'content-disposition', 'idempotent-replayed'],
    credentials: false,
    maxAge: 600,
  });
}
