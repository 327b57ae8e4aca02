/**
 * DELETE /api/user/mfa {code}: the user turns their own second factor off with a current code (or a
 * recovery code). Refused while the company requires one for the user's role: a new phone is set
 * up after an admin's reset (reset-second-factor.ts).
 * @throws AppError CONFLICT (required by the company; not enabled), and what checkSecondFactor throws.
 */
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { findCompany, findUser } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { checkSecondFactor } from './check-second-factor.ts';
import { clearSecondFactor, secondFactorRequired } from './second-factor-policy.ts';
import { recordSecurityEvent } from './security-events.ts';

export async function disableSecondFactor(db: Db, box: SecretBox, p: { companyId: string; userId: string; code: string; now: Date }): Promise<void> {
  const [user, company] = await Promise.all([findUser(db, { companyId: p.companyId, id: p.userId }), findCompany(db, { companyId: p.companyId })]);
  if (!user || !company) throw notFound('El usuario');
  if (user.mfaEnabledAt && secondFactorRequired(company, user.role)) {
    throw new AppError('CONFLICT', 'Su empresa exige el segundo factor a los administradores: no puede desactivarlo. Si cambió de teléfono, pida a otro administrador que lo restablezca.');
  }
  await checkSecondFactor(db, box, {
    ...p,
    against: 'enabled',
    wrongStatus: 400,
    onAccepted: async (tx) => {
      await clearSecondFactor(tx, { companyId: p.companyId, userId: p.userId });
      await recordSecurityEvent(tx, { companyId: p.companyId, userId: p.userId, actorId: p.userId, kind: 'mfa_disabled', at: p.now });
    },
  });
}
