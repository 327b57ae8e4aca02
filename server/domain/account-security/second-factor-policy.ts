/**
 * Who must sign in with a second factor: with the company setting "Exigir segundo factor"
 * (company.mfa_required, DESIGN.md §15), every ADMIN and SUPERADMIN. Others may enrol by choice.
 * Also the one place that clears a user's second factor (disable, an admin's reset).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema/index-tables.ts';

/** Roles the company setting applies to: those who can change the certificate, keys and webhooks. */
export const SECOND_FACTOR_ROLES: readonly string[] = ['SUPERADMIN', 'ADMIN'];

export const secondFactorRequired = (company: { mfaRequired: boolean }, role: string) => company.mfaRequired && SECOND_FACTOR_ROLES.includes(role);

/** Turns the user's second factor off: secret, pending setup, lock and recovery codes gone. */
export async function clearSecondFactor(tx: Db, p: { companyId: string; userId: string; bumpTokenVersion?: boolean; tokenVersion?: number }): Promise<void> {
  await tx
    .update(users)
    .set({
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      mfaFailures: 0,
      mfaLockedUntil: null,
      ...(p.bumpTokenVersion && p.tokenVersion !== undefined ? { tokenVersion: p.tokenVersion + 1 } : {}),
    })
    .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)));
  await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, p.companyId), eq(recoveryCodes.userId, p.userId)));
}
