/**
 * Sign in with e-mail and password, optionally scoped to one company.
 * An e-mail whose password matches accounts in several companies answers MULTIPLE_COMPANIES (409)
 * with `companies: [{_id, razonSocial}]` so the client can ask which.
 * @throws AppError INVALID_CREDENTIALS (401), ACCOUNT_INACTIVE (403), MULTIPLE_COMPANIES (409).
 */
import type { Db } from '../../db/client.ts';
import { findAccountsByEmail, type CompanyRow, type UserRow } from '../../db/repositories/users.ts';
import { verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';

export async function authenticate(db: Db, p: { email: string; password: string; companyId?: string }): Promise<{ user: UserRow; company: CompanyRow }> {
  const accounts = await findAccountsByEmail(db, { email: p.email.trim(), companyId: p.companyId });
  const matching: typeof accounts = [];
  for (const account of accounts) {
    if (await verifyPassword(p.password, account.user.passwordHash)) matching.push(account);
  }
  if (matching.length === 0) throw new AppError('INVALID_CREDENTIALS', 'Correo o contraseña incorrectos');
  if (matching.length > 1) {
    throw new AppError('MULTIPLE_COMPANIES', 'Su correo pertenece a varias empresas; elija con cuál ingresar', {
      extra: { companies: matching.map((a) => ({ _id: a.company.id, razonSocial: a.company.razonSocial })) },
    });
  }
  const { user, company } = matching[0];
  if (!user.active) throw new AppError('ACCOUNT_INACTIVE', 'La cuenta aún no está activada; revise su correo o solicite un nuevo enlace');
  return { user, company };
}
