/**
 * Authentication for /api: a session JWT (`Authorization: Bearer <jwt>`: verified, the user loaded,
 * active, same token version) or an API key (`Authorization: Bearer emk_…` or `X-API-Key: emk_…`:
 * looked up by hash, not revoked, rate limited per key). Either sets `request.user` with the
 * company taken from the credential, never from a body; a key acts with its role's permissions.
 * Also provides `requirePermission(resource, action)`, `requireStaff` and `requireSession`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { findSessionUser } from '../db/repositories/users.ts';
import type { JwtService } from '../auth/jwt.ts';
import { AppError } from '../errors.ts';
import { API_KEY_PREFIX } from '../domain/api-keys/create-api-key.ts';
import { authenticateApiKey } from '../domain/api-keys/authenticate-api-key.ts';
import { can, type AuthUser } from '../domain/auth/permissions.ts';
import type { RoleCache } from '../domain/auth/role-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}


/**
 * Whether a matched route needs a bearer token: every route under /api except the health check
 * and the API reference (/api/docs).
 * Decided on the route pattern the router matched (e.g. `/api/admin/table/:name`), never on the
 * raw URL: the router decodes `%61pi` to `api`, so a raw-URL prefix check could be bypassed.
 * Unmatched requests (`undefined`) reach only the 404 handler, which reveals nothing.
 */
export function needsToken(routeUrl: string | undefined): boolean {
  if (routeUrl === undefined) return false;
  if (routeUrl === '/api/health' || routeUrl === '/api/docs' || routeUrl.startsWith('/api/docs/')) return false; // public: health, API reference
  return routeUrl === '/api' || routeUrl.startsWith('/api/');
}

export interface AuthPluginOptions {
  db: Db;
  jwt: JwtService;
  roleCache: RoleCache;
  clock: () => Date;
  /** Requests per minute per API key (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: number;
}

/** The credential a request carries: `X-API-Key`, else the bearer token of `Authorization`. */
function presentedCredential(request: FastifyRequest): string | undefined {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return apiKey.trim();
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  // Keyed by the key's id, so each integration has its own budget whatever its IPs.
  const perKeyLimit = app.rateLimit({ max: opts.apiKeyRateLimit, timeWindow: '1 minute', keyGenerator: (request) => `api-key:${request.user?.apiKeyId}` });
  app.addHook('onRequest', async (request, reply) => {
    if (!needsToken(request.routeOptions.url)) return;
    const credential = presentedCredential(request);
    if (!credential) throw new AppError('UNAUTHORIZED', 'Inicie sesión para continuar');
    if (credential.startsWith(API_KEY_PREFIX)) {
      const key = await authenticateApiKey(opts.db, { key: credential, now: opts.clock() });
      if (!key) throw new AppError('UNAUTHORIZED', 'La clave de API no es válida o fue revocada');
      request.user = {
        id: key.id,
        companyId: key.companyId,
        email: '',
        firstName: key.name,
        lastName: '',
        role: key.role,
        isStaff: false,
        permissions: await opts.roleCache.permissionsOf(key.role),
        // A key acts for the whole company (keys have no emission scope yet).
        emissionScope: [],
        apiKeyId: key.id,
      };
      await perKeyLimit.call(app, request, reply);
      return;
    }
    const claims = await opts.jwt.verify(credential);
    if (!claims) throw new AppError('UNAUTHORIZED', 'La sesión no es válida o expiró; inicie sesión de nuevo');
    const user = await findSessionUser(opts.db, { companyId: claims.cid, id: claims.sub });
    if (!user || !user.active || user.tokenVersion !== claims.tv) {
      throw new AppError('UNAUTHORIZED', 'La sesión no es válida o expiró; inicie sesión de nuevo');
    }
    request.user = {
      id: user.id,
      companyId: user.companyId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isStaff: user.isStaff,
      permissions: await opts.roleCache.permissionsOf(user.role),
      emissionScope: user.emissionPoints,
      apiKeyId: null,
    };
  });
});

/** The signed-in user; throws 401 when a route is reached without one (a wiring mistake). */
export function currentUser(request: Pick<FastifyRequest, 'user'>): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Inicie sesión para continuar');
  return request.user;
}

export function requirePermission(resource: string, action: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = currentUser(request);
    if (!can(user, resource, action)) {
      throw new AppError('FORBIDDEN', `Su rol (${user.role}) no permite esta acción (${resource}: ${action})`);
    }
  };
}

export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).isStaff) throw new AppError('FORBIDDEN', 'Solo el personal de la plataforma puede cambiar los datos de referencia');
}


/**
 * Refuses API keys on what only a person signed in may do: their own profile and password, and
 * managing API keys (a leaked key must not be able to mint or revoke others).
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (currentUser(request).apiKeyId) throw new AppError('FORBIDDEN', 'Esta acción requiere iniciar sesión como usuario; una clave de API no puede hacerla');
}

/** Who to record in an audit row: the user, or (user null) the API key that made the request. */
export function auditActor(user: AuthUser): { userId: string | null; apiKeyId: string | null } {
  return user.apiKeyId ? { userId: null, apiKeyId: user.apiKeyId } : { userId: user.id, apiKeyId: null };
}
