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

/** Escape LIKE wildcards in a user search term. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
