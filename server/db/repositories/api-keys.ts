/**
 * API key queries for the auth plugin: the live (not revoked) key a request presents, looked up by
 * its sha256 (server/auth/api-key.ts apiKeyHash). The auth plugin keeps the answer per node
 * (server/auth/session-cache.ts), dropped on every node when the key changes
 * (a revocation notifies through migration 0015's trigger), so a revocation applies to the next
 * request on every node without a lookup per request.
 * `markApiKeyUsed` records use at most once a minute (a conditional update, so concurrent requests
 * and nodes write it once).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { apiKeys } from '../schema/index-tables.ts';

const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyIdentity {
  companyId: string;
  id: string;
  name: string;
  role: string;
}

/** @returns the key's company, id, name, role and when it was last marked used; undefined when unknown or revoked. */
export async function findLiveApiKey(db: Db, p: { keyHash: string }): Promise<(ApiKeyIdentity & { lastUsedAt: Date | null }) | undefined> {
  const [row] = await db
    .select({ companyId: apiKeys.companyId, id: apiKeys.id, name: apiKeys.name, role: apiKeys.role, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, p.keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Whether a key last marked used at `lastUsedAt` is due another mark at `now`. */
export function apiKeyUseIsStale(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || lastUsedAt.getTime() < now.getTime() - LAST_USED_RESOLUTION_MS;
}

/** Marks the key used at `now` unless a request (of any node) did in the last minute. */
export async function markApiKeyUsed(db: Db, p: { companyId: string; id: string; now: Date }): Promise<void> {
  const stale = new Date(p.now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: p.now })
    .where(and(eq(apiKeys.companyId, p.companyId), eq(apiKeys.id, p.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}
