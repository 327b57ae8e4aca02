/**
 * The registration form (`POST /auth/register`, DESIGN.md §4) composed from the form schemas, so
 * its fields are written once (issue 18): the company's and the user's properties marked
 * `"x-registration": true` in src/schemas/company and src/schemas/user (their titles, limits and
 * whether they are required come along), plus what only a sign-up asks: the RUC (read-only in the
 * company form, written once here) and the first password. The server validates the request body
 * with it and the SPA's registration page renders it, so a field marked in the company schema shows
 * up in both. Annotation keywords (`x-…`) are left out: Fastify's Ajv runs strict. Pure: no I/O.
 * @example const body = registrationSchema(companySchema, userSchema); // {type: 'object', properties: {company: {…}, user: {…}}}
 */

import { withoutXKeys, type WithoutXKeys } from './schema-keywords.ts';

interface FormSchema {
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, object>>;
}

type Props<S extends FormSchema> = NonNullable<S['properties']>;

/** The names of a schema's properties marked `"x-registration": true`. */
export type RegistrationKey<S extends FormSchema> = { [K in keyof Props<S>]: Props<S>[K] extends { readonly 'x-registration': true } ? K : never }[keyof Props<S>] & string;

/** A property without its annotation keywords. */
type Plain<P> = WithoutXKeys<P>;

type RequiredOf<S extends FormSchema> = S['required'] extends readonly string[] ? S['required'][number] : never;


/** The properties of a form schema marked for registration, annotations left out, in the schema's order. */
export function registrationFields<const S extends FormSchema>(schema: S): { [K in RegistrationKey<S>]: Plain<Props<S>[K]> } {
  const entries = Object.entries(schema.properties ?? {}).filter(([, p]) => (p as { 'x-registration'?: unknown })['x-registration'] === true);
  return Object.fromEntries(entries.map(([k, p]) => [k, withoutXKeys(p)])) as { [K in RegistrationKey<S>]: Plain<Props<S>[K]> };
}

/** Which of a schema's registration fields it requires. */
export function registrationRequired<const S extends FormSchema>(schema: S): Array<Extract<RequiredOf<S>, RegistrationKey<S>>> {
  const fields = registrationFields(schema);
  return (schema.required ?? []).filter((k) => k in fields) as Array<Extract<RequiredOf<S>, RegistrationKey<S>>>;
}

/** The company's RUC as a sign-up takes it: 13 digits (the SRI's check digit is checked by the server). */
export const REGISTRATION_RUC = { type: 'string', title: 'RUC', pattern: '^\\d{13}$' } as const;

/** The user keeps a RUC whose check digit fails (módulo 11): real company RUCs do. */
export const REGISTRATION_RUC_CONFIRMED = { type: 'boolean', title: 'Confirmo que el RUC es correcto' } as const;

/** The first user's password (scrypt-hashed by the server). */
export const REGISTRATION_PASSWORD = { type: 'string', title: 'Contraseña', minLength: 8, maxLength: 200 } as const;

/**
 * The registration body: `{company: {ruc, …the company's registration fields}, user: {…the user's
 * registration fields, password}, rucConfirmado?}`, no other property accepted. `rucConfirmado: true`
 * keeps a RUC whose check digit does not follow the SRI's algorithm (the server asks with a 422
 * RUC_CHECK_DIGIT first).
 * @param company the company form schema (src/schemas/company/schema.json).
 * @param user the user form schema (src/schemas/user/schema.json).
 */
export function registrationSchema<const C extends FormSchema, const U extends FormSchema>(company: C, user: U) {
  return {
    type: 'object',
    required: ['company', 'user'],
    additionalProperties: false,
    properties: {
      company: {
        type: 'object',
        title: 'Empresa',
        required: ['ruc', ...registrationRequired(company)],
        additionalProperties: false,
        properties: { ruc: REGISTRATION_RUC, ...registrationFields(company) },
      },
      user: {
        type: 'object',
        title: 'Su usuario (administrador)',
        required: [...registrationRequired(user), 'password'],
        additionalProperties: false,
        properties: { ...registrationFields(user), password: REGISTRATION_PASSWORD },
      },
      rucConfirmado: REGISTRATION_RUC_CONFIRMED,
    },
  } as const;
}
