/**
 * A user's e-mail within one company: unique per company, case-insensitive, stored trimmed and in
 * lower case. Shared by user management and the e-mail change flow.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';

/** The stored form of an address: trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Whether another user of the company (not `exceptId`) already has this address. */
export async function emailInUse(db: Db, p: { companyId: string; email: string; exceptId?: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, p.companyId), eq(sql`lower(${users.email})`, p.email.toLowerCase())));
  return Boolean(row && row.id !== p.exceptId);
}

/** 409 naming the `email` field. */
export const emailTaken = () =>
  new AppError('CONFLICT', 'Ya existe un usuario con ese correo en la empresa', { details: [{ path: 'email', message: 'correo ya registrado' }] });

/** For onUniqueViolation: the company/e-mail constraint is a 409 on `email`. */
export const emailUnique = (constraint: string) => (constraint === 'app_user_company_email' ? emailTaken() : undefined);
