/**
 * The comprobante table's tenant-scoped access (DESIGN.md §4, §7): the one place that writes the
 * tenant filter (`comprobanteScope`), and the reads and writes the domain repeats on one
 * comprobante (find it, optionally FOR UPDATE; write, replace or delete a draft; stamp the mail).
 * Every function puts the `companyId` it is given first in the WHERE, so another company's row is
 * never read or written and the (company_id, …) indexes serve it.
 *
 * Left out on purpose (their statements are prepared once per database, with `sql.placeholder`,
 * on the hot path): issue-comprobante.ts's load, transition-comprobante.ts's guarded update,
 * list-comprobantes.ts's list, sri-jobs.ts's recordSendAttempt; and the sweeps over every company
 * (announce-delayed.ts, check-annulment.ts's pass), which have no tenant to scope.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../client.ts';
import { comprobantes } from '../schema/index-tables.ts';
import type { ComprobanteStatus } from '../../../core/comprobante-status.ts';

/** A comprobante as the table stores it (every column). */
export type ComprobanteRow = typeof comprobantes.$inferSelect;

/** The columns a type's draft sets (the rest keep their defaults; the tenant, type, status and author are set here). */
export type DraftValues = Omit<typeof comprobantes.$inferInsert, 'companyId' | 'id' | 'codDoc' | 'status' | 'createdBy'>;

/**
 * Which of the company's comprobantes a statement is about. Only `companyId` is required: the
 * others narrow it, each when given.
 * - `id`: one comprobante, or any of several (`in (…)`).
 * - `relatedId`: those that modify or support this one (the notas of a factura, the retenciones of
 *   a received document).
 * - `codDoc`: of this type (SRI tabla 3), or of any of these types.
 * - `status`: in this status (a guard: a draft is only replaced or deleted while still BORRADOR).
 */
export interface ComprobanteScope {
  companyId: string;
  id?: string | readonly string[];
  relatedId?: string;
  codDoc?: string | readonly string[];
  status?: ComprobanteStatus;
}

/**
 * The WHERE condition of a scope: `company_id = $1 [and id = $2 | id in (…)] [and related_id = …]
 * [and cod_doc = … | cod_doc in (…)] [and status = …]`, then `more` (any other condition of the
 * caller's, ANDed after them in the order given).
 */
export function comprobanteScope(scope: ComprobanteScope, ...more: Array<SQL | undefined>): SQL {
  const conditions: SQL[] = [eq(comprobantes.companyId, scope.companyId)];
  if (scope.id !== undefined) conditions.push(typeof scope.id === 'string' ? eq(comprobantes.id, scope.id) : inArray(comprobantes.id, scope.id));
  if (scope.relatedId !== undefined) conditions.push(eq(comprobantes.relatedId, scope.relatedId));
  if (scope.codDoc !== undefined) conditions.push(typeof scope.codDoc === 'string' ? eq(comprobantes.codDoc, scope.codDoc) : inArray(comprobantes.codDoc, scope.codDoc));
  if (scope.status !== undefined) conditions.push(eq(comprobantes.status, scope.status));
  return and(...conditions, ...more)!;
}

/** One comprobante of a company: `id` is required. */
export type OneComprobante = ComprobanteScope & { id: string };

/**
 * The comprobante's row (every column); `lock` (inside a transaction) takes it FOR UPDATE.
 * @returns undefined when the scope matches none (another company's, another type's, another status).
 */
export async function findComprobante(db: Db, scope: OneComprobante, opts: { lock?: boolean } = {}): Promise<ComprobanteRow | undefined> {
  const query = db.select().from(comprobantes).where(comprobanteScope(scope));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Only the given columns of the comprobante (`{ status: comprobantes.status }`…), for a check that
 * needs no more; `lock` (inside a transaction) takes the row FOR UPDATE.
 * @returns the columns as named in `fields`; undefined when the scope matches none.
 */
export async function findComprobanteColumns<F extends SelectedFields>(db: Db, fields: F, scope: OneComprobante, opts: { lock?: boolean } = {}): Promise<SelectResultFields<F> | undefined> {
  const query = db.select(fields).from(comprobantes).where(comprobanteScope(scope)).$dynamic();
  const rows: SelectResultFields<F>[] = await (opts.lock ? query.for('update') : query);
  return rows[0];
}

/** Inserts a new draft (status BORRADOR) of the company. @returns the stored row, with its id. */
export async function insertDraft(db: Db, p: { companyId: string; codDoc: string; userId: string | null; values: DraftValues }): Promise<ComprobanteRow> {
  const [row] = await db.insert(comprobantes).values({ ...p.values, companyId: p.companyId, codDoc: p.codDoc, createdBy: p.userId, status: 'BORRADOR' }).returning();
  return row;
}

/**
 * Replaces a draft's columns, guarded in the UPDATE: only while it is the company's, of `codDoc`,
 * and still BORRADOR.
 * @returns the updated row; undefined when the guard failed (none, or issued meanwhile): nothing written.
 */
export async function updateDraft(db: Db, scope: { companyId: string; id: string; codDoc: string }, values: DraftValues): Promise<ComprobanteRow | undefined> {
  const [row] = await db
    .update(comprobantes)
    .set(values)
    .where(comprobanteScope({ companyId: scope.companyId, id: scope.id, codDoc: scope.codDoc, status: 'BORRADOR' }))
    .returning();
  return row;
}

/** Deletes the comprobante if it is still a draft of the company (an issued one is a legal document: never deleted). */
export async function deleteDraft(db: Db, scope: { companyId: string; id: string }): Promise<void> {
  await db.delete(comprobantes).where(comprobanteScope({ companyId: scope.companyId, id: scope.id, status: 'BORRADOR' }));
}

/** Stamps `emailed_at` on the company's comprobante (the RIDE and XML were mailed at `at`). */
export async function markComprobanteEmailed(db: Db, p: { companyId: string; id: string; at: Date }): Promise<void> {
  await db.update(comprobantes).set({ emailedAt: p.at }).where(comprobanteScope({ companyId: p.companyId, id: p.id }));
}
