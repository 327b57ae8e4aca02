/**
 * Which Chakra recipes a set of source files needs: every name imported from '@chakra-ui/react' is
 * followed to its component folder in the package's ESM build, and the `key: "…"` of each
 * createRecipeContext / createSlotRecipeContext / useRecipe there (and in the component folders those
 * files import) is collected. Used by the test that keeps src/shell/chakra-system.ts complete.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ESM = resolve('node_modules/@chakra-ui/react/dist/esm');

/** Names imported from '@chakra-ui/react' in the given files (JS or TS, `type` imports excluded). */
export function chakraImports(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
        if (name && !/^type\s/.test(part.trim())) names.add(name);
      }
    }
  }
  return names;
}

/** The package file that defines an exported name (namespaces resolve to their namespace.js). */
function fileOf(name: string): string | undefined {
  const index = readFileSync(join(ESM, 'index.js'), 'utf8');
  const direct = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./components/[^']+)'`).exec(index);
  if (direct) return join(ESM, direct[1]!);
  const alias = new RegExp(`export \\{ (namespace\\$?\\w*) as ${name} \\}`).exec(index);
  if (alias) {
    const from = new RegExp(`import \\* as ${alias[1]!.replace('$', '\\$')} from '([^']+)'`).exec(index);
    if (from) return join(ESM, from[1]!);
  }
  return undefined;
}

/** Recipe keys used by a component folder and the component folders it imports, transitively. */
function keysOfFolder(folder: string, seen: Set<string>, keys: Set<string>): void {
  if (seen.has(folder)) return;
  seen.add(folder);
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory() || !entry.endsWith('.js')) continue;
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(RECIPE_USE)) keys.add(m[1]!);
    for (const m of text.matchAll(/from '(\.\.\/[\w-]+)\/[^']+'/g)) {
      const other = resolve(folder, m[1]!);
      if (other.startsWith(join(ESM, 'components'))) keysOfFolder(other, seen, keys);
    }
  }
}

const RECIPE_USE = /(?:RecipeContext|useRecipe|useSlotRecipe)\(\{\s*key:\s*["'](\w+)["']/g;

/**
 * Recipe keys needed by `files`: those their imported Chakra components use (names with no component
 * folder are skipped) and those the files ask for themselves (`useSlotRecipe({ key: "select" })`, as
 * chakra-react-select does).
 */
export function recipeKeysFor(files: string[]): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  for (const file of files) for (const m of readFileSync(file, 'utf8').matchAll(RECIPE_USE)) keys.add(m[1]!);
  for (const name of chakraImports(files)) {
    const file = fileOf(name);
    if (file && file.includes('/components/')) keysOfFolder(dirname(file), seen, keys);
  }
  return keys;
}

/** Every .ts/.tsx/.js/.mjs file under a directory. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|m?js)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}
