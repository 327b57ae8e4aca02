/**
 * Turn a client body into what a resource stores: drop read-only and unknown properties, validate
 * with the effective schema (Ajv, Spanish details), check `x-catalog` values against the catalog
 * tables and `x-ref` values against the company's records (check-refs.ts), then split schema properties into columns and `extra` (DESIGN.md §3: properties a schema
 * adds without a column are stored in `extra jsonb`).
 * @throws AppError VALIDATION with `details` [{path, message}].
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries } from '../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { checkRefValues } from './check-refs.ts';
import { checkIdentificationValues } from './check-identification.ts';
import { annotatedValues, type JsonSchema } from './schema-values.ts';
import { summaryOf } from '../../../core/validation-messages.ts';
import { padCodes } from '../../../core/code-fields.ts';


export function writableCopy(schema: JsonSchema, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.readOnly || key === '_id' || !(key in body)) continue;
    const value = body[key];
    // An empty optional text field from a form means "no value".
    if (value === '' || value === null) continue;
    out[key] = value;
  }
  return out;
}

/** `table\u0000code` of every active entry of `tables`: what checkCatalogValues compares against. */
export type CatalogCodes = (tables: string[]) => Promise<Set<string>>;

/** One query per call; {@link cachedCatalogCodes} keeps the answers for a batch (a CSV import). */
export function catalogCodesOf(db: Db): CatalogCodes {
  return async (tables) => {
    const rows = await db
      .select({ tableName: catalogEntries.tableName, code: catalogEntries.code })
      .from(catalogEntries)
      .where(and(inArray(catalogEntries.tableName, tables), eq(catalogEntries.active, true)));
    return new Set(rows.map((r) => `${r.tableName}\u0000${r.code}`));
  };
}

/** The codes of each set of tables read once, for checking many bodies in a row. */
export function cachedCatalogCodes(db: Db): CatalogCodes {
  const load = catalogCodesOf(db);
  const cache = new Map<string, Promise<Set<string>>>();
  return (tables) => {
    const key = [...tables].sort().join(',');
    if (!cache.has(key)) cache.set(key, load(tables));
    return cache.get(key)!;
  };
}

/** Every `x-catalog` value must be an active code of its catalog table. @throws AppError VALIDATION with details. */
export async function checkCatalogValues(db: Db, schema: JsonSchema, body: Record<string, unknown>, codes: CatalogCodes = catalogCodesOf(db)): Promise<void> {
  const wanted = annotatedValues(schema, body, 'x-catalog').map((v) => ({ path: v.path, table: v.target, code: v.value }));
  if (wanted.length === 0) return;
  const known = await codes([...new Set(wanted.map((w) => w.table))]);
  const details: ErrorDetail[] = wanted
    .filter((w) => !known.has(`${w.table}\u0000${w.code}`))
    .map((w) => ({ path: w.path, message: `"${w.code}" no es un valor vigente de la tabla ${w.table}` }));
  if (details.length) throw new AppError('VALIDATION', `Valor no permitido en ${details[0].path}`, { details });
}

export interface PrepareBodyOptions {
  db: Db;
  registry: SchemaRegistry;
  /** Schema name: `product`, `invoice`, `vehiculo`. */
  name: string;
  /** The caller's company: `x-ref` values must be its records. */
  companyId: string;
  body: unknown;
  /** Where catalog codes come from; default one query per call (a batch passes cachedCatalogCodes). */
  catalogCodes?: CatalogCodes;
}

/** The body validated and checked, ready to store. @throws AppError VALIDATION with `details`. */
export async function prepareBody(o: PrepareBodyOptions): Promise<Record<string, unknown>> {
  const entry = o.registry.get(o.name);
  if (!entry) throw new Error(`No hay un esquema registrado con el nombre "${o.name}"`);
  if (typeof o.body !== 'object' || o.body === null || Array.isArray(o.body)) throw new AppError('VALIDATION', 'El cuerpo debe ser un objeto JSON');
  const schema = entry.schema as JsonSchema;
  // "1" is what a person means by establecimiento or punto de emisión "001".
  const data = padCodes(schema, writableCopy(schema, o.body as Record<string, unknown>));
  const errors = o.registry.validate(o.name, data);
  if (errors) throw new AppError('VALIDATION', summaryOf(errors), { details: errors });
  checkIdentificationValues(schema, data);
  await checkCatalogValues(o.db, schema, data, o.catalogCodes);
  await checkRefValues(o.db, o.registry, { companyId: o.companyId, schema, body: data });
  return data;
}

/** Split a validated body into column values and `extra` by the resource's column map. */
export function splitColumns(data: Record<string, unknown>, columns: Record<string, unknown>, numeric: string[] = []) {
  const values: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key in columns) values[key] = numeric.includes(key) && typeof value === 'number' ? String(value) : value;
    else extra[key] = value;
  }
  return { values, extra };
}
