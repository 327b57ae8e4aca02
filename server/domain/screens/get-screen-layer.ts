/**
 * A company's layer of one screen as it stands (the patch.json vocabulary; `{}` when the company
 * has not changed it) and its version, for `GET /api/admin/screens/{resource}`.
 * @throws AppError NOT_FOUND for a screen a company does not change, or a record screen it never made.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screenLayers } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';
import type { CompanySchemas } from './company-schemas.ts';
import { screenKind } from './screen-layer.ts';

export async function getScreenLayer(db: Db, screens: CompanySchemas, p: { companyId: string; resource: string }): Promise<{ version: number; layer: Record<string, unknown> }> {
  const kind = screenKind(p.resource, screens.base.get(p.resource));
  if (!kind) throw new AppError('NOT_FOUND', `La pantalla "${p.resource}" no se puede personalizar`);
  const [row] = await db
    .select({ version: screenLayers.version, layer: screenLayers.layer })
    .from(screenLayers)
    .where(and(eq(screenLayers.companyId, p.companyId), eq(screenLayers.resource, p.resource)))
    .orderBy(desc(screenLayers.version))
    .limit(1);
  if (!row && kind === 'record') throw new AppError('NOT_FOUND', `La pantalla "${p.resource}" no existe`);
  return row ?? { version: 0, layer: {} };
}
