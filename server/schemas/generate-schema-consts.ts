/**
 * Writes `server/schemas/generated/<name>-schema.ts`: the bundled form schema
 * `src/schemas/<name>/schema.json` as a TypeScript `as const` object, so that routes derive their
 * body schema (and, through the JSON Schema type provider, their TypeScript types) from the very
 * file the screens are rendered from, instead of writing the fields again by hand (issue 18).
 * JSON imports lose their literal types, hence the generated copy; tests/unit/server/schema-consts
 * fails when a copy differs from its JSON.
 * Run: `npm run schemas:consts` writes every copy (after editing a schema.json). With `--missing` it
 * writes only the copies that do not exist yet and whose schema.json does: `npm run build` (so
 * `npm start`), `dev`, `test` and `typecheck` run it first (their `pre` scripts), so a new type's
 * const appears without a hand step, while a committed copy that went stale is left for the test to
 * report (a run never rewrites tracked files behind the developer's back).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';
import { COMPROBANTE_TYPE_META } from '../../core/comprobante-types.ts';

/**
 * The form schemas that route bodies are derived from: user, company, payment and every comprobante
 * type's (its `resource` in core/comprobante-types.ts), so a new type's schema folder gets its const.
 */
export const SCHEMA_CONSTS: readonly string[] = ['user', 'company', 'payment', ...Object.values(COMPROBANTE_TYPE_META).map((m) => m.resource)];

/** `user` -> `userSchema`; `purchase-settlement` -> `purchaseSettlementSchema`. */
export const constName = (name: string) => `${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Schema`;

export const generatedFile = (name: string) => path.join(REPO_ROOT, 'server/schemas/generated', `${name}-schema.ts`);

const schemaFile = (name: string) => path.join(REPO_ROOT, 'src/schemas', name, 'schema.json');

/**
 * The names whose const is to be written: all of them, or with `missingOnly` those without a
 * generated file that have a schema.json (a type whose schema folder is not there yet is left to
 * the start-up check, which names the folder to add).
 */
export function constsToWrite(missingOnly: boolean): string[] {
  return missingOnly ? SCHEMA_CONSTS.filter((name) => !existsSync(generatedFile(name)) && existsSync(schemaFile(name))) : [...SCHEMA_CONSTS];
}

/** The TypeScript source generated for a schema folder. */
export function schemaConstSource(name: string): string {
  const json = JSON.parse(readFileSync(schemaFile(name), 'utf8')) as unknown;
  return (
    `/** Generated from src/schemas/${name}/schema.json by \`npm run schemas:consts\`; do not edit (edit the JSON and run it again). */\n` +
    `export const ${constName(name)} = ${JSON.stringify(json, null, 2)} as const;\n`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const names = constsToWrite(process.argv.includes('--missing'));
  for (const name of names) writeFileSync(generatedFile(name), schemaConstSource(name));
  if (names.length > 0) console.log(`Generados: ${names.map((n) => path.relative(REPO_ROOT, generatedFile(n))).join(', ')}`);
}
