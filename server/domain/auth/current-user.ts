/** CurrentUser (defined once in core/current-user.ts, DESIGN.md §4) built from the stored rows. */
import type { CompanyRow, UserRow } from '../../db/repositories/users.ts';
import type { CurrentUser } from '../../../core/current-user.ts';

export { currentUserSchema, type CurrentUser } from '../../../core/current-user.ts';

export function toCurrentUser(user: UserRow, company: CompanyRow, permissions: Record<string, string[]>): CurrentUser {
  return {
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isStaff: user.isStaff,
    company: { _id: company.id, ruc: company.ruc, razonSocial: company.razonSocial },
    permissions,
    mfaEnabled: Boolean(user.mfaEnabledAt),
  };
}
