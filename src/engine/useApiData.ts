/**
 * Data of one GET that is not a resource's list or record (the dashboard, the company's
 * establishments for a picker, a location's children…), cached by path and query. An error is
 * notified and leaves `data` undefined. `invalidate(path)` (or a mutation's `invalidates`) refetches it.
 */
import useSWR from 'swr';
import { request, type RequestParams } from './api-client.ts';
import { useRevision } from './resources.ts';

export interface ApiDataParams {
  /** The API path; null fetches nothing (yet). */
  path: string | null;
  query?: RequestParams['query'];
  /** Keep the previous answer while a new query loads (a period change, a search). */
  keepPreviousData?: boolean;
  /** Milliseconds during which the same key is answered from the cache (catalog-like data). */
  dedupingInterval?: number;
  /** Ask again when the tab regains focus (the dashboard). Default false. */
  revalidateOnFocus?: boolean;
}

/**
 * @example
 * const { data, isLoading } = useApiData<CompanyDashboard>({ path: '/api/dashboard', query: range, keepPreviousData: true });
 * const { data: establishments } = useApiData<Row[]>({ path: '/api/establishment', query: { per_page: 100 } });
 */
export function useApiData<T>(p: ApiDataParams) {
  const revision = useRevision(p.path ?? '');
  const { data, isLoading, mutate } = useSWR(
    p.path ? [p.path, 'get', JSON.stringify(p.query ?? {}), revision] : null,
    async () => (await request<T>({ path: p.path!, query: p.query })).data,
    // Only the options given: an explicit undefined would override swr's defaults and the app's SWRConfig.
    { revalidateOnFocus: p.revalidateOnFocus ?? false, ...(p.keepPreviousData ? { keepPreviousData: true } : {}), ...(p.dedupingInterval !== undefined ? { dedupingInterval: p.dedupingInterval } : {}) },
  );
  return { data, isLoading, mutate };
}
