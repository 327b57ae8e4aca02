/**
 * Route types come from the route schemas: `typed(app)` is the app with the json-schema-to-ts type
 * provider, so `request.body`, `request.params`, `request.query` and the reply are typed from the
 * `as const` JSON Schemas a route declares (a wrong field name fails `tsc --noEmit`).
 * @example typed(app).get('/api/x/:_id', { schema: { params: idParam, response: { 200: out } } }, async (request) => get(request.params._id));
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();

/** A route table with types from its schemas: what `typed(app)` returns. */
export type TypedApp = ReturnType<typeof typed>;
