/**
 * The Ajv used for resource bodies (the same JSON Schemas the forms use). Emite's custom keywords
 * are declared so strict mode accepts them; `x-decimals` and `x-money` also validate the number of
 * decimal places (money: 2; cantidad / precioUnitario: 6, factura 1.1.0).
 */
import Ajv, { type AnySchema } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ANNOTATIONS = ['x-catalog', 'x-ref', 'x-location', 'x-renderer', 'x-resource', 'x-storage', 'x-api', 'x-update-method', 'x-search', 'x-sort', 'x-label', 'x-menu', 'x-order', 'x-hidden'];

const decimalsOf = (n: number) => {
  if (!Number.isFinite(n)) return Infinity;
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]) + (s.split('e-')[0].split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
};

function configure<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  const decimals = (keyword: string, max: (schema: unknown) => number) => {
    const validate = (schema: unknown, data: number): boolean => {
      const limit = max(schema);
      const ok = limit < 0 || decimalsOf(data) <= limit;
      validate.errors = ok ? null : [{ keyword, message: `debe tener como máximo ${limit} decimales`, params: { max: limit } }];
      return ok;
    };
    validate.errors = null as null | Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
    return validate;
  };
  ajv.addKeyword({ keyword: 'x-decimals', type: 'number', schemaType: 'number', errors: true, validate: decimals('x-decimals', (s) => Number(s)) as never });
  ajv.addKeyword({ keyword: 'x-money', type: 'number', schemaType: 'boolean', errors: true, validate: decimals('x-money', (s) => (s ? 2 : -1)) as never });
  return ajv;
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
