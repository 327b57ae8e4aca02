/**
 * What a layer would make of a screen, without saving it: the editor's live preview draws the
 * form and the list from this answer with the engine's own renderers, and shows the refusals as
 * they would come on save. The same merge and checks as the save (mergeCompanyLayer).
 * @throws AppError VALIDATION (details with the layer's paths), NOT_FOUND.
 */
import type { SchemaFiles } from '../../schemas/merge.ts';
import type { CompanySchemas } from './company-schemas.ts';
import { layerNames, mergeCompanyLayer, protectedFields } from './merge-company-layer.ts';
import { screenKind, type ScreenKind } from './screen-layer.ts';
import { AppError } from '../../errors.ts';
import { releaseLayerSchema } from './layer-ajv.ts';

export interface ScreenPreview extends SchemaFiles {
  name: string;
  kind: ScreenKind;
  /** Fields that cannot be hidden (merge-company-layer.ts protectedFields). */
  protected: string[];
  /** Schemas a company field may refer to, with their titles. */
  refTargets: Array<{ name: string; title: string }>;
}

export async function previewScreenLayer(screens: CompanySchemas, p: { companyId: string; resource: string; layer: unknown }): Promise<ScreenPreview> {
  const registry = await screens.registryFor(p.companyId);
  const base = screens.base.get(p.resource);
  const kind = screenKind(p.resource, base);
  if (!kind) throw new AppError('NOT_FOUND', `La pantalla "${p.resource}" no se puede personalizar`);
  const names = layerNames(registry, p.resource);
  const refTargets = [...names.refTargets].map((name) => ({ name, title: String((registry.get(name)?.schema as { title?: string } | undefined)?.title ?? name) })).sort((a, b) => a.title.localeCompare(b.title, 'es'));
  const about = { name: p.resource, kind, protected: [...protectedFields(kind, base)], refTargets };
  const empty = typeof p.layer === 'object' && p.layer !== null && Object.keys(p.layer).length === 0;
  if (empty && base) return { ...about, schema: base.schema, ui: base.ui, list: base.list };
  const merged = mergeCompanyLayer({ resource: p.resource, layer: p.layer, base, ...names });
  releaseLayerSchema(merged.schema);
  return { ...about, schema: merged.schema, ui: merged.ui, list: merged.list };
}
