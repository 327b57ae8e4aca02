/**
 * Route schema validation keyed on the HTTP part. Query strings, params and headers arrive as text,
 * so they are coerced (`?page=2` -> 2) and unknown keys are dropped. JSON bodies already carry
 * types: a body is never coerced (`{firstName: 123}` is a 400, not "123") and never silently
 * trimmed (`additionalProperties: false` answers 400 naming the field).
 */
import Ajv, { type AnySchema, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// allErrors: every problem is reported at once as `details`; bodies are capped by bodyLimit.
const common: Options = { allErrors: true, useDefaults: true, allowUnionTypes: true, addUsedSchema: false };

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...common, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * A Fastify validator compiler: bodies strict (no coercion, extra properties rejected), other parts
 * coerced like Fastify's default. Pass to `app.setValidatorCompiler` before any route is added.
 * @example app.setValidatorCompiler(httpPartValidatorCompiler());
 */
export function httpPartValidatorCompiler(): FastifySchemaCompiler<AnySchema> {
  const body = createAjv({ coerceTypes: false, removeAdditional: false });
  const text = createAjv({ coerceTypes: 'array', removeAdditional: true });
  return ({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema);
}
