/**
 * Resource hooks on swr (ra-core's data layer): one params object per call, the resource named by
 * its schema (its API path comes from the schema, see `apiPathOf`), stable cache keys
 * `[apiPath, verb, params]`. Lists keep the previous page while the next one loads.
 * @example
 * const { rows, total, isLoading } = useList({ resource: 'product', q: 'lap', sort: '-precioUnitario', page: 2, perPage: 20 });
 * const { record } = useRecord({ resource: 'catalog', apiParams: { table: 'forma_pago' }, id: '01' });
 * await saveRecord({ resource: 'product', id, body });
 */
import useSWR from 'swr';
import { request } from './api-client.ts';
import { resolveApiPath, schemaNamed, useSchemas } from './schema-registry.ts';
import { invalidate, revisionOf, useRevision } from './revisions.ts';
import { earlyOptions, peekEarly, takeEarly, useEarlyAnswer } from './early-requests.ts';

export { invalidate, useRevision };

export interface ResourceParams {
  /** Schema name (`product`, `catalog`…); `/api/<resource>` when no schema has that name. */
  resource: string;
  /** Values for `{placeholders}` in the schema's `x-api` (e.g. `{ table: 'forma_pago' }`). */
  apiParams?: Record<string, string>;
}

export interface ListParams extends ResourceParams {
  q?: string;
  /** `field` ascending, `-field` descending. */
  sort?: string;
  /** 1-based. */
  page?: number;
  perPage?: number;
  /** Extra query parameters (e.g. `status`, `from`, `to`). */
  filters?: Record<string, string | undefined>;
}

export type Row = Record<string, unknown> & { _id: string };

export interface ListResult {
  rows: Row[];
  total: number;
  /** The server's sums over every row (`x-totals`), when it sends them. */
  totals?: Record<string, number>;
  isLoading: boolean;
  isValidating: boolean;
}

/** The normalised query of a list (what the key and the request share). */
export function listQuery(p: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: p.page ?? 1, per_page: p.perPage ?? 20 };
  if (p.q) query.q = p.q;
  if (p.sort) query.sort = p.sort;
  for (const [k, v] of Object.entries(p.filters ?? {})) if (v !== undefined && v !== '') query[k] = v;
  return query;
}

export function listKey(apiPath: string, p: ListParams) {
  return [apiPath, 'list', listQuery(p), revisionOf(apiPath)] as const;
}

export function recordKey(apiPath: string, id: string) {
  return [apiPath, 'one', id, revisionOf(apiPath)] as const;
}

/** `GET <apiPath>?<query>` as such (fetchPage reads rows and totals from it). */
export const requestPage = (apiPath: string, query: Record<string, string | number>) => request<Row[]>({ path: apiPath, query });

/** The same page asked for twice has the same key, whatever the order of its query's keys. */
export const pageRequestKey = (apiPath: string, query: Record<string, string | number>) =>
  `${apiPath}?${Object.keys(query)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(query[k]))}`)
    .join('&')}`;

/**
 * One page of rows under an API path, and the total the server counted (`x-total-count`); an error
 * is notified and answers an empty page.
 * @example const { rows } = await fetchPage('/api/customer', { q: 'ferre', per_page: 20 });
 */
export async function fetchPage(apiPath: string, query: Record<string, string | number>): Promise<{ rows: Row[]; total: number; totals?: Record<string, number> }> {
  // A deep link's first page may already be on its way (engine/first-screen.ts).
  return pageOf(await (takeEarly<Awaited<ReturnType<typeof requestPage>>>(pageRequestKey(apiPath, query)) ?? requestPage(apiPath, query)));
}

type Page = Awaited<ReturnType<typeof fetchPage>>;
const pageOf = (res: Awaited<ReturnType<typeof requestPage>>): Page => ({ rows: res.data ?? [], total: res.total ?? res.data?.length ?? 0, totals: res.totals });

/** One page of a resource. Pass `null` to fetch nothing yet. */
export function useList(p: ListParams | null): ListResult {
  const schemas = useSchemas();
  const apiPath = p ? resolveApiPath({ ...p, schemas }) : '';
  useRevision(apiPath);
  const key = p ? listKey(apiPath, p) : null;
  // A deep link's first page that already arrived (first-screen.ts) draws at once, no skeleton first.
  const earlyKey = key && key[3] === 0 ? pageRequestKey(apiPath, key[2]) : '';
  const early = earlyKey ? peekEarly(earlyKey, pageOf) : undefined;
  const { data, isLoading, isValidating, mutate } = useSWR(key, ([path, , query]) => fetchPage(path, query), { keepPreviousData: true, revalidateOnFocus: false, ...earlyOptions(early) });
  useEarlyAnswer(earlyKey, early, mutate);
  return { rows: data?.rows ?? [], total: data?.total ?? 0, totals: data?.totals, isLoading, isValidating };
}

/** One record by id, as the API answers it (`T`: the resource's view type; default a row); nothing is fetched while `id` is undefined. */
export function useRecord<T = Row>(p: ResourceParams & { id: string | undefined }) {
  const schemas = useSchemas();
  const apiPath = resolveApiPath({ ...p, schemas });
  useRevision(apiPath);
  const { data, isLoading, mutate: refresh } = useSWR(p.id ? recordKey(apiPath, p.id) : null, async ([path, , id]) => (await request<T>({ path: `${path}/${encodeURIComponent(id)}` })).data, {
    revalidateOnFocus: false,
  });
  return { record: data, isLoading, refresh };
}

/** Where one record lives: `<apiPath>/<id>`, or the API path itself for a singleton (the company). */
export function recordPath(apiPath: string, p: { id?: string; singleton?: boolean }): string {
  return p.singleton || !p.id ? apiPath : `${apiPath}/${encodeURIComponent(p.id)}`;
}

/**
 * Create (no id: POST) or replace (PUT, or the schema's `x-update-method`) a record, then drop the
 * resource's cached pages. A singleton (one record at the API path, like the company) is replaced
 * at that path.
 * @throws ApiError with the server's `details`, for the form to show on its fields.
 */
export async function saveRecord<T = Row>(p: ResourceParams & { id?: string; singleton?: boolean; body: unknown }): Promise<T> {
  const apiPath = resolveApiPath(p);
  const method = p.id || p.singleton ? (schemaNamed(p.resource)?.schema['x-update-method'] ?? 'PUT') : 'POST';
  const res = await request<T>({ method, path: recordPath(apiPath, p), body: p.body, kind: 'form' });
  await invalidate(apiPath);
  return res.data;
}

/** @throws ApiError (e.g. 409 "in use") so the caller can say why. */
export async function deleteRecord(p: ResourceParams & { id: string }): Promise<void> {
  const apiPath = resolveApiPath(p);
  await request({ method: 'DELETE', path: `${apiPath}/${encodeURIComponent(p.id)}`, kind: 'form' });
  await invalidate(apiPath);
}
