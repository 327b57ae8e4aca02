/** CurrentUser as the SPA stores it (DESIGN.md §4). */
import type { CompanyRow, UserRow } from '../../db/repositories/users.ts';

export type CurrentUser = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isStaff: boolean;
  company: { _id: string; ruc: string; razonSocial: string };
  permissions: Record<string, string[]>;
};

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
  };
}

export const currentUserSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    role: { type: 'string' },
    isStaff: { type: 'boolean' },
    company: { type: 'object', properties: { _id: { type: 'string' }, ruc: { type: 'string' }, razonSocial: { type: 'string' } } },
    permissions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;
