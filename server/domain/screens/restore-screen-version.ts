/**
 * Bring back a saved version of a company screen: saved again as the next version (so the restore
 * itself can be undone), checked as any save against today's screens.
 * @throws AppError NOT_FOUND (no such version), VALIDATION (it no longer applies: the details say
 *   what), CONFLICT.
 */
import type { Db } from '../../db/client.ts';
import type { CompanySchemas } from './company-schemas.ts';
import { screenVersion } from './list-screen-versions.ts';
import { saveScreenLayer, type SavedScreenLayer } from './save-screen-layer.ts';

export async function restoreScreenVersion(db: Db, screens: CompanySchemas, p: { companyId: string; userId: string | null; resource: string; version: number; now: Date }): Promise<SavedScreenLayer> {
  const layer = await screenVersion(db, p);
  return saveScreenLayer(db, screens, { companyId: p.companyId, userId: p.userId, resource: p.resource, layer, restoredFrom: p.version, now: p.now });
}
