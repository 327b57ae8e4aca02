/**
 * A list screen's state kept in the URL query (`?q=&sort=&page=&per_page=` and the filters), so a
 * reload, the back button or a shared link shows the same page.
 * @example const { q, sort, page, perPage, filters, update } = useListState({ defaultSort: 'descripcion', filters: [] });
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListFilter } from '../../engine/schema-registry.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The query parameters a filter sets: `from`/`to` for a date range, its field otherwise. */
export function filterParams(filter: ListFilter): string[] {
  return filter.type === 'date-range' ? ['from', 'to'] : [filter.field];
}

export function useListState(p: { defaultSort?: string; filters?: ListFilter[] }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const requested = Number(params.get('per_page'));
  const perPage = (PAGE_SIZES as readonly number[]).includes(requested) ? requested : 20;
  const filters: Record<string, string | undefined> = {};
  for (const f of p.filters ?? []) for (const name of filterParams(f)) filters[name] = params.get(name) ?? undefined;

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

  return { q: params.get('q') ?? '', sort: params.get('sort') ?? p.defaultSort ?? '', page, perPage, filters, update };
}
