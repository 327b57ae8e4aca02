/** The company's API keys, newest first, revoked ones included (they still name audit rows). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index-tables.ts';

export type { ApiKeyView } from '../../../core/api-keys.ts';
import type { ApiKeyView } from '../../../core/api-keys.ts';

export async function listApiKeys(db: Db, p: { companyId: string }): Promise<ApiKeyView[]> {
  const rows = await db
    .select({ key: apiKeys, firstName: users.firstName, lastName: users.lastName })
    .from(apiKeys)
    .leftJoin(users, and(eq(users.companyId, apiKeys.companyId), eq(users.id, apiKeys.createdBy)))
    .where(eq(apiKeys.companyId, p.companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, firstName, lastName }) => ({
    _id: key.id,
    name: key.name,
    role: key.role,
    prefix: key.prefix,
    createdBy: key.createdBy && firstName !== null ? { _id: key.createdBy, name: `${firstName} ${lastName ?? ''}`.trim() } : null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }));
}
