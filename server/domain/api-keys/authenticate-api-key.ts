/**
 * The live (not revoked) API key a request presents, looked up by its sha256 on every request:
 * no cache, so a revocation applies to the very next request on every node.
 * Marks the key used, at most once a minute (a conditional update, so concurrent requests and
 * nodes write it once).
 * @returns the key's company, id, name and role, or undefined (unknown or revoked key).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index-tables.ts';
import { hashToken } from '../auth/one-time-token.ts';
import { API_KEY_PATTERN } from './create-api-key.ts';

const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyIdentity {
  companyId: string;
  id: string;
  name: string;
  role: string;
}

export async function authenticateApiKey(db: Db, p: { key: string; now: Date }): Promise<ApiKeyIdentity | undefined> {
  if (!API_KEY_PATTERN.test(p.key)) return undefined;
  const [row] = await db
    .select({ companyId: apiKeys.companyId, id: apiKeys.id, name: apiKeys.name, role: apiKeys.role, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashToken(p.key)), isNull(apiKeys.revokedAt)));
  if (!row) return undefined;
  const stale = new Date(p.now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: p.now })
      .where(and(eq(apiKeys.companyId, row.companyId), eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
  }
  return { companyId: row.companyId, id: row.id, name: row.name, role: row.role };
}
