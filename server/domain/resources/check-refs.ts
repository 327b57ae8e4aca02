/**
 * `x-ref` values (DESIGN.md §3: "another record's `_id`") must name an existing record of the
 * caller's company: a row of the resource's own table, or of the generic `record` table for a
 * schema-only resource. Another company's id reads as "does not exist", like a 404.
 * @throws AppError VALIDATION (400) with one detail per bad value: `{path: 'cliente', message}`.
 */
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { customers, establishments, comprobantes, products, records, users } from '../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import { annotatedValues, type JsonSchema } from './schema-values.ts';
import { labelFieldOf } from '../../../core/schema-label.ts';

type TenantTable = PgTable & { companyId: PgColumn; id: PgColumn };

/** Resources with a table of their own; any other x-ref target must be an `x-storage: "record"` schema. */
const TABLES: Record<string, TenantTable> = { establishment: establishments, customer: customers, product: products, invoice: comprobantes, user: users };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids among `ids` that exist in `target` for the company. @throws Error for a target with no storage (a schema bug). */
async function existingIds(db: Db, registry: SchemaRegistry, p: { companyId: string; target: string; ids: string[] }): Promise<Set<string>> {
  const entry = registry.get(p.target);
  if ((entry?.schema as { 'x-storage'?: string } | undefined)?.['x-storage'] === 'record') {
    const rows = await db
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.companyId, p.companyId), eq(records.resource, p.target), inArray(records.id, p.ids)));
    return new Set(rows.map((r) => r.id));
  }
  const table = TABLES[p.target];
  if (!table) throw new Error(`x-ref: "${p.target}" no es un recurso con datos (ni tabla propia ni "x-storage": "record")`);
  const rows = (await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.companyId, p.companyId), inArray(table.id, p.ids)))) as Array<{ id: string }>;
  return new Set(rows.map((r) => r.id));
}

/** Whether `target` has records an `x-ref` can point at: a table of its own or record storage. */
export function isRefTarget(registry: SchemaRegistry, target: string): boolean {
  const entry = registry.get(target);
  return (entry?.schema as { 'x-storage'?: string } | undefined)?.['x-storage'] === 'record' || (Boolean(entry) && Object.hasOwn(TABLES, target) && target !== 'invoice' && target !== 'user');
}

/**
 * How each of `ids` is named (its schema's label field, core/schema-label.ts), for the company's
 * records of `target`; ids that do not exist are absent. One query.
 */
export async function refLabels(db: Db, registry: SchemaRegistry, p: { companyId: string; target: string; ids: string[] }): Promise<Map<string, string>> {
  const entry = registry.get(p.target);
  const ids = p.ids.filter((id) => UUID.test(id));
  if (!entry || ids.length === 0) return new Map();
  const field = labelFieldOf(entry as { schema: { properties?: Record<string, unknown> }; list: { labelField?: string } });
  if ((entry.schema as { 'x-storage'?: string })['x-storage'] === 'record') {
    const rows = await db
      .select({ id: records.id, data: records.data })
      .from(records)
      .where(and(eq(records.companyId, p.companyId), eq(records.resource, p.target), inArray(records.id, ids)));
    return new Map(rows.map((r) => [r.id, String(r.data[field] ?? r.id)]));
  }
  const table = TABLES[p.target];
  if (!table) return new Map();
  const columns = getTableColumns(table);
  const column = Object.hasOwn(columns, field) ? columns[field] : table.id;
  const rows = (await db
    .select({ id: table.id, label: column })
    .from(table as PgTable)
    .where(and(eq(table.companyId, p.companyId), inArray(table.id, ids)))) as Array<{ id: string; label: unknown }>;
  return new Map(rows.map((r) => [r.id, String(r.label ?? r.id)]));
}

/** Check every `x-ref` value of a validated body; one query per referenced resource. */
export async function checkRefValues(db: Db, registry: SchemaRegistry, p: { companyId: string; schema: JsonSchema; body: Record<string, unknown> }): Promise<void> {
  const refs = annotatedValues(p.schema, p.body, 'x-ref');
  if (refs.length === 0) return;
  const details: ErrorDetail[] = [];
  const byTarget = new Map<string, string[]>();
  for (const r of refs) {
    if (!UUID.test(r.value)) details.push({ path: r.path, message: `"${r.value}" no es un identificador válido` });
    else byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r.value.toLowerCase()]);
  }
  for (const [target, ids] of byTarget) {
    const found = await existingIds(db, registry, { companyId: p.companyId, target, ids: [...new Set(ids)] });
    const title = String((registry.get(target)?.schema as JsonSchema | undefined)?.title ?? target);
    for (const r of refs) {
      if (r.target === target && UUID.test(r.value) && !found.has(r.value.toLowerCase())) {
        details.push({ path: r.path, message: `No existe un registro de «${title}» con ese id en su empresa` });
      }
    }
  }
  if (details.length) {
    details.sort((a, b) => refs.findIndex((r) => r.path === a.path) - refs.findIndex((r) => r.path === b.path));
    throw new AppError('VALIDATION', `Referencia inválida en ${details[0].path}: ${details[0].message}`, { details });
  }
}
