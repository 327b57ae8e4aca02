/**
 * Activate the account behind a mailed link: single use, 48 h. Activates the user and, for the
 * first user, the company.
 * @throws AppError TOKEN_INVALID (unknown, used or expired link).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index-tables.ts';
import { consumeAuthToken } from '../../db/repositories/users.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from './one-time-token.ts';

export async function activateAccount(db: Db, p: { token: string }, now: Date): Promise<{ companyId: string; userId: string }> {
  return db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, { tokenHash: hashToken(p.token), kind: 'activation', now });
    if (!row) throw new AppError('TOKEN_INVALID', 'El enlace de activación no es válido o ya fue usado');
    if (row.expiresAt.getTime() < now.getTime()) throw new AppError('TOKEN_INVALID', 'El enlace de activación expiró; solicite uno nuevo');
    await tx.update(users).set({ active: true, updatedAt: now }).where(and(eq(users.companyId, row.companyId), eq(users.id, row.userId)));
    await tx.update(companies).set({ status: 'ACTIVE', updatedAt: now }).where(eq(companies.id, row.companyId));
    return { companyId: row.companyId, userId: row.userId };
  });
}
