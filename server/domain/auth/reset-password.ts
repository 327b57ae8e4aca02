/**
 * Password reset: `requestPasswordReset` makes a 1 h single-use link per account with that e-mail
 * (none when unknown: the caller answers 200 either way, no enumeration); `resetPassword` sets the
 * new password, activates the account (an invited user sets a first password this way) and revokes
 * existing sessions (token version bump).
 * @throws AppError TOKEN_INVALID (unknown, used or expired link).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index-tables.ts';
import { consumeAuthToken, findAccountsByEmail, insertAuthToken } from '../../db/repositories/users.ts';
import { hashPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newOneTimeToken, RESET_TTL_MS } from '../../auth/one-time-token.ts';
import { resetPasswordMail } from '../../mail/templates.ts';
import { accountLink, sendAccountMail, type AccountServices } from './account-services.ts';

export async function requestPasswordReset(db: Db, p: { email: string; companyId?: string }, now: Date) {
  const accounts = await findAccountsByEmail(db, { email: p.email.trim(), companyId: p.companyId });
  const out: Array<{ to: string; firstName: string; razonSocial: string; token: string }> = [];
  for (const { user, company } of accounts) {
    const { token, tokenHash } = newOneTimeToken();
    await insertAuthToken(db, { companyId: company.id, userId: user.id, tokenHash, kind: 'reset', expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
    out.push({ to: user.email, firstName: user.firstName, razonSocial: company.razonSocial, token });
  }
  return out;
}

export async function resetPassword(db: Db, p: { token: string; password: string }, now: Date): Promise<void> {
  const passwordHash = await hashPassword(p.password);
  await db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, { tokenHash: hashToken(p.token), kind: 'reset', now });
    if (!row) throw new AppError('TOKEN_INVALID', 'El enlace para restablecer la contraseña no es válido o ya fue usado');
    if (row.expiresAt.getTime() < now.getTime()) throw new AppError('TOKEN_INVALID', 'El enlace para restablecer la contraseña expiró; solicite uno nuevo');
    await tx
      .update(users)
      .set({ passwordHash, active: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.companyId, row.companyId), eq(users.id, row.userId)));
  });
}

/** Mail a reset link to every account with this e-mail (optionally in one company); none: nothing happens. */
export async function mailPasswordReset(s: AccountServices, p: { email: string; companyId?: string }, now: Date): Promise<void> {
  for (const m of await requestPasswordReset(s.db, p, now)) {
    await sendAccountMail(s, resetPasswordMail({ to: m.to, firstName: m.firstName, razonSocial: m.razonSocial, link: accountLink(s, `reset-password/${m.token}`) }));
  }
}
