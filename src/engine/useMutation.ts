/**
 * One call that changes something (ra-core's `useMutation`): the busy flag, the success and error
 * notifications in Spanish, the server's field `details`, and the caches to drop afterwards, so a
 * screen's submit handler is one line instead of "busy / try / catch / finally".
 */
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage, request, type RequestParams } from './api-client.ts';
import { notify } from './notify.ts';
import { invalidate } from './revisions.ts';

/** A field error of the server's error body (`details: [{path, message}]`). */
export type FieldDetail = { path: string; message: string };

/** Either the request to send (its answer's body is the result) or a function that does the work. */
type MutationCall<TVars, TResult> =
  | { request: (vars: TVars) => Omit<RequestParams, 'kind' | 'raw'> | Promise<Omit<RequestParams, 'kind' | 'raw'>>; mutationFn?: never }
  | { mutationFn: (vars: TVars) => Promise<TResult>; request?: never };

export type MutationOptions<TVars, TResult> = MutationCall<TVars, TResult> & {
  /** Notified (`success`) once the call and `onSuccess` are done; a function may return undefined to say nothing. */
  success?: string | ((result: TResult, vars: TVars) => string | undefined);
  /** The message when the error carries none. Default 'Ocurrió un error'. */
  errorMessage?: string;
  /** false: no `danger` notification; the screen shows `error` itself (auth pages, inline alerts). Default true. */
  notifyError?: boolean;
  /** Runs after the call succeeded (navigate, update the session…); an error thrown here is reported like the call's. */
  onSuccess?: (result: TResult, vars: TVars) => unknown;
  /** Return true when the error was handled (no notification, no `error`), e.g. login's 409 company choice. */
  onError?: (err: unknown, vars: TVars) => boolean | void;
  /** API paths whose cached lists and records are dropped after a success (`invalidate`). */
  invalidates?: string[];
};

export interface MutationState<TVars, TResult> {
  /** Run the call; resolves to its result, or undefined when it failed (already reported). */
  mutate: (vars: TVars) => Promise<TResult | undefined>;
  isPending: boolean;
  /** The last success's result (cleared when a new call starts). */
  data: TResult | undefined;
  /** The last failure's message. */
  error: string | undefined;
  /** The last failure's field errors (`details` of the server's 400). */
  details: FieldDetail[] | undefined;
  /** Forget the last result and error. */
  reset: () => void;
}

/** The field errors an API error carries, if any. */
export function detailsOf(err: unknown): FieldDetail[] | undefined {
  if (err instanceof ApiError && typeof err.body === 'object') return err.body.details;
  return undefined;
}

/**
 * @example
 * const changePassword = useMutation({
 *   request: (pw: { currentPassword: string; password: string }) => ({ method: 'PUT', path: '/api/user/password', body: pw }),
 *   success: 'Contraseña actualizada',
 *   notifyError: false,
 *   onSuccess: (r: { token: string }) => session.update({ token: r.token }),
 * });
 * <Button loading={changePassword.isPending} onClick={() => changePassword.mutate(pw)} />
 * {changePassword.error && <Message status="error">{changePassword.error}</Message>}
 */
export function useMutation<TVars = void, TResult = Record<string, unknown>>(options: MutationOptions<TVars, TResult>): MutationState<TVars, TResult> {
  // The latest options without re-creating `mutate` on every render (it goes to memoised children).
  const latest = useRef(options);
  latest.current = options;
  const [isPending, setPending] = useState(false);
  const [data, setData] = useState<TResult>();
  const [error, setError] = useState<string>();
  const [details, setDetails] = useState<FieldDetail[]>();

  const mutate = useCallback(async (vars: TVars): Promise<TResult | undefined> => {
    const o = latest.current;
    setPending(true);
    setError(undefined);
    setDetails(undefined);
    setData(undefined);
    try {
      const result = o.mutationFn ? await o.mutationFn(vars) : (await request<TResult>({ ...(await o.request(vars)), kind: 'form' })).data;
      await o.onSuccess?.(result, vars);
      for (const path of o.invalidates ?? []) await invalidate(path);
      setData(() => result);
      const message = typeof o.success === 'function' ? o.success(result, vars) : o.success;
      if (message) notify('success', message);
      return result;
    } catch (err) {
      if (o.onError?.(err, vars) === true) return undefined;
      const message = errorMessage(err, o.errorMessage);
      setError(message);
      setDetails(detailsOf(err));
      if (o.notifyError !== false) notify('danger', message);
      return undefined;
    } finally {
      setPending(false);
    }
  }, []);

  const reset = useCallback(() => {
    setData(undefined);
    setError(undefined);
    setDetails(undefined);
  }, []);

  return { mutate, isPending, data, error, details, reset };
}
