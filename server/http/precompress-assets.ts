/**
 * Build-time compression of the SPA (issue 30; vite.config.ts runs it after the bundle is written):
 * every text asset above 1 KiB gets a `.br` (quality 11) and a `.gz` (level 9) sibling, written only
 * when smaller than the file. server/http/static-assets.ts serves them with Content-Encoding.
 * Node built-ins only, as the vite config (also vitest's) loads it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** Extensions worth compressing (text); images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|wasm)$/;
/** Below this many bytes the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Write `.br` and `.gz` siblings for every compressible file under `dir` (recursively) larger
 * than 1 KiB, each only when it is smaller than the original. Synchronous: it runs once per build.
 * @returns the files compressed with their sizes in bytes (raw, gzip, br; 0 when not written).
 */
export function precompressAssets(dir: string): Array<{ file: string; raw: number; gzip: number; br: number }> {
  const out: Array<{ file: string; raw: number; gzip: number; br: number }> = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      const bytes = readFileSync(full);
      if (bytes.length < MIN_BYTES) continue;
      const gz = gzipSync(bytes, { level: 9 });
      const br = brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      const entry = { file: path.relative(dir, full), raw: bytes.length, gzip: 0, br: 0 };
      if (gz.length < bytes.length) {
        writeFileSync(`${full}.gz`, gz);
        entry.gzip = gz.length;
      }
      if (br.length < bytes.length) {
        writeFileSync(`${full}.br`, br);
        entry.br = br.length;
      }
      out.push(entry);
    }
  };
  walk(dir);
  return out;
}
