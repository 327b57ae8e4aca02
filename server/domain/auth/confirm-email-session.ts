/**
 * PUT /auth/confirm-email/{token}: confirm a pending e-mail change (domain/users/change-email.ts),
 * tell the old address, and keep the confirming browser signed in when it holds a session of this
 * very user issued before the change (the old token is refused from then on: token version bumped).
 */
import { findCompany, findUser } from '../../db/repositories/users.ts';
import { emailChangedNoticeMail } from '../../mail/templates.ts';
import { confirmEmailChange, type EmailChanged } from '../users/change-email.ts';
import { sendAccountMail, type AccountServices } from './account-services.ts';
import { toCurrentUser, type CurrentUser } from './current-user.ts';

/** A fresh session for the bearer of `bearer` when it is this user's pre-change session; else `{}`. */
async function sessionAfterEmailChange(s: Pick<AccountServices, 'db' | 'jwt' | 'roleCache'>, bearer: string | undefined, changed: EmailChanged) {
  const claims = bearer ? await s.jwt.verify(bearer) : null;
  if (!claims || claims.sub !== changed.userId || claims.cid !== changed.companyId || claims.tv !== changed.previousTokenVersion) return {};
  const [user, company] = await Promise.all([findUser(s.db, { companyId: changed.companyId, id: changed.userId }), findCompany(s.db, { companyId: changed.companyId })]);
  if (!user || !company || !user.active) return {};
  const token = await s.jwt.sign({ sub: user.id, cid: company.id, tv: user.tokenVersion });
  return { token, result: toCurrentUser(user, company, await s.roleCache.permissionsOf(user.role)) };
}

/**
 * @param p.token the one-time token from the confirmation link; p.bearer the caller's session token, if any.
 * @returns the Spanish message, the new e-mail and, for the user's own earlier session, a new `token` and `result`.
 * @throws what confirmEmailChange throws (token unknown, used or expired; address taken meanwhile).
 */
export async function confirmEmailAndKeepSession(
  s: AccountServices,
  p: { token: string; bearer: string | undefined; now: Date },
): Promise<{ message: string; email: string; token?: string; result?: CurrentUser }> {
  const changed = await confirmEmailChange(s.db, { token: p.token, now: p.now });
  await sendAccountMail(s, emailChangedNoticeMail({ to: changed.oldEmail, firstName: changed.firstName, razonSocial: changed.razonSocial, newEmail: changed.newEmail }));
  return {
    message: `Correo confirmado: desde ahora inicia sesión con ${changed.newEmail}.`,
    email: changed.newEmail,
    ...(await sessionAfterEmailChange(s, p.bearer, changed)),
  };
}
