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
import { toCurrentUser, type CurrentUser } from './current-user.ts';
import { secondFactorRequired } from '../account-security/second-factor-policy.ts';
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

/** The answer of a login: a session, or (DESIGN.md §15) a ticket for the second step. */
export type SignInResult =
  | { token: string; result: CurrentUser }
  | { mfaRequired: true; mfaSetupRequired?: true; ticket: string };

/** A session for a user whose every factor was checked. */
export async function openSession(s: Pick<AccountServices, 'jwt' | 'roleCache'>, user: UserRow, company: CompanyRow): Promise<{ token: string; result: CurrentUser }> {
  const token = await s.jwt.sign({ sub: user.id, cid: company.id, tv: user.tokenVersion });
  return { token, result: toCurrentUser(user, company, await s.roleCache.permissionsOf(user.role)) };
}

/**
 * PUT /auth/login: authenticate and open a session; with a second factor, only its first step.
 * @returns `token` (session JWT: sub user, cid company, tv token version) and `result`
 *   (CurrentUser); or, when the user has a second factor, `{mfaRequired: true, ticket}` for
 *   `PUT /auth/login/mfa`; or, when the company requires one the user has not set up,
 *   `{mfaRequired: true, mfaSetupRequired: true, ticket}` for `POST /auth/login/mfa/setup`.
 * @throws what authenticate throws.
 */
export async function signIn(s: Pick<AccountServices, 'db' | 'jwt' | 'roleCache'>, p: { email: string; password: string; companyId?: string }): Promise<SignInResult> {
  const { user, company } = await authenticate(s.db, p);
  const claims = { sub: user.id, cid: company.id, tv: user.tokenVersion };
  if (user.mfaEnabledAt) return { mfaRequired: true, ticket: await s.jwt.signTicket({ ...claims, setup: false }) };
  if (secondFactorRequired(company, user.role)) return { mfaRequired: true, mfaSetupRequired: true, ticket: await s.jwt.signTicket({ ...claims, setup: true }) };
  return openSession(s, user, company);
}
