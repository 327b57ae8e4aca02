/**
 * Emite's JSON Schema keywords, the one definition both programs declare to their Ajv: the SPA's
 * form validator and the server's body validator, both in strict mode (DESIGN.md §3). Most are
 * annotations for the UI and the server; `x-decimals` and `x-money` also check the number of
 * decimal places (money: 2; cantidad and precioUnitario: 6, factura 1.1.0), with the same Spanish
 * message on both sides. Pure: no I/O.
 * @example const ajv = addEmiteKeywords(new Ajv({ strict: true })); ajv.compile(productSchema);
 */
import type { FuncKeywordDefinition, KeywordDefinition } from 'ajv';

/** Keywords that only annotate a schema (widgets, API paths, storage, menu). */
export const ANNOTATION_KEYWORDS = [
  'x-catalog',
  'x-ref',
  'x-location',
  'x-renderer',
  'x-resource',
  'x-permission',
  'x-storage',
  'x-api',
  'x-update-method',
  'x-search',
  'x-sort',
  'x-label',
  'x-menu',
  'x-order',
  'x-hidden',
  /** On an identification field: the sibling field holding its SRI tipo (tabla 6); the server checks the pair (core/identification.ts). */
  'x-identification',
  /** On a company or user property: the registration form asks it too (core/registration-form.ts). */
  'x-registration',
  /**
   * Set by the merge on a property a patch added (a deployment's patch.json or a company's layer,
   * DESIGN.md §13): on a comprobante it is written to infoAdicional, and the editors show it under
   * "Campos propios".
   */
  'x-custom',
  /**
   * On a property with a `pattern` or an `enum`: what a person is told when the value does not match
   * ("Use la placa sin guiones, p. ej. PBC1234"; "Elija Superadministrador, Administrador, Emisor o
   * Contador" instead of the codes), instead of core/validation-messages.ts's wording.
   */
  'x-message',
  /** On a string property: written in capitals, trimmed (placa); the SPA on leaving the field, the server before validating (core/code-fields.ts). */
  'x-uppercase',
] as const;

/** Decimal places written in a number (1.5 -> 1, 1e-7 -> 7). */
export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return Infinity;
  const [mantissa, exponent] = String(n).split('e-');
  const places = mantissa.split('.')[1]?.length ?? 0;
  return exponent === undefined ? places : places + Number(exponent);
}

interface DecimalsValidator {
  (schema: unknown, data: number): boolean;
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }> | null;
}

function decimalsKeyword(keyword: 'x-decimals' | 'x-money', limitOf: (schema: unknown) => number, schemaType: 'number' | 'boolean'): KeywordDefinition {
  const validate: DecimalsValidator = (schema, data) => {
    const limit = limitOf(schema);
    const ok = limit < 0 || decimalsOf(data) <= limit;
    validate.errors = ok ? null : [{ keyword, message: `debe tener como máximo ${limit} decimales`, params: { max: limit } }];
    return ok;
  };
  return { keyword, type: 'number', schemaType, errors: true, validate: validate as FuncKeywordDefinition['validate'] };
}

export const EMITE_KEYWORDS: KeywordDefinition[] = [
  ...ANNOTATION_KEYWORDS.map((keyword): KeywordDefinition => ({ keyword })),
  decimalsKeyword('x-decimals', (s) => Number(s), 'number'),
  decimalsKeyword('x-money', (s) => (s ? 2 : -1), 'boolean'),
];

/** Declare Emite's keywords on an Ajv instance (draft-07 or 2020-12) and return it. */
export function addEmiteKeywords<T extends { addKeyword(def: KeywordDefinition): unknown }>(ajv: T): T {
  for (const def of EMITE_KEYWORDS) ajv.addKeyword(def);
  return ajv;
}

/** A schema property without Emite's `x-…` keywords nor the `also` keys, as a type. */
export type WithoutXKeys<P, Also extends string = never> = { [K in keyof P as K extends `x-${string}` | Also ? never : K]: P[K] };

/**
 * A schema property without Emite's `x-…` keywords (and the `also` keys, e.g. `default`): what an
 * Ajv that does not know them accepts in strict mode (Fastify's route schemas).
 * @example withoutXKeys({ type: 'string', 'x-catalog': 'forma_pago', default: '01' }, ['default']) // { type: 'string' }
 */
export function withoutXKeys(p: object, also: readonly string[] = []): object {
  return Object.fromEntries(Object.entries(p).filter(([k]) => !k.startsWith('x-') && !also.includes(k)));
}
