/** The roles a user can have (SUPERADMIN, ADMIN, EMISOR, CONTADOR…) with their permissions, in menu order. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema/index-tables.ts';

/** @returns `[{_id, code, name, description, permissions: {resource: [action]}}]`, `_id` = code. */
export async function listRoles(db: Db) {
  const rows = await db.select().from(roles).orderBy(asc(roles.position));
  return rows.map((r) => ({ _id: r.code, code: r.code, name: r.name, description: r.description ?? '', permissions: r.permissions }));
}
