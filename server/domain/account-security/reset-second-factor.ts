/**
 * DELETE /api/user/{_id}/mfa: an admin turns another user's second factor off (a lost phone). The
 * user's sessions end (token version), an audit row names the admin, and if the company requires a
 * second factor the user enrols a new one at the next sign-in. Only a SUPERADMIN resets a SUPERADMIN;
 * one's own goes through Mi Perfil (with a code).
 * @throws AppError NOT_FOUND, CONFLICT (oneself; nothing to reset), FORBIDDEN.
 */
import type { Db } from '../../db/client.ts';
import { findUser } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthUser } from '../../auth/permissions.ts';
import { clearSecondFactor } from './second-factor-policy.ts';
import { recordSecurityEvent } from './security-events.ts';

export async function resetSecondFactor(db: Db, p: { companyId: string; actor: AuthUser; userId: string; now: Date }): Promise<void> {
  const user = await findUser(db, { companyId: p.companyId, id: p.userId });
  if (!user) throw notFound('El usuario');
  if (user.id === p.actor.id) throw new AppError('CONFLICT', 'Su propio segundo factor se desactiva en Mi Perfil, con un código');
  if (user.role === 'SUPERADMIN' && p.actor.role !== 'SUPERADMIN') throw new AppError('FORBIDDEN', 'Solo un Superadministrador puede restablecer el segundo factor de otro Superadministrador');
  if (!user.mfaEnabledAt && !user.mfaPendingSecret && !user.mfaLockedUntil) throw new AppError('CONFLICT', 'Este usuario no tiene un segundo factor activado');
  await db.transaction(async (tx) => {
    await clearSecondFactor(tx, { companyId: p.companyId, userId: p.userId, bumpTokenVersion: true, tokenVersion: user.tokenVersion });
    await recordSecurityEvent(tx, { companyId: p.companyId, userId: p.userId, actorId: p.actor.id, kind: 'mfa_reset', at: p.now });
  });
}
