/**
 * POST /api/user/mfa/setup (and, in a login the company requires it for, POST /auth/login/mfa/setup):
 * a new TOTP secret kept as pending (sealed) until a code from the app confirms it (enable). Asking
 * again replaces the pending one; the enabled factor, if any, is not touched.
 * @returns `secret` (base32, for typing by hand) and `otpauthUrl` (for the QR code).
 * @throws AppError CONFLICT (already enabled), NOT_FOUND.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { users } from '../../db/schema/index-tables.ts';
import { findCompany, findUser } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { newTotpSecret, totpUrl } from './totp.ts';

export async function setUpSecondFactor(db: Db, box: SecretBox, p: { companyId: string; userId: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const [user, company] = await Promise.all([findUser(db, { companyId: p.companyId, id: p.userId }), findCompany(db, { companyId: p.companyId })]);
  if (!user || !company) throw notFound('El usuario');
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', 'El segundo factor ya está activado; desactívelo antes de configurar otro');
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ mfaPendingSecret: box.seal(Buffer.from(secret, 'utf8')) })
    .where(and(eq(users.companyId, p.companyId), eq(users.id, p.userId)));
  return { secret, otpauthUrl: totpUrl({ secret, label: `${user.email} (${company.razonSocial})` }) };
}
