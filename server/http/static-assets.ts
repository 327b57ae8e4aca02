/**
 * The built SPA as the browser gets it (issue 30): compressed and cached.
 *
 * - `precompressAssets(dir)` (precompress-assets.ts) runs at build time: `.br` and `.gz` siblings.
 * - `registerStaticAssets(app, dir)` serves the directory with @fastify/static `preCompressed`:
 *   a request that accepts br (or gzip) gets the sibling with `Content-Encoding` and
 *   `Vary: Accept-Encoding`; others get the plain file.
 * - Cache-Control: files under `assets/` carry a content hash in their name (vite), so they are
 *   `public, max-age=31536000, immutable`; everything else (index.html) is `no-cache`, so a new
 *   build is picked up at the next load (revalidated with its ETag/Last-Modified).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** The Cache-Control of a file under `root`: hashed assets (`assets/…`) forever, the rest revalidated. */
export function cacheControlFor(root: string, filePath: string): string {
  return path.relative(root, filePath).split(path.sep)[0] === 'assets' ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** Serve the built SPA from `root` with precompressed variants and the cache headers above. */
export async function registerStaticAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(root, filePath));
    },
  });
}
