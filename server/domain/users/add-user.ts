/**
 * POST /api/user: create a user in the caller's company (createUser); one created without a
 * password gets an invitation mail with a link to choose it (48 h). A mail failure is logged only.
 * @throws what createUser throws (FORBIDDEN, CONFLICT, VALIDATION).
 */
import type { AuthUser } from '../../auth/permissions.ts';
import { accountLink, sendAccountMail, type AccountServices } from '../auth/account-services.ts';
import { invitationMail } from '../../mail/templates.ts';
import { createUser, type UserInput, type UserView } from './manage-users.ts';

export async function addUser(s: AccountServices, p: { companyId: string; actor: AuthUser; input: UserInput; now: Date }): Promise<UserView> {
  const created = await createUser(s.db, p);
  if (created.invitation) {
    await sendAccountMail(s, invitationMail({ ...created.invitation, link: accountLink(s, `reset-password/${created.invitation.token}`) }));
  }
  return created.user;
}
