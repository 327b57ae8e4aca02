/**
 * The Spanish name of a list's export file (Content-Disposition): the list's menu title (MENU_SEED:
 * "Facturas" -> `facturas`, "Libro de ventas" -> `libro-de-ventas`), else its schema's title
 * ("Vehículo" -> `vehiculo`), else the resource name; then the period the file covers when the query
 * keeps to one month (`from`/`to`: `facturas-2026-11.csv`), else the day of the export
 * (`productos-2026-11-20.csv`).
 */
import { MENU_SEED } from '../../db/seed/menu.ts';
import type { SchemaEntry } from '../../schemas/registry.ts';
import { foldText } from '../../../core/fold-text.ts';

const MENU_TITLES = new Map(MENU_SEED.filter((m) => m.parentId).map((m) => [m.path, m.title]));

/** "Notas de crédito" -> "notas-de-credito": lower case ASCII words joined by hyphens. */
export function fileSlug(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The list's title as a file name: `invoice` -> `facturas`, `vehiculo` (schema "Vehículo") -> `vehiculo`. */
export function listFileTitle(name: string, entry?: SchemaEntry): string {
  return fileSlug(MENU_TITLES.get(name) ?? (entry?.schema as { title?: string } | undefined)?.title ?? name) || 'lista';
}

/**
 * @param p.name the resource's name (schema name or the last segment of its API path).
 * @param p.query the export's query (its `from` and `to`, 'YYYY-MM-DD', when the list filters by date).
 * @param p.today 'YYYY-MM-DD' in Guayaquil.
 * @param p.ext 'csv' or 'xlsx'.
 * @example exportFileName({ name: 'invoice', query: { from: '2026-11-01', to: '2026-11-30' }, today: '2026-12-02', ext: 'csv' }) // 'facturas-2026-11.csv'
 */
export function exportFileName(p: { entry?: SchemaEntry; name: string; query: Record<string, unknown>; today: string; ext: string }): string {
  const from = typeof p.query.from === 'string' ? p.query.from : '';
  const to = typeof p.query.to === 'string' ? p.query.to : '';
  const period = from && to && from.slice(0, 7) === to.slice(0, 7) ? from.slice(0, 7) : p.today;
  return `${listFileTitle(p.name, p.entry)}-${period}.${p.ext}`;
}
