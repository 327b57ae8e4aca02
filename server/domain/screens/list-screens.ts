/**
 * The screens a company may change (Configuración > Pantallas): every comprobante type, products,
 * customers, establishments, the record screens of the product and the deployment, and the record
 * screens the company created; each with its version in force, who saved it and when, how many
 * fields the company added, and what of its layer no longer applies (reported to the company's
 * admins here and in the editor).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { screenLayers, users } from '../../db/schema/index-tables.ts';
import type { ErrorDetail } from '../../errors.ts';
import type { CompanySchemas } from './company-schemas.ts';
import { screenKind, type ScreenKind, type ScreenLayer } from './screen-layer.ts';
import { foldText } from '../../../core/fold-text.ts';

export interface ScreenSummary {
  /** The resource again, as every list row's id (the editor opens at `…/screens/<_id>`). */
  _id: string;
  resource: string;
  title: string;
  kind: ScreenKind;
  /** `kind` in Spanish, for the list. */
  kindLabel: string;
  /** 0 when the company never changed it. */
  version: number;
  updatedAt: string | null;
  updatedBy: { _id: string; name: string } | null;
  updatedByName: string | null;
  customFields: number;
  problems: ErrorDetail[];
  problemCount: number;
}

const KIND_LABEL: Record<ScreenKind, string> = { comprobante: 'Comprobante', master: 'Datos', record: 'Pantalla propia' };

const KIND_ORDER: Record<ScreenKind, number> = { comprobante: 0, master: 1, record: 2 };

/**
 * @param p.q keeps the screens whose title or name contains it (case and accents ignored).
 */
export async function listScreens(db: Db, screens: CompanySchemas, p: { companyId: string; q?: string }): Promise<ScreenSummary[]> {
  const registry = await screens.registryFor(p.companyId);
  const rows = await db
    .selectDistinctOn([screenLayers.resource], { resource: screenLayers.resource, version: screenLayers.version, layer: screenLayers.layer, createdAt: screenLayers.createdAt, createdBy: screenLayers.createdBy, firstName: users.firstName, lastName: users.lastName })
    .from(screenLayers)
    .leftJoin(users, and(eq(users.companyId, screenLayers.companyId), eq(users.id, screenLayers.createdBy)))
    .where(eq(screenLayers.companyId, p.companyId))
    .orderBy(screenLayers.resource, desc(screenLayers.version));
  const saved = new Map(rows.map((r) => [r.resource, r]));
  const out: ScreenSummary[] = [];
  for (const entry of registry.all()) {
    const base = screens.base.get(entry.name);
    const kind = screenKind(entry.name, base);
    if (!kind) continue;
    const row = saved.get(entry.name);
    const updatedBy = row?.createdBy && row.firstName !== null ? { _id: row.createdBy, name: `${row.firstName} ${row.lastName ?? ''}`.trim() } : null;
    const problems = registry.problems.get(entry.name) ?? [];
    out.push({
      _id: entry.name,
      resource: entry.name,
      title: String((entry.schema as { title?: string }).title ?? entry.name),
      kind,
      kindLabel: KIND_LABEL[kind],
      version: row?.version ?? 0,
      updatedAt: row?.createdAt.toISOString() ?? null,
      updatedBy,
      updatedByName: updatedBy?.name ?? null,
      customFields: Object.keys((row?.layer as ScreenLayer | undefined)?.addProperties ?? {}).length,
      problems,
      problemCount: problems.length,
    });
  }
  // A record screen whose layer no longer applies at all is still listed, so it can be fixed or restored.
  for (const [resource, problems] of registry.problems) {
    if (out.some((s) => s.resource === resource)) continue;
    const row = saved.get(resource)!;
    const title = String((row.layer as ScreenLayer).title ?? resource);
    out.push({ _id: resource, resource, title, kind: 'record', kindLabel: KIND_LABEL.record, version: row.version, updatedAt: row.createdAt.toISOString(), updatedBy: null, updatedByName: null, customFields: Object.keys((row.layer as ScreenLayer).addProperties ?? {}).length, problems, problemCount: problems.length });
  }
  const wanted = p.q ? foldText(p.q.trim()) : '';
  return out
    .filter((s) => !wanted || foldText(`${s.title} ${s.resource}`).includes(wanted))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.title.localeCompare(b.title, 'es'));
}
