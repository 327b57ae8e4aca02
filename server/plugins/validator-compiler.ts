/**
 * Route schema validation keyed on the HTTP part. Query strings, params and headers arrive as text,
 * so they are coerced (`?page=2` -> 2) and unknown keys are dropped. JSON bodies already carry
 * types: a body is never coerced (`{firstName: 123}` is a 400, not "123") and never silently
 * trimmed (`additionalProperties: false` answers 400 naming the field).
 */
import Ajv, { type AnySchema, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
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
  return ({ schema, httpPart }) => (httpPart === 'body' ? body.compile(schema) : finiteOnly(text.compile(schema)));
}

interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Ajv coerces `?page=1e309` to Infinity and lets it through `type: 'integer', maximum: …`; text
 * parts are flat, so one look at their values after coercion catches it (as "debe ser un número").
 */
function finiteOnly(validate: ValidateFunction): Validator {
  const wrapped: Validator = (data) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    const values = data && typeof data === 'object' ? Object.entries(data) : [];
    const bad = values.find(([, v]) => typeof v === 'number' && !Number.isFinite(v) || (Array.isArray(v) && v.some((x) => typeof x === 'number' && !Number.isFinite(x))));
    wrapped.errors = bad ? [{ instancePath: `/${bad[0]}`, schemaPath: '#', keyword: 'type', params: { type: 'number' }, message: 'must be finite' }] : null;
    return !bad;
  };
  return wrapped;
}
