/**
 * Bearer authentication for /api: verifies the JWT, loads the user (active, same token version),
 * and sets `request.user` with the company taken from the token, never from a body.
 * Also provides `requirePermission(resource, action)` and `requireStaff` preHandlers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { findSessionUser } from '../db/repositories/users.ts';
import { roles } from '../db/schema/index-tables.ts';
import type { JwtService } from '../auth/jwt.ts';
import { AppError } from '../errors.ts';
import type { EmissionScope } from '../domain/users/emission-scope.ts';

export interface AuthUser {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isStaff: boolean;
  permissions: Record<string, string[]>;
  /** Establishments / emission points this user may use; empty = all (domain/users/emission-scope.ts). */
  emissionScope: EmissionScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Role permission matrix, read once and refreshed on demand (roles change rarely). */
export function createRoleCache(db: Db) {
  let cache: Map<string, Record<string, string[]>> | null = null;
  return {
    async permissionsOf(role: string): Promise<Record<string, string[]>> {
      if (!cache) {
        const rows = await db.select().from(roles);
        cache = new Map(rows.map((r) => [r.code, r.permissions]));
      }
      return cache.get(role) ?? {};
    },
    invalidate() {
      cache = null;
    },
  };
}
export type RoleCache = ReturnType<typeof createRoleCache>;

/**
 * Whether a matched route needs a bearer token: every route under /api except the health check.
 * Decided on the route pattern the router matched (e.g. `/api/admin/table/:name`), never on the
 * raw URL: the router decodes `%61pi` to `api`, so a raw-URL prefix check could be bypassed.
 * Unmatched requests (`undefined`) reach only the 404 handler, which reveals nothing.
 */
export function needsToken(routeUrl: string | undefined): boolean {
  if (routeUrl === undefined) return false;
  return (routeUrl === '/api' || routeUrl.startsWith('/api/')) && routeUrl !== '/api/health';
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; jwt: JwtService; roleCache: RoleCache }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!needsToken(request.routeOptions.url)) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'Inicie sesión para continuar');
    const claims = await opts.jwt.verify(match[1]);
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
    };
  });
});

/** The signed-in user; throws 401 when a route is reached without one (a wiring mistake). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Inicie sesión para continuar');
  return request.user;
}

export function can(user: AuthUser, resource: string, action: string): boolean {
  return user.permissions[resource]?.includes(action) ?? false;
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

