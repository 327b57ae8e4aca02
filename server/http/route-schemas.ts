/**
 * Schema pieces shared by many routes: the `_id` path parameter, the empty 204 answer, and a short
 * `{message}` answer. Kept `as const` so the type provider (http/typed.ts) reads them.
 */

/** `/:_id` of a record (a UUID). */
export const idParam = { type: 'object', required: ['_id'], additionalProperties: false, properties: { _id: { type: 'string', format: 'uuid' } } } as const;

/** 204: deleted (or done), no body. (The OpenAPI document adds `type: 'null'`; here it would make `send()` need an argument.) */
export const noContent = { description: 'Hecho; sin contenido' } as const;

/**
 * A file answer (PDF, XML, image): its media types and no JSON schema (OpenAPI 3.1: the bytes are
 * the media type's). @example binaryOut('El RIDE en PDF', 'application/pdf')
 */
export const binaryOut = <const T extends readonly string[]>(description: string, ...mediaTypes: T) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((t) => [t, { schema: {} }])) as { [K in T[number]]: { schema: Record<string, never> } },
});

/** `{message}`: a Spanish sentence saying what happened. */
export const messageOut = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/** A schema-driven record: the fields of its JSON Schema (src/schemas/<name>/schema.json) plus `_id`. */
export const recordOut = { type: 'object', additionalProperties: true, properties: { _id: { type: 'string', format: 'uuid' } } } as const;
