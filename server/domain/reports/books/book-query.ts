/**
 * The list parameters of the books (DESIGN.md §11): the usual `q, sort, page, per_page` plus
 * `period` (YYYY-MM) or `from`/`to`, `establishment` (an establishment's `_id` or its 3-digit code)
 * and `ptoEmi`. Shared by the four book routes, their `/export` twins and the SQL builders.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { listQuerySchema, type ListQuery } from '../../list-query.ts';
import { parsePeriod, PERIOD_PATTERN } from '../period.ts';
import { queryRows, rowsOf } from '../../../db/query-rows.ts';

export const bookQuerySchema = {
  type: 'object',
  properties: {
    ...listQuerySchema.properties,
    period: { type: 'string', pattern: PERIOD_PATTERN, description: 'Mes AAAA-MM (en lugar de from/to)' },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    establishment: { type: 'string', maxLength: 40, description: '_id del establecimiento o su código (001)' },
    ptoEmi: { type: 'string', pattern: '^[0-9]{3}$' },
  },
} as const;

export interface BookQuery extends ListQuery {
  period?: string;
  from?: string;
  to?: string;
  establishment?: string;
  ptoEmi?: string;
}

/** The resolved filters: dates inclusive, estab as its 3-digit code. */
export interface BookFilters {
  companyId: string;
  from?: string;
  to?: string;
  estab?: string;
  ptoEmi?: string;
  q?: string;
}

/**
 * @throws AppError VALIDATION for `from` after `to`; NOT_FOUND for an establishment of another company.
 */
export async function bookFilters(db: Db, companyId: string, q: BookQuery): Promise<BookFilters> {
  let { from, to } = q;
  if (q.period) ({ from, to } = parsePeriod(q.period));
  if (from && to && from > to) throw new AppError('VALIDATION', 'La fecha "desde" es posterior a "hasta"', { details: [{ path: 'from', message: 'posterior a hasta' }] });
  let estab: string | undefined;
  if (q.establishment) {
    if (/^\d{3}$/.test(q.establishment)) estab = q.establishment;
    else {
      const rows = await queryRows<{ estab: string }>(db, sql`select estab from establishment where company_id = ${companyId} and id::text = ${q.establishment}`);
      if (!rows[0]) throw new AppError('NOT_FOUND', 'El establecimiento no existe');
      estab = rows[0].estab;
    }
  }
  return { companyId, from, to, estab, ptoEmi: q.ptoEmi, q: q.q?.trim() || undefined };
}

/** `col between from and to` for the bounds given. */
export function dateRange(col: SQL, f: BookFilters): SQL | undefined {
  return and(f.from ? sql`${col} >= ${f.from}` : undefined, f.to ? sql`${col} <= ${f.to}` : undefined);
}

/** A search term as an ILIKE pattern (wildcards escaped). */
export const searchPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The bases of a document's tax totals (jsonb array of {codigo?, codigoPorcentaje, baseImponible,
 * valor}) per IVA rate, as a lateral sub-select with columns base0, base5, base15, base_otra
 * (8 %, 12 %, 13 %, 14 %), no_objeto, exenta, iva, ice.
 */
export const basesLateral = (taxes: SQL) => sql`(select
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' = '0'), 0) as base0,
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' = '5'), 0) as base5,
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' = '4'), 0) as base15,
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' not in ('0', '4', '5', '6', '7')), 0) as base_otra,
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' = '6'), 0) as no_objeto,
    coalesce(sum((t->>'baseImponible')::numeric) filter (where coalesce(t->>'codigo', '2') = '2' and t->>'codigoPorcentaje' = '7'), 0) as exenta,
    coalesce(sum((t->>'valor')::numeric) filter (where coalesce(t->>'codigo', '2') = '2'), 0) as iva,
    coalesce(sum((t->>'valor')::numeric) filter (where t->>'codigo' = '3'), 0) as ice
  from jsonb_array_elements(${taxes}) t)`;

/** Money columns of a book row, as numbers rounded to cents. */
export const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A book row's amounts from its query row (the columns of basesLateral plus ice, importe_total,
 * retenciones and clave_acceso), USD to the cent; a nota de crédito's (codDoc 04) negative, as it
 * subtracts. Shared by the libro de ventas and the libro de compras.
 */
export function bookAmounts(r: Record<string, unknown>, codDoc: string) {
  const sign = codDoc === '04' ? -1 : 1;
  const m = (v: unknown) => money(v) * sign || 0;
  return {
    base0: m(r.base0),
    base5: m(r.base5),
    base15: m(r.base15),
    baseOtra: m(r.base_otra),
    noObjeto: m(r.no_objeto),
    exenta: m(r.exenta),
    iva: m(r.iva),
    ice: m(r.ice),
    total: m(r.importe_total),
    retenciones: money(r.retenciones),
    claveAcceso: str(r.clave_acceso),
  };
}
export const numero = (estab: unknown, ptoEmi: unknown, secuencial: unknown) => `${str(estab)}-${str(ptoEmi)}-${str(secuencial).padStart(9, '0')}`;

/** Runs the page and count statements of a book. */
export async function runBook<T>(db: Db, p: { rows: SQL; count: SQL; map: (r: Record<string, unknown>) => T }): Promise<{ items: T[]; total: number }> {
  const [rows, count] = await Promise.all([db.execute(p.rows), db.execute(p.count)]);
  const list = rowsOf(rows);
  const total = Number(rowsOf<{ n: unknown }>(count)[0]?.n ?? 0);
  return { items: list.map(p.map), total };
}

/** `order by` from `sort` (field | -field) over the allowed columns, then the book's tie-breakers. */
export function bookOrder(sort: string | undefined, sortable: Record<string, string>, fallback: string): SQL {
  if (!sort) return sql.raw(fallback);
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const column = new Map(Object.entries(sortable)).get(field);
  if (!column) throw new AppError('VALIDATION', `No se puede ordenar por "${field}"`, { details: [{ path: 'sort', message: `Campos permitidos: ${Object.keys(sortable).join(', ')}` }] });
  return sql.raw(`${column} ${descending ? 'desc' : 'asc'}, ${fallback}`);
}
