/**
 * Activate the account behind a mailed link: single use, 48 h. Activates the user and, for the
 * first user, the company. Until then the company is not in use, so the link may also correct the
 * RUC it was registered with (issue 28: a RUC whose check digit fails was confirmed at registration
 * and turns out wrong): {@link pendingActivation} shows what the link activates, and
 * `activateAccount` with `ruc` corrects it in the same transaction, under the registration's rules
 * (register-company.ts `acceptedRuc`: structure strict, a failing módulo 11 only when confirmed).
 * @throws AppError TOKEN_INVALID (unknown, used or expired link), VALIDATION / RUC_CHECK_DIGIT (the
 *   corrected RUC, path `ruc`), CONFLICT (the corrected RUC belongs to another company).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, companies, users } from '../../db/schema/index-tables.ts';
import { consumeAuthToken } from '../../db/repositories/users.ts';
import { AppError } from '../../errors.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { checkRuc } from '../../../core/identification.ts';
import { hashToken } from '../../auth/one-time-token.ts';
import { acceptedRuc, rucTaken } from './register-company.ts';

const invalidLink = () => new AppError('TOKEN_INVALID', 'El enlace de activación no es válido o ya fue usado');
const expiredLink = () => new AppError('TOKEN_INVALID', 'El enlace de activación expiró; solicite uno nuevo');

/**
 * What an unused activation link activates, without using it: the company's name and RUC, and the
 * RUC's warning when its check digit does not follow the SRI's algorithm (the page then offers to correct it).
 * @throws AppError TOKEN_INVALID.
 */
export async function pendingActivation(db: Db, p: { token: string }, now: Date): Promise<{ razonSocial: string; ruc: string; rucWarning: string | null }> {
  const [row] = await db
    .select({ expiresAt: authTokens.expiresAt, razonSocial: companies.razonSocial, ruc: companies.ruc })
    .from(authTokens)
    .innerJoin(companies, eq(companies.id, authTokens.companyId))
    .where(and(eq(authTokens.tokenHash, hashToken(p.token)), eq(authTokens.kind, 'activation'), isNull(authTokens.usedAt)));
  if (!row) throw invalidLink();
  if (row.expiresAt.getTime() < now.getTime()) throw expiredLink();
  return { razonSocial: row.razonSocial, ruc: row.ruc, rucWarning: checkRuc(row.ruc).warning ?? null };
}

/**
 * @param p.ruc a corrected RUC for the company (only while it is not active yet); `rucConfirmado` as at registration.
 */
export async function activateAccount(db: Db, p: { token: string; ruc?: string; rucConfirmado?: boolean }, now: Date): Promise<{ companyId: string; userId: string }> {
  const corrected = p.ruc === undefined ? undefined : acceptedRuc(p.ruc, p.rucConfirmado, 'ruc').ruc;
  return onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const row = await consumeAuthToken(tx, { tokenHash: hashToken(p.token), kind: 'activation', now });
        if (!row) throw invalidLink();
        if (row.expiresAt.getTime() < now.getTime()) throw expiredLink();
        if (corrected !== undefined) {
          const [company] = await tx.select({ ruc: companies.ruc, status: companies.status }).from(companies).where(eq(companies.id, row.companyId));
          if (company && company.ruc !== corrected) {
            if (company.status === 'ACTIVE') throw new AppError('CONFLICT', 'La empresa ya está activa: su RUC ya no se corrige desde el enlace de activación', { details: [{ path: 'ruc', message: 'Empresa ya activa' }] });
            const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.ruc, corrected));
            if (taken) throw rucTaken();
            await tx.update(companies).set({ ruc: corrected, updatedAt: now }).where(eq(companies.id, row.companyId));
          }
        }
        await tx.update(users).set({ active: true, updatedAt: now }).where(and(eq(users.companyId, row.companyId), eq(users.id, row.userId)));
        await tx.update(companies).set({ status: 'ACTIVE', updatedAt: now }).where(eq(companies.id, row.companyId));
        return { companyId: row.companyId, userId: row.userId };
      }),
    (constraint) => (constraint === 'company_ruc_unique' ? rucTaken() : undefined),
  );
}
