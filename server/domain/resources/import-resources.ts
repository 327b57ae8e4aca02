/**
 * CSV import of a resource (DESIGN.md §9 "CSV"; products and customers): each data row is an upsert
 * by the resource's natural key (`naturalKey`: product codigoPrincipal; customer
 * tipoIdentificacion + identificacion). A row meets exactly the POST/PUT routes' rules, through
 * the same code: prepareBody (Ajv against the effective schema with Spanish messages, catalog
 * codes, `x-ref`s; a catalog cell may give the label the UI shows, "15 %", catalog-labels.ts), the resource's `beforeSave` (identification check digits), and on writing the
 * unique constraints (insertPrepared / updatePrepared of crud.ts). An existing record keeps the
 * properties the file has no column for; an empty cell in a column clears that property.
 *
 * Two passes, so a file costs about one query per row: every row is checked first (nothing
 * written); then the rows to save are written in one transaction (new ones in multi-row INSERTs).
 * `mode: 'all'` writes only when no row failed (all or nothing), `mode: 'valid'` writes the rows
 * that passed, `dryRun` writes nothing. A dry run answers what the same request without it would
 * (so the preview of `mode: 'valid'` counts the rows it would save). A code another request saves
 * between the two passes fails the whole write with a 409 (nothing saved).
 *
 * Errors name the line a person sees (header = line 1) and the header cell of the column.
 * @throws AppError NOT_FOUND when the resource does not import (no natural key, or its list.json
 *   lacks `"import": true`).
 */
import { and, eq, or } from 'drizzle-orm';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError } from '../../errors.ts';
import { headerKey, headerNames, listSettings, writableFields } from '../csv/csv-columns.ts';
import { parseCell } from '../csv/csv-cells.ts';
import { catalogLabelReader } from '../csv/catalog-labels.ts';
import { readCsv, type CsvRow } from '../csv/read-csv.ts';
import { insertPrepared, toView, updatePrepared } from './crud.ts';
import { cachedCatalogCodes, prepareBody } from './prepare-body.ts';
import type { JsonSchema } from './schema-values.ts';
import type { ResourceContext, ResourceDefinition } from './resource-definition.ts';

/** Most data rows one import takes (a bigger file is split by the user). */
export const MAX_IMPORT_ROWS = 10_000;

export interface ImportError {
  /** Line in the file (the header is line 1). */
  row: number;
  /** The header cell of the column ('' for a problem with the whole row or file). */
  column: string;
  message: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  errors: ImportError[];
}

export interface ImportOptions {
  /** The file's text (UTF-8, BOM allowed). */
  csv: string;
  /** `all`: nothing is saved when a row fails; `valid`: the rows that pass are saved. */
  mode: 'all' | 'valid';
  /** Validate and count without saving. */
  dryRun: boolean;
}

type Props = Record<string, JsonSchema & { default?: unknown }>;

interface ParsedRow {
  line: number;
  /** Property -> value; null for an empty cell (clears the property). */
  values: Record<string, unknown>;
}

/** The resource's schema entry when it imports. @throws AppError NOT_FOUND otherwise. */
export function importableEntry(def: ResourceDefinition, registry: SchemaRegistry) {
  const entry = registry.get(def.name);
  if (!entry || !def.naturalKey || !listSettings(entry).import) throw new AppError('NOT_FOUND', `La importación CSV no está disponible para ${def.name}`);
  return entry;
}

