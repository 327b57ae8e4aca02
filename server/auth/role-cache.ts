/** Each role's permissions (`{resource: [action]}`), read from the roles table. */
import type { Db } from '../db/client.ts';
import { roles } from '../db/schema/index-tables.ts';

/** Role permission matrix, read once and refreshed on demand (roles change rarely). */
export function createRoleCache(db: Db) {
  let cache: Map<string, Record<string, string[]>> | null = null;
  return {
    async permissionsOf(role: string): Promise<Record<string, string[]>> {
      if (!cache) {
        const rows = await db.select().from(roles);
        cache = new Map(rows.map((r) => [r.code, r.permissions]));
      }
      return cache.get(role) ?? {};
    },
    invalidate() {
      cache = null;
    },
  };
}
export type RoleCache = ReturnType<typeof createRoleCache>;
