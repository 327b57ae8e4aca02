/**
 * A route body derived from a screen's form schema (src/schemas/<name>/schema.json, as the `as const`
 * copy in server/schemas/generated/), so the fields, their limits and — through the JSON Schema type
 * provider — the handler's TypeScript types are written once (issue 18). The form's annotations
 * (`x-…`, `$schema`) are dropped, read-only fields are accepted and ignored (a client may send back
 * what it read), `default`s are left to the form (a PUT without `emissionPoints` keeps them, it does
 * not reset them), and server-only fields (`currentPassword`) are added by the route.
 * @example const body = formBody(userSchema, { additionalProperties: false, extra: { currentPassword: { type: 'string', maxLength: 200 } } });
 */
import type { FastifyRequest } from 'fastify';
import { withoutXKeys, type WithoutXKeys } from '../../core/schema-keywords.ts';

type Properties = Record<string, object>;
interface FormSchema {
  readonly required?: readonly string[];
  readonly properties: Properties;
}

/** Drop the `x-…` annotation keys (Fastify's Ajv runs strict) and `default` of one property. */
type Plain<P> = WithoutXKeys<P, 'default'>;
type PlainProperties<P> = { [K in keyof P]: Plain<P[K]> };

export type FormBody<S extends FormSchema, E extends Properties, A extends boolean | undefined> = {
  type: 'object';
  required: S['required'] extends readonly string[] ? S['required'] : readonly [];
  properties: PlainProperties<S['properties']> & E;
} & (A extends boolean ? { additionalProperties: A } : unknown);

const plain = (p: object): object => withoutXKeys(p, ['default']);

/**
 * The body schema of a form schema: its properties (annotations dropped) and `required`, plus `extra`.
 * @param o.additionalProperties false to answer 400 for an unknown field (default: unknown fields pass).
 */
export function formBody<const S extends FormSchema, const E extends Properties = Record<never, never>, const A extends boolean | undefined = undefined>(
  schema: S,
  o: { extra?: E; additionalProperties?: A } = {},
): FormBody<S, E, A> {
  const properties = { ...Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, plain(p)])), ...(o.extra ?? {}) };
  // Type-level seam: FormBody mirrors this object key for key; TS cannot carry a mapped type through Object.fromEntries.
  return {
    type: 'object',
    required: schema.required ?? [],
    properties,
    ...(o.additionalProperties === undefined ? {} : { additionalProperties: o.additionalProperties }),
  } as unknown as FormBody<S, E, A>;
}

type OutProperties<P> = { [K in keyof P]: P[K] extends { readonly type: infer T } ? { type: T } : Record<never, never> };

export type FormOut<S extends FormSchema, E extends Properties> = {
  type: 'object';
  properties: OutProperties<S['properties']> & E;
};

/**
 * The response schema of a record edited with a form schema: every form field with its JSON type
 * only (limits and annotations are for input), plus `extra` (`_id`, server-made fields), so the
 * fields a GET answers are the form's, written once.
 * @example const companyOut = formOut(companySchema, { extra: { _id: { type: 'string' } } });
 */
export function formOut<const S extends FormSchema, const E extends Properties = Record<never, never>>(schema: S, o: { extra?: E } = {}): FormOut<S, E> {
  const typeOnly = (p: object): object => ('type' in p ? { type: (p as { type: unknown }).type } : {});
  const properties = { ...Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, typeOnly(p)])), ...(o.extra ?? {}) };
  // Type-level seam: FormOut mirrors this map key for key; TS cannot carry a mapped type through Object.fromEntries.
  return { type: 'object', properties } as unknown as FormOut<S, E>;
}

/**
 * A `preValidation` hook: an optional top-level field sent as `null` or `""` counts as not sent (a
 * form's cleared field; "no password" on POST /api/user is an invitation), so the form schema's
 * limits (`minLength: 8`) apply only to values actually given.
 */
export function blankOptionalsOmitted(schema: FormSchema) {
  const required = new Set(schema.required ?? []);
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const [key, value] of Object.entries(body)) {
      if (!required.has(key) && (value === null || value === '')) delete (body as Record<string, unknown>)[key];
    }
  };
}
