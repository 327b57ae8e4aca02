/**
 * Register a company and its first user (SUPERADMIN), both inactive until the mailed activation
 * link is used (48 h, single use). The RUC is checked per SRI rules (core/identification): structure
 * and a persona natural's cédula (módulo 10) strictly; a sociedad's or a public entity's check digit
 * (módulo 11) that fails is questioned, not refused (real RUCs fail it): the answer is 422
 * RUC_CHECK_DIGIT until the body says `rucConfirmado: true`, and the registration then keeps the
 * warning. Until the account is activated, the activation link can correct the RUC
 * ({@link correctPendingRuc}).
 * The mail is sent after commit; a mail failure is logged and never loses the registration
 * (`resendActivation` sends a new link).
 * @throws AppError VALIDATION (bad RUC, weak password), RUC_CHECK_DIGIT (422, `code` in the body: confirm
 *   or correct), CONFLICT (RUC already registered, also when two registrations of one RUC race: the unique
 *   constraint decides, not the check before it).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index-tables.ts';
import { insertAuthToken, findAccountsByEmail } from '../../db/repositories/users.ts';
import { checkRuc } from '../../../core/identification.ts';
import { hashPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { ACTIVATION_TTL_MS, newOneTimeToken } from '../../auth/one-time-token.ts';
import { activationMail } from '../../mail/templates.ts';
import { accountLink, sendAccountMail, type AccountServices } from './account-services.ts';

export interface RegisterCompanyInput {
  company: { ruc: string; razonSocial: string; nombreComercial?: string; email: string; dirMatriz: string; telefono?: string };
  user: { firstName: string; lastName: string; email: string; password: string };
  /** The user confirmed a RUC whose check digit does not follow the SRI's algorithm. */
  rucConfirmado?: boolean;
}

/** The error code of a RUC whose check digit fails and was not confirmed. */
export const RUC_CHECK_DIGIT = 'RUC_CHECK_DIGIT';

/**
 * The RUC as registration takes it: trimmed, structure valid, and a failing módulo 11 confirmed.
 * @returns the RUC and its warning (kept in the answer when confirmed).
 * @throws AppError VALIDATION (path `company.ruc` or `ruc`), RUC_CHECK_DIGIT (422) when not confirmed.
 */
export function acceptedRuc(value: string, confirmed: boolean | undefined, path = 'company.ruc'): { ruc: string; warning?: string } {
  const ruc = value.trim();
  const check = checkRuc(ruc);
  if (!check.valid) throw new AppError('VALIDATION', check.message ?? 'RUC inválido', { details: [{ path, message: check.message ?? 'RUC inválido' }] });
  if (check.warning && !confirmed) {
    const message = `${check.warning}. Revise el RUC ${ruc}: si es el de su empresa tal como consta en el SRI, confírmelo; si no, corríjalo.`;
    throw new AppError(RUC_CHECK_DIGIT, message, { status: 422, details: [{ path, message }], extra: { code: RUC_CHECK_DIGIT } });
  }
  return { ruc, ...(check.warning ? { warning: check.warning } : {}) };
}

export interface RegisterCompanyResult {
  company: { _id: string; ruc: string; razonSocial: string };
  userId: string;
  activationToken: string;
  warnings: string[];
}

export async function registerCompany(db: Db, input: RegisterCompanyInput, now: Date): Promise<RegisterCompanyResult> {
  const { ruc, warning } = acceptedRuc(input.company.ruc, input.rucConfirmado);
  const passwordHash = await hashPassword(input.user.password);
  const { token, tokenHash } = newOneTimeToken();
  return onUniqueViolation(
    () => insertCompanyAndOwner(db, { input, ruc, passwordHash, tokenHash, token, warnings: warning ? [warning] : [], now }),
    (constraint) => (constraint === 'company_ruc_unique' ? rucTaken() : undefined),
  );
}

export const rucTaken = () => new AppError('CONFLICT', 'Ya existe una empresa registrada con este RUC', { details: [{ path: 'company.ruc', message: 'RUC ya registrado' }] });

async function insertCompanyAndOwner(
  db: Db,
  p: { input: RegisterCompanyInput; ruc: string; passwordHash: string; token: string; tokenHash: string; warnings: string[]; now: Date },
): Promise<RegisterCompanyResult> {
  const { input, ruc, passwordHash, token, tokenHash, now } = p;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.ruc, ruc));
    if (existing) throw rucTaken();
    const [company] = await tx
      .insert(companies)
      .values({
        ruc,
        razonSocial: input.company.razonSocial.trim(),
        nombreComercial: input.company.nombreComercial?.trim() || null,
        email: input.company.email.trim().toLowerCase(),
        dirMatriz: input.company.dirMatriz.trim(),
        telefono: input.company.telefono?.trim() || null,
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        email: input.user.email.trim().toLowerCase(),
        passwordHash,
        firstName: input.user.firstName.trim(),
        lastName: input.user.lastName.trim(),
        role: 'SUPERADMIN',
        active: false,
      })
      .returning();
    await insertAuthToken(tx, { companyId: company.id, userId: user.id, tokenHash, kind: 'activation', expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS) });
    return {
      company: { _id: company.id, ruc: company.ruc, razonSocial: company.razonSocial },
      userId: user.id,
      activationToken: token,
      warnings: p.warnings,
    };
  });
}

/**
 * A new activation link for every inactive account with this e-mail. Returns what to mail;
 * empty when none (the caller answers 200 either way: no enumeration).
 */
export async function resendActivation(db: Db, p: { email: string }, now: Date) {
  const accounts = (await findAccountsByEmail(db, { email: p.email })).filter((a) => !a.user.active);
  const out: Array<{ to: string; firstName: string; razonSocial: string; token: string }> = [];
  for (const { user, company } of accounts) {
    const { token, tokenHash } = newOneTimeToken();
    await insertAuthToken(db, { companyId: company.id, userId: user.id, tokenHash, kind: 'activation', expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS) });
    out.push({ to: user.email, firstName: user.firstName, razonSocial: company.razonSocial, token });
  }
  return out;
}


/**
 * POST /auth/register: register (registerCompany) and mail the activation link to the first user.
 * @returns the company and the RUC warnings; @throws what registerCompany throws.
 */
export async function signUpCompany(s: AccountServices, input: RegisterCompanyInput, now: Date) {
  const result = await registerCompany(s.db, input, now);
  await sendAccountMail(
    s,
    activationMail({ to: input.user.email, firstName: input.user.firstName, razonSocial: result.company.razonSocial, link: accountLink(s, `activate/${result.activationToken}`) }),
  );
  return { company: result.company, warnings: result.warnings };
}

/** Mail a new activation link to every inactive account with this e-mail (none: nothing happens). */
export async function mailActivationReminders(s: AccountServices, p: { email: string }, now: Date): Promise<void> {
  for (const m of await resendActivation(s.db, p, now)) {
    await sendAccountMail(s, activationMail({ to: m.to, firstName: m.firstName, razonSocial: m.razonSocial, link: accountLink(s, `activate/${m.token}`) }));
  }
}
