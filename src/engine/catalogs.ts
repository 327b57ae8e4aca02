/**
 * Catalog entries of a reference table (`x-catalog`), cached per table for the session.
 * @example const { entries, labelOf } = useCatalog('tarifa_iva'); labelOf('4') // '15 %'
 */
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { request } from './api-client.ts';

export interface CatalogEntry {
  code: string;
  name: string;
  data: Record<string, unknown>;
  active: boolean;
}

const NO_ENTRIES: CatalogEntry[] = [];

export function useCatalog(table: string | undefined) {
  const { data, isLoading } = useSWR(table ? ['/api/admin/table', 'catalog', table] : null, async () => (await request<CatalogEntry[]>({ path: `/api/admin/table/${table}/catalog` })).data ?? [], {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
  // Stable identities while the data is the same: screens pass `active` to memoised rows (the
  // invoice editor's 100 lines), and a new array on every render would redraw them all per keystroke.
  const entries = data ?? NO_ENTRIES;
  const active = useMemo(() => entries.filter((e) => e.active), [entries]);
  const labelOf = useCallback((code: unknown) => entries.find((e) => e.code === code)?.name ?? (code === undefined || code === null ? '' : String(code)), [entries]);
  return { entries, active, isLoading, labelOf };
}
