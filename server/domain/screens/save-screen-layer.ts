/**
 * Save a company's layer of one screen as its next version (DESIGN.md §13): refused before anything
 * is stored when it does not merge (merge-company-layer.ts), when a new record screen would pass
 * the company's limit, or when removing a record screen would leave another screen's reference
 * field without its target. The new version is announced on the change feed inside the same
 * transaction, so every node serves it from the commit on.
 * @throws AppError VALIDATION (details with the layer's paths), NOT_FOUND (a screen a company
 *   does not change), CONFLICT (`ifVersion` is not the version in force, or another save won).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screenLayers } from '../../db/schema/index-tables.ts';
import { publish } from '../../db/change-feed.ts';
import { onUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { SCREEN_LAYER_CHANNEL, type CompanySchemas } from './company-schemas.ts';
import { layerNames, mergeCompanyLayer } from './merge-company-layer.ts';
import { releaseLayerSchema } from './layer-ajv.ts';
import { SCREEN_LIMITS, screenKind, type ScreenLayer } from './screen-layer.ts';

export interface SaveScreenLayerOptions {
  companyId: string;
  /** Who saves (null for an API key). */
  userId: string | null;
  resource: string;
  layer: unknown;
  /** The version the editor started from (If-Match): another version in force is a 409. */
  ifVersion?: number;
  /** Set by a restore: the version brought back. */
  restoredFrom?: number;
  now: Date;
}

export interface SavedScreenLayer {
  resource: string;
  version: number;
  layer: ScreenLayer;
}

/** The screens of the company whose fields refer to `resource` (x-ref), by title. */
function referencesTo(registry: Awaited<ReturnType<CompanySchemas['registryFor']>>, resource: string): string[] {
  return registry
    .all()
    .filter((e) => e.name !== resource)
    .flatMap((e) => {
      const props = ((e.schema as { properties?: Record<string, { 'x-ref'?: string; title?: string }> }).properties ?? {});
      return Object.entries(props)
        .filter(([, prop]) => prop['x-ref'] === resource)
        .map(([name, prop]) => `${prop.title ?? name} (${String((e.schema as { title?: string }).title ?? e.name)})`);
    });
}

export async function saveScreenLayer(db: Db, screens: CompanySchemas, o: SaveScreenLayerOptions): Promise<SavedScreenLayer> {
  const registry = await screens.registryFor(o.companyId);
  const base = screens.base.get(o.resource);
  const kind = screenKind(o.resource, base);
  if (!kind) throw new AppError('NOT_FOUND', `La pantalla "${o.resource}" no se puede personalizar`);
  const layer = o.layer as ScreenLayer;
  const empty = typeof layer === 'object' && layer !== null && !Array.isArray(layer) && Object.keys(layer).length === 0;
  if (kind === 'record') {
    const exists = Boolean(registry.get(o.resource));
    if (!empty && !exists && [...registry.versions.keys()].filter((r) => !screens.base.get(r) && registry.get(r)).length >= SCREEN_LIMITS.recordScreens) {
      throw new AppError('VALIDATION', `La empresa ya tiene ${SCREEN_LIMITS.recordScreens} pantallas propias, el máximo`, { details: [{ path: 'resource', message: 'límite de pantallas propias' }] });
    }
    if (empty && exists) {
      const users = referencesTo(registry, o.resource);
      if (users.length) throw new AppError('VALIDATION', `La pantalla no se puede quitar: la usan ${users.join(', ')}`, { details: [{ path: '', message: `la usan ${users.join(', ')}` }] });
    }
  }
  if (!empty) {
    releaseLayerSchema(mergeCompanyLayer({ resource: o.resource, layer, base, ...layerNames(registry, o.resource) }).schema);
  } else if (typeof layer !== 'object' || layer === null || Array.isArray(layer)) {
    throw new AppError('VALIDATION', 'La pantalla no se puede guardar: debe ser un objeto', { details: [{ path: '', message: 'debe ser un objeto' }] });
  }

  const current = registry.versions.get(o.resource) ?? 0;
  if (o.ifVersion !== undefined && o.ifVersion !== current) {
    throw new AppError('CONFLICT', `La pantalla cambió mientras la editaba (versión ${current}); recárguela y vuelva a aplicar sus cambios`);
  }
  const saved = await onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${screenLayers.version}), 0) + 1` })
          .from(screenLayers)
          .where(and(eq(screenLayers.companyId, o.companyId), eq(screenLayers.resource, o.resource)));
        if (o.ifVersion !== undefined && Number(next) - 1 !== o.ifVersion) {
          throw new AppError('CONFLICT', `La pantalla cambió mientras la editaba (versión ${Number(next) - 1}); recárguela y vuelva a aplicar sus cambios`);
        }
        const [row] = await tx
          .insert(screenLayers)
          .values({ companyId: o.companyId, resource: o.resource, version: Number(next), layer: layer as Record<string, unknown>, createdBy: o.userId, restoredFrom: o.restoredFrom ?? null, createdAt: o.now })
          .returning({ version: screenLayers.version });
        await publish(tx, SCREEN_LAYER_CHANNEL, o.companyId);
        return row;
      }),
    (constraint) => (constraint === 'screen_layer_company_id_resource_version_pk' ? new AppError('CONFLICT', 'Otra persona guardó esta pantalla al mismo tiempo; recárguela y vuelva a intentarlo') : undefined),
  );
  // This node answers from the new version at once, whenever the feed's message arrives.
  screens.invalidate(o.companyId);
  return { resource: o.resource, version: saved.version, layer };
}
