/**
 * Paged list parameters shared by every list endpoint (DESIGN.md §3): `q, sort (field | -field),
 * page (1-based), per_page (default 20, max 100)`.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { AppError } from '../errors.ts';

export const listQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    sort: { type: 'string', maxLength: 64, pattern: '^-?[A-Za-z_][A-Za-z0-9_.]*$' },
    page: { type: 'integer', minimum: 1, maximum: 1000000 },
    per_page: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export interface ListQuery {
  q?: string;
  sort?: string;
  page?: number;
  per_page?: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: ListQuery): PageWindow {
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  return { limit: perPage, offset: (page - 1) * perPage };
}

/**
 * Resolve `sort` against the sortable columns of a resource.
 * @throws AppError VALIDATION (path `sort`) for a field that cannot be sorted on.
 */
export function orderByFor(sort: string | undefined, sortable: Record<string, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  // A Map, not `sortable[field]`: `sort=__proto__` or `sort=toString` must not reach Object.prototype.
  const column = new Map(Object.entries(sortable)).get(field);
  if (!column) {
    throw new AppError('VALIDATION', `No se puede ordenar por "${field}"`, {
      details: [{ path: 'sort', message: `Campos permitidos: ${Object.keys(sortable).join(', ')}` }],
    });
  }
  return [descending ? desc(column) : asc(column), ...fallback];
}

/**
 * Sort a short list held in memory by `sort` (field | -field), with the same refusal as
 * {@link orderByFor}; the list keeps its order for equal keys and when `sort` is absent.
 * @param sortable the field names a client may sort on, each read from the row by that name.
 * @throws AppError VALIDATION (path `sort`) for a field that cannot be sorted on.
 */
export function sortInMemory<T extends object>(rows: T[], sort: string | undefined, sortable: readonly (keyof T & string)[]): T[] {
  if (!sort) return rows;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const key = sortable.find((name) => name === field);
  if (!key) {
    throw new AppError('VALIDATION', `No se puede ordenar por "${field}"`, {
      details: [{ path: 'sort', message: `Campos permitidos: ${sortable.join(', ')}` }],
    });
  }
  const compare = (a: T, b: T) => {
    const x = a[key] as unknown, y = b[key] as unknown;
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y), 'es', { numeric: true });
  };
  return [...rows].sort((a, b) => (descending ? -compare(a, b) : compare(a, b)));
}

/** Escape LIKE wildcards in a user search term. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
