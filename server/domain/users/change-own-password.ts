/**
 * PUT /api/user/password: the signed-in user changes their password (changePassword checks the
 * current one). Older sessions are revoked; this one gets a fresh session token so the user stays
 * signed in here.
 * @returns `token`, the new session JWT. @throws what changePassword throws.
 */
import type { AuthUser } from '../../auth/permissions.ts';
import type { AccountServices } from '../auth/account-services.ts';
import { changePassword } from './manage-users.ts';

export async function changeOwnPassword(
  s: Pick<AccountServices, 'db' | 'jwt'>,
  p: { user: AuthUser; currentPassword?: string; password: string },
): Promise<{ token: string }> {
  const tokenVersion = await changePassword(s.db, { companyId: p.user.companyId, userId: p.user.id, currentPassword: p.currentPassword, password: p.password });
  return { token: await s.jwt.sign({ sub: p.user.id, cid: p.user.companyId, tv: tokenVersion }) };
}