/** Header cells -> properties, or the header's errors (unknown, repeated or missing columns). */
function mapHeader(header: string[], rows: CsvRow[], names: Map<string, string>, props: Props, required: string[]) {
  const fields: Array<string | null> = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, string>();
  header.forEach((cell, i) => {
    const field = names.get(headerKey(cell)) ?? null;
    fields.push(field);
    if (cell.trim() === '') {
      // Spreadsheets add empty trailing columns; one with data but no name is a mistake.
      if (rows.some((r) => (r.cells[i] ?? '').trim() !== '')) errors.push({ row: 1, column: `columna ${i + 1}`, message: 'La columna tiene datos pero no tiene nombre' });
    } else if (!field) {
      errors.push({ row: 1, column: cell, message: `No es un campo conocido; use uno de: ${writableTitles(props).join(', ')}` });
    } else if (seen.has(field)) {
      errors.push({ row: 1, column: cell, message: `Repite la columna "${seen.get(field)}"` });
    } else {
      seen.set(field, cell);
    }
  });
  for (const field of required) {
    if (!seen.has(field) && props[field]?.default === undefined) errors.push({ row: 1, column: props[field]?.title ?? field, message: 'Falta esta columna obligatoria' });
  }
  return { fields, columnOf: (field: string) => seen.get(field) ?? props[field]?.title ?? field, errors };
}

const writableTitles = (props: Props) => Object.entries(props).filter(([k, p]) => k !== '_id' && !p.readOnly).map(([k, p]) => p.title ?? k);

/** Validate the file's shape and turn its rows into values; row-level problems go to `errors`. */
function parseRows(def: ResourceDefinition, registry: SchemaRegistry, csv: string) {
  const entry = importableEntry(def, registry);
  const props = ((entry.schema as JsonSchema).properties ?? {}) as Props;
  const read = readCsv(csv);
  if (!read.ok) return { rows: [], errors: [{ row: read.line, column: '', message: read.message }], columnOf: (f: string) => f };
  const data = read.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const head = mapHeader(read.header, data, headerNames(entry), props, ((entry.schema as { required?: string[] }).required ?? []).filter((f) => writableFields(entry).some((w) => w.field === f)));
  const fileError = (message: string) => ({ rows: [], errors: [...head.errors, { row: 1, column: '', message }], columnOf: head.columnOf });
  if (head.errors.length) return { rows: [], errors: head.errors, columnOf: head.columnOf };
  if (data.length === 0) return fileError('El archivo no tiene filas de datos');
  if (data.length > MAX_IMPORT_ROWS) return fileError(`El archivo tiene ${data.length} filas; se importan hasta ${MAX_IMPORT_ROWS} por vez`);

  const errors: ImportError[] = [];
  const rows: ParsedRow[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const r of data) {
    const values: Record<string, unknown> = {};
    head.fields.forEach((field, i) => {
      if (field) values[field] = parseCell(r.cells[i] ?? '', props[field]);
    });
    const extra = r.cells.slice(head.fields.length).some((c) => c.trim() !== '');
    if (extra) {
      errors.push({ row: r.line, column: '', message: `La fila tiene más celdas que el encabezado (${head.fields.length})` });
      continue;
    }
    const key = keyOf(def, props, values);
    if (key !== null) {
      const first = firstLineOfKey.get(key);
      if (first !== undefined) {
        const last = def.naturalKey!.at(-1)!;
        errors.push({ row: r.line, column: head.columnOf(last), message: `Repite ${props[last]?.title ?? last} de la fila ${first}` });
        continue;
      }
      firstLineOfKey.set(key, r.line);
    }
    rows.push({ line: r.line, values });
  }
  return { rows, errors, columnOf: head.columnOf };
}

/** The natural key of a row as one string (schema defaults fill absent parts), or null when a part is empty. */
function keyOf(def: ResourceDefinition, props: Props, values: Record<string, unknown>): string | null {
  const parts = def.naturalKey!.map((k) => values[k] ?? props[k]?.default ?? null);
  return parts.some((p) => p === null || p === '') ? null : JSON.stringify(parts.map(String));
}

/** One error per detail of a row's AppError, in the file's terms (line, header cell). */
function rowErrors(err: AppError, line: number, columnOf: (field: string) => string): ImportError[] {
  if (!err.details?.length) return [{ row: line, column: '', message: err.message }];
  return err.details.map((d) => {
    const field = d.path.split('.')[0];
    // The column already names the field: the validation's own words for what it needs suffice.
    return { row: line, column: field ? columnOf(field) : '', message: field && !d.path.includes('.') && d.expected ? d.expected : d.message };
  });
}

