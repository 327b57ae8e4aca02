/**
 * Rules applied once to every API route as it is registered (an onRoute hook), so that a new route
 * gets them without asking (issue 17):
 * - every path parameter has a pattern (`_id` a UUID, catalog `:code` no blanks, …), required;
 * - body, query and params pass {@link inputProblems} (no NUL, no lone surrogate, bounded JSON)
 *   before schema validation, answering 400 with the field's path;
 * - the route is listed in `app.apiRoutes` (method, url, schema), which the route-walking tests use.
 * Only `/api` and `/auth` routes: the sandbox SRI speaks SOAP and answers its own faults.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import { inputProblems } from '../http/input-hygiene.ts';
import { placeOf, type SchemaNode } from '../../core/validation-messages.ts';

export interface ApiRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api and /auth route registered so far (HEAD excluded), in registration order. */
    apiRoutes: readonly ApiRoute[];
  }
}

type JsonSchema = Record<string, unknown>;

const UUID: JsonSchema = { type: 'string', format: 'uuid' };
/**
 * Path parameters by name. A route's own property keeps its pattern, format or enum; one without
 * any gets this (or {@link DEFAULT_PARAM}). Catalog codes may be any non-blank text (catalog-routes
 * entryFields), so only blanks and length are ruled out there.
 */
const PARAM_RULES: ReadonlyMap<string, JsonSchema> = new Map([
  ['_id', UUID],
  ['id', UUID],
  ['company', UUID],
  ['companyId', UUID],
  ['name', { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }],
  ['resource', { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,63}$' }],
  ['code', { type: 'string', pattern: '^\\S{1,64}$' }],
  ['token', { type: 'string', pattern: '^[A-Za-z0-9_-]{10,200}$' }],
]);
/** URL-unreserved characters only: a new parameter name widens this on purpose, in PARAM_RULES. */
const DEFAULT_PARAM: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9._~-]{1,128}$' };

const API_URL = /^\/(api|auth)(\/|$)/;

/** The parameter names of a Fastify path (`/a/:x/b/:y` -> ['x', 'y']). */
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

const constrained = (s: JsonSchema | undefined) => !!s && ('pattern' in s || 'format' in s || 'enum' in s || 'const' in s);

/** The route's params schema with every path parameter required and constrained (a new object). */
function paramsSchema(url: string, declared: JsonSchema | undefined): JsonSchema | undefined {
  const names = paramNames(url);
  if (names.length === 0) return declared;
  const own = (declared?.properties ?? {}) as Record<string, JsonSchema>;
  const properties: Record<string, JsonSchema> = { ...own };
  for (const name of names) {
    const mine = Object.hasOwn(own, name) ? own[name] : undefined;
    if (!constrained(mine)) properties[name] = { ...mine, ...(PARAM_RULES.get(name) ?? DEFAULT_PARAM) };
  }
  const required = [...new Set([...((declared?.required as string[] | undefined) ?? []), ...names])];
  return { ...declared, type: 'object', properties, required };
}

const PARTS = [
  ['params', 'la ruta'],
  ['query', 'los parámetros'],
  ['body', 'el cuerpo'],
] as const;

/** Refuses the request (400, `details` with every field) when a part breaks the input rules. */
const checkInput: preValidationHookHandler = async (request: FastifyRequest) => {
  for (const [part, label] of PARTS) {
    const problems = inputProblems(request[part], part === 'body');
    if (problems.length) {
      const first = problems[0];
      const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part === 'query' ? 'querystring' : part] as SchemaNode | undefined;
      throw new AppError('VALIDATION', `Datos inválidos en ${first.path ? placeOf(schema, first.path) : label}: ${first.message}`, { details: problems });
    }
  }
};

/**
 * Register before any route. Decorates `app.apiRoutes`.
 * @example registerEdgeRules(app); await app.register(routes);
 */
export function registerEdgeRules(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!API_URL.test(route.url)) return;
    const schema = route.schema ?? {};
    const params = paramsSchema(route.url, schema.params as JsonSchema | undefined);
    if (params) route.schema = { ...schema, params };
    const own = route.preValidation;
    route.preValidation = [checkInput, ...(own ? (Array.isArray(own) ? own : [own]) : [])];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
  });
}
