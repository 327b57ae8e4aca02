/**
 * Create an API key for a company (DESIGN.md §9): `emk_` + 32 random bytes in base64url. The key
 * is returned once, here; only its sha256 is stored (256 random bits need no slow hash, and the
 * hash is checked on every request).
 * @throws AppError FORBIDDEN (a SUPERADMIN key by someone who is not SUPERADMIN).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index-tables.ts';
import type { AuthUser } from '../../auth/permissions.ts';
import { hashToken } from '../../auth/one-time-token.ts';
import { API_KEY_PREFIX } from '../../auth/api-key.ts';
import { assertMayAssign } from '../users/manage-users.ts';
/** Characters of the key kept in clear to tell keys apart in lists (`emk_` + 8). */
const SHOWN_CHARS = 12;

export type { CreatedApiKey } from '../../../core/api-keys.ts';
import type { CreatedApiKey } from '../../../core/api-keys.ts';

export async function createApiKey(db: Db, p: { companyId: string; actor: AuthUser; name: string; role: string; now: Date }): Promise<CreatedApiKey> {
  assertMayAssign(p.actor, p.role);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ companyId: p.companyId, name: p.name.trim(), role: p.role, prefix: key.slice(0, SHOWN_CHARS), keyHash: hashToken(key), createdBy: p.actor.id, createdAt: p.now })
    .returning();
  return { _id: row.id, name: row.name, role: row.role, prefix: row.prefix, key };
}