/** Existing records of the company with the keys of `rows`, by key (chunks of 500 keys per query). */
async function existingByKey(def: ResourceDefinition, ctx: ResourceContext, props: Props, rows: ParsedRow[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const keyed = rows.filter((r) => keyOf(def, props, r.values) !== null);
  for (let i = 0; i < keyed.length; i += 500) {
    const match = keyed.slice(i, i + 500).map((r) => and(...def.naturalKey!.map((k) => eq(def.columns[k], String(r.values[k] ?? props[k]?.default))))!);
    const existing = await ctx.db.select().from(def.table).where(and(eq(def.table.companyId, ctx.companyId), or(...match)));
    for (const row of existing as Array<Record<string, unknown>>) found.set(keyOf(def, props, row)!, toView(def, row));
  }
  return found;
}

interface CheckedRow {
  line: number;
  /** The record it updates; none for a new one. */
  id?: string;
  data: Record<string, unknown>;
}

/** The body a row saves: its values alone, or merged over the existing record (empty cells clear). */
function bodyOf(values: Record<string, unknown>, current: Record<string, unknown> | undefined): Record<string, unknown> {
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
  if (!current) return given;
  return { ...Object.fromEntries(Object.entries(current).filter(([k]) => values[k] !== null)), ...given };
}

/**
 * Import a CSV file into `def`'s records of `ctx.companyId`.
 * @returns counts of records created and updated (0 and 0 when `mode: 'all'` met an error) and the
 *   errors sorted by line.
 * @throws AppError CONFLICT when a code was taken by another request during the write.
 */
export async function importResources(def: ResourceDefinition, ctx: ResourceContext, registry: SchemaRegistry, o: ImportOptions): Promise<ImportResult> {
  const entry = importableEntry(def, registry);
  const props = ((entry.schema as JsonSchema).properties ?? {}) as Props;
  const parsed = parseRows(def, registry, o.csv);
  const errors = [...parsed.errors];
  if (parsed.rows.length === 0) return { created: 0, updated: 0, errors };

  // Catalog columns: the label the UI shows ("15 %", "No objeto de IVA") reads as its code.
  const catalogs = Object.entries(props).filter(([, p]) => typeof p['x-catalog'] === 'string');
  const toCode = await catalogLabelReader(ctx.db, [...new Set(catalogs.map(([, p]) => p['x-catalog'] as string))]);
  for (const row of parsed.rows) for (const [field, p] of catalogs) if (field in row.values) row.values[field] = toCode(p['x-catalog'] as string, row.values[field]);

  const existing = await existingByKey(def, ctx, props, parsed.rows);
  const checked: CheckedRow[] = [];
  const catalogCodes = cachedCatalogCodes(ctx.db);
  for (const row of parsed.rows) {
    const key = keyOf(def, props, row.values);
    const current = key === null ? undefined : existing.get(key);
    const id = current ? String(current._id) : undefined;
    try {
      const data = await prepareBody({ db: ctx.db, registry, name: def.name, companyId: ctx.companyId, body: bodyOf(row.values, current), catalogCodes });
      await def.beforeSave?.(ctx, data, id);
      checked.push({ line: row.line, id, data });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(...rowErrors(err, row.line, parsed.columnOf));
    }
  }
  errors.sort((x, y) => x.row - y.row);
  if (o.mode === 'all' && errors.length > 0) return { created: 0, updated: 0, errors };
  const fresh = checked.filter((r) => !r.id);
  const result = { created: fresh.length, updated: checked.length - fresh.length, errors };
  if (o.dryRun || checked.length === 0) return result;
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    for (let i = 0; i < fresh.length; i += 500) await insertPrepared(def, txCtx, fresh.slice(i, i + 500).map((r) => r.data));
    for (const r of checked) if (r.id) await updatePrepared(def, txCtx, r.id, r.data);
  });
  return result;
}
