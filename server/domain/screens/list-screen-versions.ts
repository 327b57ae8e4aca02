/**
 * The saved versions of one company screen, newest first, with who saved each and when, and the
 * layer itself (what the editor shows and a restore brings back).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screenLayers, users } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';

export interface ScreenVersionView {
  version: number;
  layer: Record<string, unknown>;
  createdAt: string;
  /** null when an API key saved it or the user no longer exists. */
  createdBy: { _id: string; name: string } | null;
  restoredFrom: number | null;
}

export async function listScreenVersions(db: Db, p: { companyId: string; resource: string }): Promise<ScreenVersionView[]> {
  const rows = await db
    .select({ row: screenLayers, firstName: users.firstName, lastName: users.lastName })
    .from(screenLayers)
    .leftJoin(users, and(eq(users.companyId, screenLayers.companyId), eq(users.id, screenLayers.createdBy)))
    .where(and(eq(screenLayers.companyId, p.companyId), eq(screenLayers.resource, p.resource)))
    .orderBy(desc(screenLayers.version))
    .limit(200);
  return rows.map(({ row, firstName, lastName }) => ({
    version: row.version,
    layer: row.layer,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy && firstName !== null ? { _id: row.createdBy, name: `${firstName} ${lastName ?? ''}`.trim() } : null,
    restoredFrom: row.restoredFrom,
  }));
}

/** One saved version's layer. @throws AppError NOT_FOUND. */
export async function screenVersion(db: Db, p: { companyId: string; resource: string; version: number }): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ layer: screenLayers.layer })
    .from(screenLayers)
    .where(and(eq(screenLayers.companyId, p.companyId), eq(screenLayers.resource, p.resource), eq(screenLayers.version, p.version)));
  if (!row) throw new AppError('NOT_FOUND', `La versión ${p.version} de la pantalla no existe`);
  return row.layer;
}
