/**
 * Changing one's own e-mail (issue 17: no account takeover by e-mail change). Two steps:
 * 1. `issueEmailChangeLink` (via PUT /api/user/{_id}): the signed-in user confirms their current password; a single-use link
 *    (24 h) is made for the new address. Nothing changes yet: the old address still signs in. A newer
 *    request retires the older link.
 * 2. `confirmEmailChange`: the link sets the new address and bumps the token version, so every
 *    session issued before ends. The caller mails a notice to the old address.
 * Nobody changes another user's e-mail (manage-users.ts refuses it).
 * @throws AppError VALIDATION (wrong current password, path `currentPassword`), CONFLICT (address
 *   taken, path `email`, also when two confirmations race), TOKEN_INVALID (unknown, used or expired
 *   link), NOT_FOUND.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index-tables.ts';
import { consumeAuthToken, insertAuthToken, retireAuthTokens } from '../../db/repositories/users.ts';
import { verifyPassword } from '../../auth/password.ts';
import { AppError, notFound } from '../../errors.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { EMAIL_CHANGE_TTL_MS, hashToken, newOneTimeToken } from '../../auth/one-time-token.ts';
import { emailInUse, emailTaken, emailUnique, normalizeEmail } from './user-email.ts';

/** What the caller mails to the new address (the link carries `token`). */
export interface EmailChangeRequest {
  to: string;
  firstName: string;
  razonSocial: string;
  token: string;
}

/** The current password must match; a missing one is as wrong as a bad one. */
export async function assertCurrentPassword(passwordHash: string, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword || !(await verifyPassword(currentPassword, passwordHash))) {
    throw new AppError('VALIDATION', 'La contraseña actual no es correcta', { details: [{ path: 'currentPassword', message: 'no es correcta' }] });
  }
}

/**
 * Step 1, after the caller checked the current password ({@link assertCurrentPassword}; updateUser
 * does both): refuses an address taken in the company, retires older links, stores the new one.
 * @param p.newEmail any case and spacing; stored normalised.
 * @returns the link to mail to the new address.
 */
export async function issueEmailChangeLink(
  db: Db,
  p: { companyId: string; userId: string; firstName: string; newEmail: string; now: Date },
): Promise<EmailChangeRequest> {
  const newEmail = normalizeEmail(p.newEmail);
  if (await emailInUse(db, { companyId: p.companyId, email: newEmail, exceptId: p.userId })) throw emailTaken();
  const { token, tokenHash } = newOneTimeToken();
  return db.transaction(async (tx) => {
    await retireAuthTokens(tx, { companyId: p.companyId, userId: p.userId, kind: 'email_change', now: p.now });
    await insertAuthToken(tx, { companyId: p.companyId, userId: p.userId, tokenHash, kind: 'email_change', newEmail, expiresAt: new Date(p.now.getTime() + EMAIL_CHANGE_TTL_MS) });
    const [company] = await tx.select({ razonSocial: companies.razonSocial }).from(companies).where(eq(companies.id, p.companyId));
    return { to: newEmail, firstName: p.firstName, razonSocial: company.razonSocial, token };
  });
}

/** The change made by a confirmation link. */
export interface EmailChanged {
  companyId: string;
  userId: string;
  firstName: string;
  razonSocial: string;
  oldEmail: string;
  newEmail: string;
  /** Token version before the change (a session carrying it was valid until now). */
  previousTokenVersion: number;
  /** Token version after: only tokens signed with it are accepted. */
  tokenVersion: number;
}

/** Apply the e-mail change behind a mailed link (single use, 24 h); ends the user's sessions. */
export async function confirmEmailChange(db: Db, p: { token: string; now: Date }): Promise<EmailChanged> {
  return onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const link = await consumeAuthToken(tx, { tokenHash: hashToken(p.token), kind: 'email_change', now: p.now });
        if (!link || !link.newEmail) throw new AppError('TOKEN_INVALID', 'El enlace para confirmar el correo no es válido o ya fue usado');
        if (link.expiresAt.getTime() < p.now.getTime()) throw new AppError('TOKEN_INVALID', 'El enlace para confirmar el correo expiró; vuelva a cambiar el correo en Mi Perfil');
        const [before] = await tx
          .select({ user: users, razonSocial: companies.razonSocial })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)))
          .for('update', { of: users });
        if (!before) throw notFound('El usuario');
        const [after] = await tx
          .update(users)
          .set({ email: link.newEmail, tokenVersion: before.user.tokenVersion + 1, updatedAt: p.now })
          .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)))
          .returning({ tokenVersion: users.tokenVersion });
        return {
          companyId: link.companyId,
          userId: link.userId,
          firstName: before.user.firstName,
          razonSocial: before.razonSocial,
          oldEmail: before.user.email,
          newEmail: link.newEmail,
          previousTokenVersion: before.user.tokenVersion,
          tokenVersion: after.tokenVersion,
        };
      }),
    emailUnique,
  );
}
