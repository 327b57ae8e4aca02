/**
 * Records of schema-only resources that point at another record through an `x-ref` (a vehículo's
 * `cliente`), so that record is not deleted from under them. There is no foreign key inside jsonb:
 * each check is one count per referencing resource over the company's rows of that resource, served
 * by the partial expression index `ensureRecordIndexes` builds on every top-level x-ref field
 * (`(company_id, (data->>'cliente')) where resource = 'vehiculo'`). A record created concurrently
 * with the delete can still slip through; the reference then reads as "does not exist" on its next
 * save (check-refs.ts).
 * @throws AppError IN_USE (409) from `assertNotReferenced`, naming how many records of which screen.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { records } from '../../db/schema/index-tables.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import { AppError } from '../../errors.ts';
import { refFieldsTo, type JsonSchema } from '../resources/schema-values.ts';
import { jsonKey } from './record-fields.ts';

/** Per record resource with x-ref fields to `target`, how many of the company's records name `id`. */
export async function recordsReferencing(db: Db, registry: SchemaRegistry, p: { companyId: string; target: string; id: string }): Promise<Array<{ resource: string; title: string; count: number }>> {
  const out: Array<{ resource: string; title: string; count: number }> = [];
  for (const entry of registry.all()) {
    const schema = entry.schema as JsonSchema & { 'x-storage'?: string };
    if (schema['x-storage'] !== 'record') continue;
    const { top, nested } = refFieldsTo(schema, p.target);
    if (top.length === 0 && nested.length === 0) continue;
    const matches: SQL[] = [
      ...top.map((f) => sql`(${records.data}->>${jsonKey(f)}) = ${p.id}`),
      ...nested.map((n) => sql`${records.data} @> ${JSON.stringify({ [n.array]: [{ [n.field]: p.id }] })}::jsonb`),
    ];
    const [{ n }] = await db
      .select({ n: count() })
      .from(records)
      .where(and(eq(records.companyId, p.companyId), eq(records.resource, entry.name), sql`(${sql.join(matches, sql` or `)})`));
    if (Number(n) > 0) out.push({ resource: entry.name, title: String(schema.title ?? entry.name), count: Number(n) });
  }
  return out;
}

/**
 * Refuse to delete a record that schema-only records still reference.
 * @param p.label Spanish noun with article for the message: "El cliente".
 * @throws AppError IN_USE: "El cliente se usa en 2 registros de «Vehículo» y no se puede eliminar".
 */
export async function assertNotReferenced(db: Db, registry: SchemaRegistry, p: { companyId: string; target: string; id: string; label: string }): Promise<void> {
  const uses = await recordsReferencing(db, registry, p);
  if (uses.length === 0) return;
  const what = uses.map((u) => `${u.count} registro${u.count === 1 ? '' : 's'} de «${u.title}»`).join(' y ');
  throw new AppError('IN_USE', `${p.label} se usa en ${what} y no se puede eliminar`);
}
