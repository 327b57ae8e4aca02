/**
 * The SRI portal's TXT listing, imported row by row from the browser: the file is read here
 * (core/sri-txt-listing.ts: Latin-1 or UTF-8, header, `.31` amounts, blank lines), then each access
 * key is registered with `POST /api/received-document {claveAcceso}`, one at a time, so the screen
 * shows real progress and a bad row never stops the others. (API clients send the whole file to
 * `POST /api/received-document/import` instead; the outcomes are the same.)
 */
import { useCallback, useRef, useState } from 'react';
import { parseTxtListing } from '../../../core/sri-txt-listing.ts';
import { ApiError, errorMessage, request } from '../../engine/api-client.ts';
import { invalidate } from '../../engine/resources.ts';
import { RECEIVED_API } from './received-model.ts';
import type { ReceivedView } from '../../../core/received-view.ts';

/** One line's outcome, as `POST /import` reports it. */
export interface TxtRowResult {
  line: number;
  claveAcceso?: string;
  razonSocialEmisor?: string;
  status: 'imported' | 'duplicate' | 'error';
  message?: string;
  _id?: string;
}

export interface TxtImportState {
  /** Reading the file or registering rows. */
  running: boolean;
  /** Rows handled so far, of `total`. */
  done: number;
  total: number;
  results: TxtRowResult[];
  /** Why the file itself could not be used (empty, no rows). */
  fileError?: string;
}

/**
 * @example
 * const txt = useTxtImport();
 * <input type="file" onChange={(e) => txt.run(e.target.files[0])} />
 * <Progress value={txt.state.done} max={txt.state.total} />
 */
export function useTxtImport() {
  const [state, setState] = useState<TxtImportState>({ running: false, done: 0, total: 0, results: [] });
  const cancelled = useRef(false);

  const run = useCallback(async (file: File) => {
    cancelled.current = false;
    setState({ running: true, done: 0, total: 0, results: [] });
    const entries = parseTxtListing(new Uint8Array(await file.arrayBuffer()));
    if (!entries.length) {
      setState({ running: false, done: 0, total: 0, results: [], fileError: 'El archivo no lista ningún comprobante: descargue el TXT de "Comprobantes electrónicos recibidos" en el portal del SRI.' });
      return;
    }
    setState((s) => ({ ...s, total: entries.length }));
    const seen = new Map<string, number>();
    for (const entry of entries) {
      if (cancelled.current) break;
      let result: TxtRowResult;
      if ('error' in entry) {
        result = { line: entry.line, claveAcceso: entry.claveAcceso, status: 'error', message: entry.error };
      } else if (seen.has(entry.row.claveAcceso)) {
        result = { line: entry.line, claveAcceso: entry.row.claveAcceso, razonSocialEmisor: entry.row.razonSocialEmisor, status: 'duplicate', message: `La clave de acceso se repite en la línea ${seen.get(entry.row.claveAcceso)} del archivo` };
      } else {
        seen.set(entry.row.claveAcceso, entry.line);
        const base = { line: entry.line, claveAcceso: entry.row.claveAcceso, razonSocialEmisor: entry.row.razonSocialEmisor };
        try {
          const { data } = await request<ReceivedView>({ method: 'POST', path: RECEIVED_API, body: { claveAcceso: entry.row.claveAcceso }, kind: 'form' });
          result = { ...base, razonSocialEmisor: data.razonSocialEmisor, status: 'imported', _id: data._id };
        } catch (err) {
          const body = err instanceof ApiError && typeof err.body === 'object' ? err.body : undefined;
          result = err instanceof ApiError && err.status === 409 ? { ...base, status: 'duplicate', message: err.message, _id: typeof body?._id === 'string' ? body._id : undefined } : { ...base, status: 'error', message: errorMessage(err) };
        }
      }
      setState((s) => ({ ...s, done: s.done + 1, results: [...s.results, result] }));
    }
    setState((s) => ({ ...s, running: false }));
    await invalidate(RECEIVED_API);
  }, []);

  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);
  return { state, run, cancel };
}
