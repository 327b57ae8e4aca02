/**
 * Catalog entries of a reference table (`x-catalog`), cached per table for the session.
 * @example const { entries, labelOf } = useCatalog('tarifa_iva'); labelOf('4') // '15 %'
 */
import useSWR from 'swr';
import { request } from './api-client.ts';

export interface CatalogEntry {
  code: string;
  name: string;
  data: Record<string, unknown>;
  active: boolean;
}

export function useCatalog(table: string | undefined) {
  const { data, isLoading } = useSWR(table ? ['/api/admin/table', 'catalog', table] : null, async () => (await request<CatalogEntry[]>({ path: `/api/admin/table/${table}/catalog` })).data ?? [], {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
  const entries = data ?? [];
  return {
    entries,
    active: entries.filter((e) => e.active),
    isLoading,
    labelOf: (code: unknown) => entries.find((e) => e.code === code)?.name ?? (code === undefined || code === null ? '' : String(code)),
  };
}
