/**
 * What happens to a claimed `Idempotency-Key` when its request answers: the response is stored for
 * replay (`saveIdempotentResponse`), or the claim is dropped so a retry runs the request again
 * (`releaseIdempotencyKey`: an error answer, or a streamed body that cannot be stored). Also the cleanup of a
 * company's expired keys.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index-tables.ts';
import type { StoredResponse } from './claim-idempotency-key.ts';

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
