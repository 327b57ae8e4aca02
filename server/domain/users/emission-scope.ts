/**
 * Emission scope: the establishments / emission points a user may issue from and see (issue 17).
 * A user's scope is a list of `{estab, ptoEmi?}` (SRI codes, 3 digits each): `{estab: '001'}` is
 * every point of establishment 001, `{estab: '001', ptoEmi: '002'}` only 001-002. An empty list
 * means no restriction (every point of the company), which is what every user has by default.
 *
 * The one place the rule lives; callers:
 * - lists: {@link scopeCondition} (drizzle columns) or {@link scopeSqlText} (raw SQL) as one more
 *   WHERE term;
 * - drafts: {@link assertPointInScope} when a draft names its establishment and point (403 with a
 *   field path);
 * - one comprobante by id (get, update, issue, xml, pdf, email, authorize…): {@link assertVisible}
 *   answers 404, as for another company's, so a scoped user cannot tell it exists.
 */
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments } from '../../db/schema/index-tables.ts';
import { AppError, notFound } from '../../errors.ts';
import type { EmissionPoint, EmissionScope } from '../../auth/permissions.ts';

/** A scope's types live with the signed-in user's (server/auth/permissions.ts). */
export type { EmissionPoint, EmissionScope } from '../../auth/permissions.ts';

/** JSON Schema of a scope as the API accepts it (user bodies). */
export const emissionScopeSchema = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    required: ['estab'],
    additionalProperties: false,
    properties: {
      estab: { type: 'string', pattern: '^\\d{3}$' },
      ptoEmi: { type: 'string', pattern: '^\\d{3}$' },
    },
  },
} as const;

/** Whether the scope restricts anything at all. */
export const isScoped = (scope: EmissionScope | undefined): scope is EmissionScope => Boolean(scope && scope.length > 0);

/** Whether the point `estab`-`ptoEmi` is inside the scope (always true for an empty scope). */
export function inScope(scope: EmissionScope | undefined, point: { estab: string; ptoEmi: string }): boolean {
  if (!isScoped(scope)) return true;
  return scope.some((s) => s.estab === point.estab && (s.ptoEmi === undefined || s.ptoEmi === point.ptoEmi));
}

/** The scope as readable text for messages: "001-002, 003 (todos sus puntos)". */
export function describeScope(scope: EmissionScope): string {
  return scope.map((s) => (s.ptoEmi ? `${s.estab}-${s.ptoEmi}` : `${s.estab} (todos sus puntos)`)).join(', ');
}

/**
 * Refuses a draft on a point outside the user's scope.
 * @param path the body field the client should fix (default `ptoEmi`).
 * @throws AppError FORBIDDEN (403) with `details: [{path, message}]`.
 */
export function assertPointInScope(scope: EmissionScope | undefined, point: { estab: string; ptoEmi: string }, path = 'ptoEmi'): void {
  if (inScope(scope, point)) return;
  const message = `Su usuario solo puede emitir desde ${describeScope(scope!)}; no desde ${point.estab}-${point.ptoEmi}`;
  throw new AppError('FORBIDDEN', message, { details: [{ path, message: `fuera de sus puntos de emisión (${describeScope(scope!)})` }] });
}

/**
 * A loaded comprobante outside the scope is answered like a missing one.
 * @param what the noun for the 404 message ('La factura').
 * @throws AppError NOT_FOUND (404).
 */
export function assertVisible(scope: EmissionScope | undefined, row: { estab: string; ptoEmi: string }, what = 'El comprobante'): void {
  if (!inScope(scope, row)) throw notFound(what);
}

/**
 * The WHERE term limiting a list to the scope, on the given estab / ptoEmi columns; undefined when
 * the scope is empty (nothing to add).
 * @param bind how a value enters the SQL (default: as itself); a prepared statement passes one that
 *   names it `estab<i>` / `ptoEmi<i>` and returns a placeholder.
 */
export function scopeCondition(
  scope: EmissionScope | undefined,
  columns: { estab: AnyColumn; ptoEmi: AnyColumn },
  bind: (name: string, value: string) => unknown = (_name, value) => value,
): SQL | undefined {
  if (!isScoped(scope)) return undefined;
  return or(
    ...scope.map((s, i) => (s.ptoEmi === undefined ? eq(columns.estab, bind(`estab${i}`, s.estab)) : and(eq(columns.estab, bind(`estab${i}`, s.estab)), eq(columns.ptoEmi, bind(`ptoEmi${i}`, s.ptoEmi))))),
  );
}

/**
 * The same term for hand-written SQL over columns named `estab` and `pto_emi` (the dashboard);
 * `sql\`true\`` when the scope is empty. Values are bound parameters.
 */
export function scopeSqlText(scope: EmissionScope | undefined, alias = ''): SQL {
  if (!isScoped(scope)) return sql`true`;
  const estab = sql.raw(`${alias}estab`);
  const ptoEmi = sql.raw(`${alias}pto_emi`);
  const terms = scope.map((s) => (s.ptoEmi === undefined ? sql`${estab} = ${s.estab}` : sql`(${estab} = ${s.estab} and ${ptoEmi} = ${s.ptoEmi})`));
  return sql`(${sql.join(terms, sql` or `)})`;
}

/** Drops duplicates and entries covered by a whole-establishment entry; keeps the order given. */
export function normalizeScope(scope: EmissionScope): EmissionPoint[] {
  const whole = new Set(scope.filter((s) => s.ptoEmi === undefined).map((s) => s.estab));
  const seen = new Set<string>();
  const out: EmissionPoint[] = [];
  for (const s of scope) {
    if (s.ptoEmi !== undefined && whole.has(s.estab)) continue;
    const key = `${s.estab}-${s.ptoEmi ?? '*'}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s.ptoEmi === undefined ? { estab: s.estab } : { estab: s.estab, ptoEmi: s.ptoEmi });
  }
  return out;
}

/**
 * A scope as given for a user, checked against the company's establishments: each `estab` must be
 * one of the company's establishment codes and each `ptoEmi` one of its points.
 * @returns the scope normalised ({@link normalizeScope}).
 * @throws AppError VALIDATION with paths like `emissionPoints.1.ptoEmi`.
 */
export async function checkScopePoints(db: Db, p: { companyId: string; scope: EmissionScope; path?: string }): Promise<EmissionPoint[]> {
  if (p.scope.length === 0) return [];
  const path = p.path ?? 'emissionPoints';
  const rows = await db.select({ estab: establishments.estab, puntosEmision: establishments.puntosEmision }).from(establishments).where(eq(establishments.companyId, p.companyId));
  const points = new Map(rows.map((r) => [r.estab, new Set(r.puntosEmision.map((pt) => pt.ptoEmi))]));
  const details = p.scope.flatMap((s, i) => {
    const ofEstab = points.get(s.estab);
    if (!ofEstab) return [{ path: `${path}.${i}.estab`, message: `la empresa no tiene el establecimiento ${s.estab}` }];
    if (s.ptoEmi !== undefined && !ofEstab.has(s.ptoEmi)) return [{ path: `${path}.${i}.ptoEmi`, message: `el establecimiento ${s.estab} no tiene el punto de emisión ${s.ptoEmi}` }];
    return [];
  });
  if (details.length > 0) throw new AppError('VALIDATION', `Puntos de emisión inválidos: ${details[0].message}`, { details });
  return normalizeScope(p.scope);
}
