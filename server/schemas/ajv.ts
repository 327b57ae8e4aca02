/**
 * The Ajv used for resource bodies (the same JSON Schemas the forms use). Emite's custom keywords
 * come from core/schema-keywords.ts, shared with the SPA's form validator: strict mode accepts
 * them, and `x-decimals` / `x-money` validate the number of decimal places (money: 2; cantidad /
 * precioUnitario: 6, factura 1.1.0).
 */
import Ajv, { type AnySchema } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addEmiteKeywords } from '../../core/schema-keywords.ts';

function configure<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return addEmiteKeywords(ajv);
}

const options = { allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, useDefaults: true, coerceTypes: false } as const;

export function createSchemaAjv() {
  return { draft7: configure(new Ajv(options)), draft2020: configure(new Ajv2020(options)) };
}

/** Pick the Ajv for a schema's `$schema` (2020-12 or draft 7, the default). */
export function ajvFor(ajvs: ReturnType<typeof createSchemaAjv>, schema: AnySchema): Ajv {
  const id = typeof schema === 'object' && schema && '$schema' in schema ? String((schema as { $schema?: string }).$schema) : '';
  return id.includes('2020-12') ? ajvs.draft2020 : ajvs.draft7;
}
