/**
 * Authentication for /api: a session JWT (`Authorization: Bearer <jwt>`: verified, the user loaded,
 * active, same token version) or an API key (`Authorization: Bearer emk_…` or `X-API-Key: emk_…`:
 * looked up by hash, not revoked, rate limited per key). Users and keys are kept per node
 * (server/auth/session-cache.ts) and dropped on every node when the database changes them. Either sets `request.user` with the
 * company taken from the credential, never from a body; a key acts with its role's permissions.
 * Also provides `requirePermission(resource, action)`, `requireStaff` and `requireSession`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { findSessionUser } from '../db/repositories/users.ts';
import type { JwtService } from '../auth/jwt.ts';
import { AppError } from '../errors.ts';
import { API_KEY_PREFIX, apiKeyHash } from '../auth/api-key.ts';
import { apiKeyUseIsStale, findLiveApiKey, markApiKeyUsed } from '../db/repositories/api-keys.ts';
import { createSessionCache } from '../auth/session-cache.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { can, type AuthUser } from '../auth/permissions.ts';
import type { RoleCache } from '../auth/role-cache.ts';

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
  /** Drops cached sessions and keys when the database says they changed (server/db/change-feed.ts). */
  changeFeed: ChangeFeed;
  /** Requests per minute per API key (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: number;
}

/** The credential a request carries: `X-API-Key`, else the bearer token of `Authorization`. */
function presentedCredential(request: FastifyRequest): string | undefined {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return apiKey.trim();
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Routes whose writes may change what a session check reads (passwords, users, e-mail, API keys,
 * activation): their answer waits until this node's change feed has delivered those changes, so
 * the caller's very next request on this node sees them (other nodes: when PostgreSQL delivers).
 */
function changesSessions(routeUrl: string | undefined): boolean {
  return !!routeUrl && (routeUrl.startsWith('/auth/') || routeUrl.startsWith('/api/user') || routeUrl.startsWith('/api/admin/api-key'));
}

/** A session's user as cached: what the token is checked against, and the request's user. */
interface CachedSession {
  active: boolean;
  tokenVersion: number;
  user: AuthUser;
}
/** A live API key as cached; `lastUsedAt` moves when this node marks it used. */
interface CachedKey {
  id: string;
  companyId: string;
  lastUsedAt: Date | null;
  user: AuthUser;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('user', null);
  const sessions = createSessionCache<CachedSession, CachedKey>(opts.changeFeed, { onRoleChange: () => opts.roleCache.invalidate() });
  app.addHook('onClose', async () => sessions.close());
  // The LISTEN is in place before the first request can fill the cache.
  await opts.changeFeed.sync();
  // Keyed by the key's id, so each integration has its own budget whatever its IPs.
  const perKeyLimit = app.rateLimit({ max: opts.apiKeyRateLimit, timeWindow: '1 minute', keyGenerator: (request) => `api-key:${request.user?.apiKeyId}` });

  const loadKey = async (keyHash: string): Promise<CachedKey | undefined> => {
    const key = await findLiveApiKey(opts.db, { keyHash });
    if (!key) return undefined;
    const user: AuthUser = {
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
    return { id: key.id, companyId: key.companyId, lastUsedAt: key.lastUsedAt, user: Object.freeze(user) };
  };
  const loadSession = async (companyId: string, id: string): Promise<CachedSession | undefined> => {
    const row = await findSessionUser(opts.db, { companyId, id });
    if (!row) return undefined;
    const user: AuthUser = {
      id: row.id,
      companyId: row.companyId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      isStaff: row.isStaff,
      permissions: await opts.roleCache.permissionsOf(row.role),
      emissionScope: row.emissionPoints,
      apiKeyId: null,
    };
    return { active: row.active, tokenVersion: row.tokenVersion, user: Object.freeze(user) };
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!needsToken(request.routeOptions.url)) return;
    const credential = presentedCredential(request);
    if (!credential) throw new AppError('UNAUTHORIZED', 'Inicie sesión para continuar');
    if (credential.startsWith(API_KEY_PREFIX)) {
      const keyHash = apiKeyHash(credential);
      const key = keyHash ? await sessions.apiKey(keyHash, () => loadKey(keyHash), (k) => k.id) : undefined;
      if (!key) throw new AppError('UNAUTHORIZED', 'La clave de API no es válida o fue revocada');
      const now = opts.clock();
      if (apiKeyUseIsStale(key.lastUsedAt, now)) {
        key.lastUsedAt = now;
        await markApiKeyUsed(opts.db, { companyId: key.companyId, id: key.id, now });
      }
      request.user = key.user;
      await perKeyLimit.call(app, request, reply);
      return;
    }
    const claims = await opts.jwt.verify(credential);
    if (!claims) throw new AppError('UNAUTHORIZED', 'La sesión no es válida o expiró; inicie sesión de nuevo');
    const session = await sessions.user(claims.cid, claims.sub, () => loadSession(claims.cid, claims.sub));
    if (!session || !session.active || session.tokenVersion !== claims.tv) {
      throw new AppError('UNAUTHORIZED', 'La sesión no es válida o expiró; inicie sesión de nuevo');
    }
    request.user = session.user;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && changesSessions(request.routeOptions.url)) await opts.changeFeed.sync();
    return payload;
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
