/**
 * PUT /api/user/{_id}: change a user (updateUser). When the caller changes their own e-mail, the
 * address changes only once the link mailed to the new address is used (PUT /auth/confirm-email/{token});
 * the answer then carries `pendingEmail`.
 * @throws what updateUser throws; MAIL_UNAVAILABLE (503) when the confirmation link could not be
 *   mailed: without it the change cannot be confirmed, so the caller must hear of it and retry.
 */
import type { AuthUser } from '../../auth/permissions.ts';
import { accountLink, type AccountServices } from '../auth/account-services.ts';
import { emailChangeMail } from '../../mail/templates.ts';
import { AppError } from '../../errors.ts';
import { updateUser, type UserInput, type UserView } from './manage-users.ts';

export async function editUser(
  s: AccountServices,
  p: { companyId: string; actor: AuthUser; id: string; input: UserInput; now: Date },
): Promise<UserView & { pendingEmail?: string }> {
  const updated = await updateUser(s.db, p);
  if (!updated.emailChange) return updated.user;
  const { to, firstName, razonSocial, token } = updated.emailChange;
  try {
    await s.mailer.send(emailChangeMail({ to, firstName, razonSocial, link: accountLink(s, `confirm-email/${token}`) }));
  } catch (err) {
    s.log.error({ err }, 'e-mail change link not sent');
    throw new AppError('MAIL_UNAVAILABLE', 'Se guardaron sus datos, pero no se pudo enviar el enlace de confirmación al nuevo correo; vuelva a intentarlo', { status: 503 });
  }
  return { ...updated.user, pendingEmail: to };
}
