/** The company's API keys, newest first, revoked ones included (they still name audit rows). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index-tables.ts';

export interface ApiKeyView {
  _id: string;
  name: string;
  role: string;
  prefix: string;
  /** Who created it: the user's id and full name (null when that user was deleted). */
  createdBy: { _id: string; name: string } | null;
  createdAt: string;
  /** Last request made with it, to the minute; null when never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

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
