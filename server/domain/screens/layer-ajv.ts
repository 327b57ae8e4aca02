/**
 * The Ajv that compiles companies' merged schemas: one per process (server/schemas/ajv.ts options
 * and Emite's keywords), so a company's screen is compiled once per layer version and reused by
 * every request (company-schemas.ts caches the result). Ajv keeps every compiled schema in its
 * own cache, keyed by the schema object: {@link releaseLayerSchema} drops one that is no longer
 * served, so memory follows the companies cached, not every version ever compiled.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvFor, createSchemaAjv } from '../../schemas/ajv.ts';

let ajvs: ReturnType<typeof createSchemaAjv> | undefined;
const shared = () => (ajvs ??= createSchemaAjv());

/** The JSON Schema meta-schema's complaints about `schema` (draft 7 or 2020-12 by its `$schema`); empty when valid. */
export function metaSchemaErrors(schema: object): ErrorObject[] {
  const ajv = ajvFor(shared(), schema);
  return ajv.validateSchema(schema) ? [] : [...(ajv.errors ?? [])];
}

/** @throws Error from Ajv when the schema does not compile (checked by metaSchemaErrors first). */
export function compileLayerSchema(schema: object): ValidateFunction {
  return ajvFor(shared(), schema).compile(schema);
}

/** Forget a compiled schema (its layer was replaced or its company left the cache). */
export function releaseLayerSchema(schema: object): void {
  ajvFor(shared(), schema).removeSchema(schema);
}
