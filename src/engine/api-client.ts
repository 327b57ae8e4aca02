/**
 * The API client: base from VITE_API_BASE (or same origin), bearer from `auth_token`, totals from
 * `x-total-count`, and the error rules of spec §8 by call kind:
 * - 'data' (admin and user calls): a danger notification with the server's `message` (or the HTTP
 *   message) and an empty result;
 * - 'menu' / 'profile': throw the server body, or 'Server Error' when there is none;
 * - 'auth': throw the server body or the error message to the page;
 * - 'form': throw ApiError so a form can map `details` onto its fields.
 * A 401 on /api clears the session (the guard then sends the visitor to login). A GET the boot
 * script already sent for the first screen is taken instead of sent again (boot-requests.ts).
 * @example const { data, total } = await api.request({ path: '/api/product', query: { page: 1 } });
 */
import { notify } from './notify.ts';
import { session } from './session.ts';
import { takeBootRequest } from './boot-requests.ts';

export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '';

export interface ErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  details?: Array<{ path: string; message: string }>;
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | string;
  constructor(status: number, body: ErrorBody | string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type CallKind = 'data' | 'menu' | 'profile' | 'auth' | 'form';

export interface RequestParams {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  kind?: CallKind;
  /** Return the raw Response (files). */
  raw?: boolean;
  /** Send `body` (a string or a Blob, e.g. a CSV file) as is with this content type instead of JSON. */
  contentType?: string;
  /** More request headers (e.g. `If-Match` with the version an editor started from). */
  headers?: Record<string, string>;
}

export interface ApiResult<T> {
  data: T;
  total?: number;
  /** Sums over every row of a list, not only the page (`x-totals`, JSON; e.g. the aging reports). */
  totals?: Record<string, number>;
  response?: Response;
}

/** The `x-totals` header as an object of numbers; undefined when absent or not such an object. */
function totalsOf(header: string | null): Record<string, number> | undefined {
  if (!header) return undefined;
  try {
    const parsed: unknown = JSON.parse(header);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'number')) as Record<string, number>;
  } catch {
    return undefined;
  }
}

function url(path: string, query?: RequestParams['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T = unknown>(p: RequestParams): Promise<ApiResult<T>> {
  const kind = p.kind ?? 'data';
  const headers: Record<string, string> = { ...p.headers, accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (p.body !== undefined) headers['content-type'] = p.contentType ?? 'application/json';
  const target = url(p.path, p.query);
  // A first screen's GET may already be on its way, sent by the boot script (boot-requests.ts).
  const sent = (p.method ?? 'GET') === 'GET' && !p.headers && !p.raw ? takeBootRequest(target, token) : undefined;
  let res: Response;
  try {
    res = await (sent ?? fetch(target, { method: p.method ?? 'GET', headers, body: p.body === undefined ? undefined : p.contentType ? (p.body as BodyInit) : JSON.stringify(p.body) }));
  } catch (err) {
    return fail<T>(kind, 0, undefined, (err as Error).message || 'No se pudo conectar con el servidor');
  }
  if (p.raw && res.ok) return { data: undefined as T, response: res };
  const body = await parseBody(res);
  if (!res.ok) {
    if (res.status === 401 && p.path.startsWith('/api/') && session.current()) session.signOut();
    const message = (body && typeof body === 'object' && typeof (body as ErrorBody).message === 'string' ? (body as ErrorBody).message : undefined) ?? res.statusText ?? `HTTP ${res.status}`;
    return fail<T>(kind, res.status, body as ErrorBody | string | undefined, message);
  }
  const total = res.headers.get('x-total-count');
  return { data: body as T, total: total === null ? undefined : Number(total), totals: totalsOf(res.headers.get('x-totals')), response: res };
}

function fail<T>(kind: CallKind, status: number, body: ErrorBody | string | undefined, message: string): ApiResult<T> {
  switch (kind) {
    case 'data':
      notify('danger', message || 'Error del servidor');
      return { data: undefined as T };
    case 'menu':
    case 'profile':
      throw body ?? 'Server Error';
    case 'auth':
      throw body ?? message;
    case 'form':
    default:
      throw new ApiError(status, body ?? message, message);
  }
}

/** Convenience wrappers: one params object per call (ra-core style). */
export const api = {
  request,
  list: <T>(path: string, query: RequestParams['query']) => request<T[]>({ path, query }),
  get: <T>(path: string) => request<T>({ path }),
  send: <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, kind: CallKind = 'form') => request<T>({ method, path, body, kind }),
};

/**
 * A file the API serves (PDF, XML, image) as a Blob, with the session's bearer.
 * @throws ApiError with the server's message when the answer is not 2xx.
 * @example const pdf = await fetchBlob(`/api/invoice/${id}/pdf`);
 */
export async function fetchBlob(path: string): Promise<Blob> {
  const { response } = await request({ path, raw: true, kind: 'form' });
  return response!.blob();
}

/** A message for any thrown API error (auth pages, forms). */
export function errorMessage(err: unknown, fallback = 'Ocurrió un error'): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (typeof err === 'string') return err || fallback;
  if (err && typeof err === 'object' && typeof (err as ErrorBody).message === 'string') return (err as ErrorBody).message || fallback;
  return fallback;
}
