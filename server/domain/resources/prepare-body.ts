/**
 * Turn a client body into what a resource stores: drop read-only and unknown properties, validate
 * with the effective schema (Ajv, Spanish details), check `x-catalog` values against the catalog
 * tables, then split schema properties into columns and `extra` (DESIGN.md §3: properties a schema
 * adds without a column are stored in `extra jsonb`).
 * @throws AppError VALIDATION with `details` [{path, message}].
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogEntries } from '../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; readOnly?: boolean; 'x-catalog'?: string; title?: string };

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

/** Every (path, catalog, value) in a body, one level into arrays of objects. */
function catalogValues(schema: JsonSchema, body: Record<string, unknown>): Array<{ path: string; table: string; code: string }> {
  const found: Array<{ path: string; table: string; code: string }> = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const value = body[key];
    if (prop['x-catalog'] && typeof value === 'string') found.push({ path: key, table: prop['x-catalog'], code: value });
    if (prop.items?.properties && Array.isArray(value)) {
      value.forEach((item, i) => {
        for (const [sub, subProp] of Object.entries(prop.items!.properties!)) {
          const v = (item as Record<string, unknown>)?.[sub];
          if (subProp['x-catalog'] && typeof v === 'string') found.push({ path: `${key}.${i}.${sub}`, table: subProp['x-catalog'], code: v });
        }
      });
    }
  }
  return found;
}

export async function checkCatalogValues(db: Db, schema: JsonSchema, body: Record<string, unknown>): Promise<void> {
  const wanted = catalogValues(schema, body);
  if (wanted.length === 0) return;
  const tables = [...new Set(wanted.map((w) => w.table))];
  const rows = await db
    .select({ tableName: catalogEntries.tableName, code: catalogEntries.code })
    .from(catalogEntries)
    .where(and(inArray(catalogEntries.tableName, tables), eq(catalogEntries.active, true)));
  const known = new Set(rows.map((r) => `${r.tableName}\u0000${r.code}`));
  const details: ErrorDetail[] = wanted
    .filter((w) => !known.has(`${w.table}\u0000${w.code}`))
    .map((w) => ({ path: w.path, message: `"${w.code}" no es un valor vigente de la tabla ${w.table}` }));
  if (details.length) throw new AppError('VALIDATION', `Valor no permitido en ${details[0].path}`, { details });
}

export async function prepareBody(
  db: Db,
  registry: SchemaRegistry,
  name: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const entry = registry.get(name);
  if (!entry) throw new Error(`No hay un esquema registrado con el nombre "${name}"`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('VALIDATION', 'El cuerpo debe ser un objeto JSON');
  const schema = entry.schema as JsonSchema;
  const data = writableCopy(schema, body as Record<string, unknown>);
  const errors = registry.validate(name, data);
  if (errors) throw new AppError('VALIDATION', `Datos inválidos: ${errors[0].path} ${errors[0].message}`.trim(), { details: errors });
  await checkCatalogValues(db, schema, data);
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
