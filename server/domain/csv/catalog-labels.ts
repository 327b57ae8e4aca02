/**
 * A CSV cell for an `x-catalog` property may say the code ("4"), the label the UI shows ("15 %",
 * "4 — 15 %", "No objeto de impuesto") or a common way of saying it ("15%", "No objeto de IVA",
 * "Exento"): the import turns a label into its code before validation, so the file a person fills
 * by reading the screen imports. A cell that matches no label stays as it is, and validation names
 * the problem. Case, accents, spaces and the space before `%` are ignored.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries } from '../../db/schema/index-tables.ts';
import { headerKey } from './csv-columns.ts';

/** Other words people write for an entry, per catalog: label -> code. */
const ALIASES: Record<string, Record<string, string>> = {
  tarifa_iva: { 'no objeto de iva': '6', 'no objeto': '6', 'no objeto de impuesto': '6', exento: '7', exenta: '7', 'exenta de iva': '7' },
};

const labelKey = (text: string) => headerKey(text).replace(/\s*%/g, '%');

/** Reads label -> code for the given catalogs (active entries), once per import. */
export async function catalogLabelReader(db: Db, tables: string[]): Promise<(table: string, cell: unknown) => unknown> {
  if (tables.length === 0) return (_t, cell) => cell;
  const rows = await db
    .select({ tableName: catalogEntries.tableName, code: catalogEntries.code, name: catalogEntries.name })
    .from(catalogEntries)
    .where(and(inArray(catalogEntries.tableName, tables), eq(catalogEntries.active, true)));
  const byTable = new Map<string, { codes: Set<string>; labels: Map<string, string> }>();
  for (const r of rows) {
    const t = byTable.get(r.tableName) ?? { codes: new Set<string>(), labels: new Map<string, string>() };
    t.codes.add(r.code);
    t.labels.set(labelKey(r.name), r.code);
    byTable.set(r.tableName, t);
  }
  for (const [table, aliases] of Object.entries(ALIASES)) {
    const t = byTable.get(table);
    if (t) for (const [label, code] of Object.entries(aliases)) if (t.codes.has(code) && !t.labels.has(label)) t.labels.set(label, code);
  }
  return (table, cell) => {
    const t = byTable.get(table);
    if (!t || typeof cell !== 'string' || t.codes.has(cell)) return cell;
    // "4 — 15 %": the code before the dash, as the catalog select shows it.
    const dashed = /^(\S+)\s+[—–-]\s+\S/.exec(cell.trim());
    if (dashed && t.codes.has(dashed[1])) return dashed[1];
    return t.labels.get(labelKey(cell)) ?? cell;
  };
}
