/**
 * The state of one list screen (ra-core's `useListController`): search, sort, page, page size and
 * filters kept in the URL query (`?q=&sort=&page=&per_page=` and the filters), so a reload, the back
 * button or a shared link shows the same page; and that page's rows and total from the server, the
 * previous page kept while the next loads.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListFilter } from './schema-registry.ts';
import { useList, type ResourceParams, type Row } from './resources.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The query parameters a filter sets: `from`/`to` for a date range, its field otherwise. */
export function filterParams(filter: ListFilter): string[] {
  return filter.type === 'date-range' ? ['from', 'to'] : [filter.field];
}

export interface ListControllerParams extends ResourceParams {
  /** Sort when the URL names none (`field`, or `-field` for descending). */
  defaultSort?: string;
  /** The list's filters (list.json); their parameters are read from the URL. */
  filters?: ListFilter[];
}

export interface ListController {
  q: string;
  sort: string;
  /** 1-based. */
  page: number;
  perPage: number;
  /** Every filter parameter, undefined when unset. */
  filters: Record<string, string | undefined>;
  /** True when a search or a filter narrows the list (the empty state says so). */
  filtered: boolean;
  rows: Row[];
  total: number;
  /** The server's sums over every row (`x-totals`), when it sends them. */
  totals?: Record<string, number>;
  /** The first load (nothing to show yet). */
  isLoading: boolean;
  /** Any load, also of a next page while the previous one is shown. */
  isValidating: boolean;
  /** Search; back to page 1. */
  setQ: (q: string) => void;
  /** Sort; back to page 1. */
  setSort: (sort: string) => void;
  setPage: (page: number) => void;
  /** Page size; back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Set (or, with '' / undefined, clear) filter parameters; back to page 1. */
  setFilters: (changes: Record<string, string | undefined>) => void;
}

/**
 * What a list's URL query asks for: page (1-based, default 1), page size (one of PAGE_SIZES, default
 * 20), search, sort (default `defaultSort`) and the list's filter parameters (undefined when unset).
 * @example listStateOf(new URLSearchParams('page=2&status=BORRADOR'), { defaultSort: '-fechaEmision', filters })
 */
export function listStateOf(params: URLSearchParams, p: Pick<ListControllerParams, 'defaultSort' | 'filters'>) {
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const requested = Number(params.get('per_page'));
  const perPage = (PAGE_SIZES as readonly number[]).includes(requested) ? requested : 20;
  const filters: Record<string, string | undefined> = {};
  for (const f of p.filters ?? []) for (const name of filterParams(f)) filters[name] = params.get(name) ?? undefined;
  const q = params.get('q') ?? '';
  const sort = params.get('sort') ?? p.defaultSort ?? '';
  return { page, perPage, filters, q, sort };
}

/**
 * @example
 * const list = useListController({ resource: 'product', defaultSort: 'descripcion', filters: entry.list.filters });
 * <ListTable rows={list.rows} sort={list.sort} loading={list.isLoading} onSort={list.setSort} />
 * <ListPager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} onPerPage={list.setPerPage} />
 */
export function useListController(p: ListControllerParams): ListController {
  const [params, setParams] = useSearchParams();
  const { page, perPage, filters, q, sort } = listStateOf(params, p);

  /** Set (or, with '' / undefined, remove) query parameters; replaces the history entry. */
  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const setQ = useCallback((next: string) => update({ q: next, page: undefined }), [update]);
  const setSort = useCallback((next: string) => update({ sort: next, page: undefined }), [update]);
  const setPage = useCallback((next: number) => update({ page: String(next) }), [update]);
  const setPerPage = useCallback((next: number) => update({ per_page: String(next), page: undefined }), [update]);
  const setFilters = useCallback((changes: Record<string, string | undefined>) => update({ ...changes, page: undefined }), [update]);

  const { rows, total, totals, isLoading, isValidating } = useList({ resource: p.resource, apiParams: p.apiParams, q, sort, page, perPage, filters });
  const filtered = Boolean(q) || Object.values(filters).some(Boolean);
  return { q, sort, page, perPage, filters, filtered, rows, total, totals, isLoading, isValidating, setQ, setSort, setPage, setPerPage, setFilters };
}
