/**
 * The `Idempotency-Key` table's queries (DESIGN.md §9), for the idempotency plugin
 * (server/plugins/idempotency.ts): claim a company's key for one request, then store the response
 * for replay or release the claim; and the cleanup of a company's expired keys.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { idempotencyKeys } from '../schema/index-tables.ts';

/** How long a stored response is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A first request still running after this long is presumed dead, and a retry runs it again. */
export const IDEMPOTENCY_LOCK_MS = 5 * 60 * 1000;

export interface StoredResponse {
  statusCode: number;
  contentType: string | null;
  body: Buffer;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'running' };

/**
 * Claim the key for one request, in one statement: insert it as running, or take over a row that
 * expired (24 h) or whose first request died holding it (same request only). Otherwise tell what
 * the existing row says: its stored response, a different request under the same key, or a first
 * request still running.
 */
export async function claimIdempotencyKey(db: Db, p: { companyId: string; key: string; fingerprint: string; now: Date }): Promise<IdempotencyClaim> {
  const now = p.now.toISOString();
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      companyId: p.companyId,
      key: p.key,
      fingerprint: p.fingerprint,
      createdAt: p.now,
      expiresAt: new Date(p.now.getTime() + IDEMPOTENCY_TTL_MS),
      lockedUntil: new Date(p.now.getTime() + IDEMPOTENCY_LOCK_MS),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.companyId, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        statusCode: null,
        contentType: null,
        body: null,
        createdAt: sql`excluded.created_at`,
        expiresAt: sql`excluded.expires_at`,
        lockedUntil: sql`excluded.locked_until`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now}::timestamptz
        or (${idempotencyKeys.statusCode} is null and ${idempotencyKeys.lockedUntil} <= ${now}::timestamptz and ${idempotencyKeys.fingerprint} = excluded.fingerprint)`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return { outcome: 'claimed' };

  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, p.companyId), eq(idempotencyKeys.key, p.key)));
  // Released (the first request failed with a 5xx) between the two statements: try again.
  if (!row) return claimIdempotencyKey(db, p);
  if (row.fingerprint !== p.fingerprint) return { outcome: 'mismatch' };
  if (row.statusCode === null || !row.body) return { outcome: 'running' };
  return { outcome: 'replay', response: { statusCode: row.statusCode, contentType: row.contentType, body: row.body } };
}

/*
 * What happens to a claimed key when its request answers: the response is stored for replay
 * (`saveIdempotentResponse`), or the claim is dropped so a retry runs the request again
 * (`releaseIdempotencyKey`: an error answer, or a streamed body that cannot be stored).
 */

export async function saveIdempotentResponse(db: Db, p: { companyId: string; key: string; response: StoredResponse }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: p.response.statusCode, contentType: p.response.contentType, body: p.response.body, lockedUntil: null })
    .where(and(eq(idempotencyKeys.companyId, p.companyId), eq(idempotencyKeys.key, p.key), isNull(idempotencyKeys.statusCode)));
}

export async function releaseIdempotencyKey(db: Db, p: { companyId: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, p.companyId), eq(idempotencyKeys.key, p.key), isNull(idempotencyKeys.statusCode)));
}

/** Delete the company's keys older than 24 h (idempotency_key_expires_idx). */
export async function deleteExpiredIdempotencyKeys(db: Db, p: { companyId: string; now: Date }): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.companyId, p.companyId), lte(idempotencyKeys.expiresAt, p.now)));
}
