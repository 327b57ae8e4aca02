/**
 * The company setting "Exigir segundo factor a administradores" turned on (company.mfa_required):
 * whoever turns it on must have a second factor themselves (or they would lock themselves out),
 * and the sessions of every other ADMIN and SUPERADMIN without one end now, so they enrol at their
 * next sign-in instead of working on for hours with a password only.
 * @throws AppError CONFLICT (the acting user has no second factor), with `details` at `mfaRequired`.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index-tables.ts';
import { findUser } from '../../db/repositories/users.ts';
import { AppError } from '../../errors.ts';
import { SECOND_FACTOR_ROLES } from './second-factor-policy.ts';

export async function requireSecondFactor(tx: Db, p: { companyId: string; actorId: string; now: Date }): Promise<void> {
  const actor = await findUser(tx, { companyId: p.companyId, id: p.actorId });
  if (!actor?.mfaEnabledAt) {
    const message = 'Active primero su propio segundo factor en Mi Perfil; luego podrá exigirlo a los administradores';
    throw new AppError('CONFLICT', message, { details: [{ path: 'mfaRequired', message }] });
  }
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: p.now })
    .where(and(eq(users.companyId, p.companyId), inArray(users.role, [...SECOND_FACTOR_ROLES]), isNull(users.mfaEnabledAt), ne(users.id, p.actorId)));
}
