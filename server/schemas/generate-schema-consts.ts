/**
 * Writes `server/schemas/generated/<name>-schema.ts`: the bundled form schema
 * `src/schemas/<name>/schema.json` as a TypeScript `as const` object, so that routes derive their
 * body schema (and, through the JSON Schema type provider, their TypeScript types) from the very
 * file the screens are rendered from, instead of writing the fields again by hand (issue 18).
 * JSON imports lose their literal types, hence the generated copy; tests/unit/server/schema-consts
 * fails when a copy differs from its JSON. Run: `npm run schemas:consts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

/** The TypeScript source generated for a schema folder. */
export function schemaConstSource(name: string): string {
  const json = JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/schemas', name, 'schema.json'), 'utf8')) as unknown;
  return (
    `/** Generated from src/schemas/${name}/schema.json by \`npm run schemas:consts\`; do not edit (edit the JSON and run it again). */\n` +
    `export const ${constName(name)} = ${JSON.stringify(json, null, 2)} as const;\n`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  for (const name of SCHEMA_CONSTS) writeFileSync(generatedFile(name), schemaConstSource(name));
  console.log(`Generados: ${SCHEMA_CONSTS.map((n) => path.relative(REPO_ROOT, generatedFile(n))).join(', ')}`);
}
