/**
 * The SRI portal's TXT listing of received comprobantes (core/sri-txt-listing.ts) -> one import per
 * access key, each fetched from the SRI authorisation service and checked like any other
 * (import-received-document.ts). A bad row (unreadable line, key unknown to the SRI, buyer not
 * this company, bad signature…) is reported on its line and never stops or undoes the others.
 */
import { parseTxtListing } from '../../../core/sri-txt-listing.ts';
import type { Db } from '../../db/client.ts';
import type { SriPort } from '../../sri/sri-port.ts';
import { AppError } from '../../errors.ts';
import { fetchAuthorizedComprobante } from './fetch-authorized-comprobante.ts';
import { importReceivedDocument } from './import-received-document.ts';

/** Most document lines one file may hold (each is one SRI call). */
export const MAX_TXT_ROWS = 2000;

/** The outcome of one line: imported (with the new `_id`), duplicate (already registered: `_id` of it) or error. */
export interface TxtImportRow {
  line: number;
  claveAcceso?: string;
  status: 'imported' | 'duplicate' | 'error';
  message?: string;
  _id?: string;
}

export interface TxtImportResult {
  rows: TxtImportRow[];
  /** Lines stored now. */
  imported: number;
  /** Lines with status 'error' (duplicates are neither imported nor failed). */
  failed: number;
}

/**
 * @param o.bytes the file as uploaded (Latin-1 or UTF-8, with or without BOM).
 * @param o.log where an unexpected error of one row is written (its row says only that it failed).
 * @throws AppError VALIDATION (path `file`) when the file lists no document or more than
 *   {@link MAX_TXT_ROWS}; per-row problems are results, not exceptions.
 * @example const { rows, imported, failed } = await importTxtListing({ db, sri, companyId, userId, bytes, now: () => new Date() });
 */
export async function importTxtListing(o: { db: Db; sri: SriPort; companyId: string; userId: string | null; bytes: Uint8Array | string; now: () => Date; log?: (err: unknown) => void }): Promise<TxtImportResult> {
  const entries = parseTxtListing(o.bytes);
  if (entries.length === 0) throw new AppError('VALIDATION', 'El archivo no lista ningún comprobante (se espera el TXT de comprobantes recibidos del portal del SRI)', { details: [{ path: 'file', message: 'sin comprobantes' }] });
  if (entries.length > MAX_TXT_ROWS) throw new AppError('VALIDATION', `El archivo lista ${entries.length} comprobantes; el máximo por archivo es ${MAX_TXT_ROWS}`, { details: [{ path: 'file', message: 'demasiadas filas' }] });
  const rows: TxtImportRow[] = [];
  const seen = new Map<string, number>();
  for (const entry of entries) {
    if ('error' in entry) {
      rows.push({ line: entry.line, ...(entry.claveAcceso ? { claveAcceso: entry.claveAcceso } : {}), status: 'error', message: entry.error });
      continue;
    }
    const claveAcceso = entry.row.claveAcceso;
    const earlier = seen.get(claveAcceso);
    if (earlier !== undefined) {
      rows.push({ line: entry.line, claveAcceso, status: 'duplicate', message: `La clave de acceso se repite en la línea ${earlier} del archivo` });
      continue;
    }
    seen.set(claveAcceso, entry.line);
    try {
      const comprobante = await fetchAuthorizedComprobante(o.sri, claveAcceso);
      const row = await importReceivedDocument({ db: o.db, companyId: o.companyId, userId: o.userId, source: 'txt', comprobante, claveAcceso, now: o.now() });
      rows.push({ line: entry.line, claveAcceso, status: 'imported', _id: row.id });
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT') {
        const id = err.extra?._id;
        rows.push({ line: entry.line, claveAcceso, status: 'duplicate', message: err.message, ...(typeof id === 'string' ? { _id: id } : {}) });
      } else if (err instanceof AppError) {
        rows.push({ line: entry.line, claveAcceso, status: 'error', message: err.message });
      } else {
        o.log?.(err);
        rows.push({ line: entry.line, claveAcceso, status: 'error', message: 'No se pudo registrar por un error interno; intente de nuevo' });
      }
    }
  }
  return { rows, imported: rows.filter((r) => r.status === 'imported').length, failed: rows.filter((r) => r.status === 'error').length };
}
