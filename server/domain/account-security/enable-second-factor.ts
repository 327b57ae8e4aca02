/**
 * POST /api/user/mfa/enable {code} (and the enrolment step of a login): a code from the pending
 * secret turns the second factor on, with ten new recovery codes (the only time they are shown;
 * stored hashed) and an audit row.
 * @returns the recovery codes, formatted `xxxxx-xxxxx`.
 * @throws what checkSecondFactor throws (CONFLICT when setup was not asked for first).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { recoveryCodes, users } from '../../db/schema/index-tables.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { recordSecurityEvent } from './security-events.ts';

export async function enableSecondFactor(db: Db, box: SecretBox, p: { companyId: string; userId: string; code: string; now: Date; wrongStatus: 400 | 401 }): Promise<{ recoveryCodes: string[] }> {
  return checkSecondFactor(db, box, {
    ...p,
    against: 'pending',
    onAccepted: async (tx, user) => {
      const codes = newRecoveryCodes();
      await tx
        .update(users)
        .set({ mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaEnabledAt: p.now, updatedAt: p.now })
        .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)));
      await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.companyId, p.companyId), eq(recoveryCodes.userId, p.userId)));
      await tx.insert(recoveryCodes).values(codes.map((code) => ({ companyId: p.companyId, userId: p.userId, codeHash: recoveryCodeHash(p.userId, code), createdAt: p.now })));
      await recordSecurityEvent(tx, { companyId: p.companyId, userId: p.userId, actorId: p.userId, kind: 'mfa_enabled', at: p.now });
      return { recoveryCodes: codes };
    },
  });
}
