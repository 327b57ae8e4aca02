/**
 * Claim an `Idempotency-Key` of a company for one request (DESIGN.md §9), in one statement: insert
 * the key as running, or take over a row that expired (24 h) or whose first request died holding
 * it (same request only). Otherwise tell what the existing row says: its stored response, a
 * different request under the same key, or a first request still running.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index-tables.ts';

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
