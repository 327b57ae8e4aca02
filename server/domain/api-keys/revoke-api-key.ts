/**
 * Revoke an API key: from the next request on it is refused (401); the row stays for the audit.
 * Revoking a revoked key is a no-op.
 * @throws AppError NOT_FOUND (no such key in this company).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index-tables.ts';
import { notFound } from '../../errors.ts';

export async function revokeApiKey(db: Db, p: { companyId: string; id: string; now: Date }): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: p.now })
    .where(and(eq(apiKeys.companyId, p.companyId), eq(apiKeys.id, p.id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length) return;
  const [exists] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.companyId, p.companyId), eq(apiKeys.id, p.id)));
  if (!exists) throw notFound('La clave de API');
}
