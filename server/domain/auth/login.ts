/**
 * Sign in with e-mail and password, optionally scoped to one company.
 * An e-mail whose password matches accounts in several companies answers MULTIPLE_COMPANIES (409)
 * with `companies: [{_id, razonSocial}]` so the client can ask which.
 * An unknown e-mail still costs one password hash (against a dummy), so the answer's timing does
 * not tell whether an account exists.
 * @throws AppError INVALID_CREDENTIALS (401), ACCOUNT_INACTIVE (403), MULTIPLE_COMPANIES (409).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findAccountsByEmail, type CompanyRow, type UserRow } from '../../db/repositories/users.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';
import { toCurrentUser } from './current-user.ts';
import type { AccountServices } from './account-services.ts';

let dummyHash: Promise<string> | undefined;
/** A hash of a random password, made once: verifying against it costs what a real check costs. */
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export async function authenticate(db: Db, p: { email: string; password: string; companyId?: string }): Promise<{ user: UserRow; company: CompanyRow }> {
  const accounts = await findAccountsByEmail(db, { email: p.email.trim(), companyId: p.companyId });
  const matching: typeof accounts = [];
  if (accounts.length === 0) await verifyPassword(p.password, await dummy());
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

/**
 * PUT /auth/login: authenticate and open a session.
 * @returns `token` (session JWT: sub user, cid company, tv token version) and `result` (CurrentUser).
 * @throws what authenticate throws.
 */
export async function signIn(s: Pick<AccountServices, 'db' | 'jwt' | 'roleCache'>, p: { email: string; password: string; companyId?: string }) {
  const { user, company } = await authenticate(s.db, p);
  const token = await s.jwt.sign({ sub: user.id, cid: company.id, tv: user.tokenVersion });
  return { token, result: toCurrentUser(user, company, await s.roleCache.permissionsOf(user.role)) };
}
