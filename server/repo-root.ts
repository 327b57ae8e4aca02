/**
 * The repository's root folder (where package.json says "name": "emite"), found by walking up from
 * this module. Works from the TypeScript sources (tsx, tests) and from the compiled server in
 * dist-server/ alike, so every path the server reads (migrations, bundled schemas, SRI XSDs, the
 * built SPA) is resolved from one place.
 * @throws Error when no such package.json is found above this module.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'emite') return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró el package.json de Emite por encima de ${from}`);
  }
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
