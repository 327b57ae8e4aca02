/**
 * Emission scope on the routes that address one comprobante by id (issue 17): a preHandler, added by
 * an onRoute hook to every route registered afterwards whose pattern is `prefix` or under it
 * (`/api/invoice/:_id`, `/api/invoice/:_id/issue`, …/xml, …/pdf, …/email, …/authorize, …/events),
 * answers 404 for a comprobante outside the caller's establishments / emission points, exactly as
 * for another company's. It runs after the route's own preHandlers (permissions first). A user
 * without a scope costs nothing; a scoped one costs one primary-key read of two columns.
 * The rule itself: server/domain/users/emission-scope.ts.
 */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { assertVisible, isScoped } from '../../domain/users/emission-scope.ts';
import { currentUser } from '../../plugins/auth.ts';

/** A tenant table of comprobantes: the columns the guard reads. */
export type ScopedTable = PgTable & { companyId: PgColumn; id: PgColumn; estab: PgColumn; ptoEmi: PgColumn };

/**
 * @param p.prefix route pattern of one comprobante, with `:_id` (e.g. '/api/invoice/:_id').
 * @param p.what noun for the 404 message ('La factura').
 */
export function guardEmissionScope(app: FastifyInstance, p: { db: Db; prefix: string; table: ScopedTable; what: string }): void {
  const guard = async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!isScoped(user.emissionScope)) return;
    const id = (request.params as { _id?: string })._id;
    if (!id) return;
    const [row] = await p.db
      .select({ estab: p.table.estab, ptoEmi: p.table.ptoEmi })
      .from(p.table as PgTable)
      .where(and(eq(p.table.companyId, user.companyId), eq(p.table.id, id)));
    // A missing one is left to the route (its own 404).
    if (row) assertVisible(user.emissionScope, { estab: String(row.estab), ptoEmi: String(row.ptoEmi) }, p.what);
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== p.prefix && !route.url.startsWith(`${p.prefix}/`)) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [...existing, guard as preHandlerHookHandler];
  });
}
