/**
 * CSV files of a list (DESIGN.md §9 "CSV"): download its export (`<api path>/export` with the list's
 * current search, filters and sort, all rows) or an import template, and send a CSV to
 * `<api path>/import`. Downloads go through the API client, so they carry the session's bearer
 * token (a plain link could not), and are saved from a blob under the server's file name.
 * @example await downloadListCsv({ resource: 'invoice', q: '', sort: '-fechaEmision', filters: { status: 'AUTORIZADA' } });
 */
import { request } from './api-client.ts';
import { invalidate, listQuery, type ListParams, type ResourceParams } from './resources.ts';
import { resolveApiPath } from './schema-registry.ts';

export interface ImportReport {
  created: number;
  updated: number;
  /** row: the file's line (header = 1); column: the header cell. */
  errors: Array<{ row: number; column: string; message: string }>;
}

/** Save a response body as a file, named by its Content-Disposition (else `fallback`). */
async function saveResponse(res: Response, fallback: string): Promise<void> {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Download a file the API serves (with the session's bearer), saved under the server's name; a
 * failure is notified by the API client with the server's message (e.g. a 422 of the ATS).
 * @example await downloadFile({ path: '/api/reports/ats', query: { period: '2026-03' }, fallback: 'AT032026.xml' });
 */
export async function downloadFile(p: { path: string; query?: Record<string, string | number | undefined>; fallback: string }): Promise<void> {
  const res = await request({ path: p.path, query: p.query, raw: true });
  if (res.response) await saveResponse(res.response, p.fallback);
}

/** Download every row of a list as CSV (with `format: 'excel-es'` for Excel in Spanish; with `'xlsx'` as an Excel workbook). */
export async function downloadListCsv(p: ListParams & { format?: 'csv' | 'xlsx' | 'excel-es' }): Promise<void> {
  const { format = 'csv', ...list } = p;
  const { page: _page, per_page: _perPage, ...query } = listQuery(list);
  await downloadFile({ path: `${resolveApiPath(list)}/export`, query: format === 'csv' ? query : { ...query, format }, fallback: `${p.resource}.${format === 'xlsx' ? 'xlsx' : 'csv'}` });
}

/** Download the import template (the header row) of a resource. */
export async function downloadImportTemplate(p: ResourceParams): Promise<void> {
  const res = await request({ path: `${resolveApiPath(p)}/import/template`, raw: true });
  if (res.response) await saveResponse(res.response, `plantilla-${p.resource}.csv`);
}

/**
 * Send a CSV file (its bytes: the server reads UTF-8 or Windows-1252) to the resource's import; a real import (not `dryRun`) drops the cached
 * pages of the list.
 * @throws ApiError when the server refuses the request (permissions, size).
 */
export async function importCsv(p: ResourceParams & { csv: Blob | string; mode: 'all' | 'valid'; dryRun: boolean }): Promise<ImportReport> {
  const apiPath = resolveApiPath(p);
  const res = await request<ImportReport>({
    method: 'POST',
    path: `${apiPath}/import`,
    query: { mode: p.mode, dryRun: p.dryRun ? 1 : undefined },
    body: p.csv,
    contentType: 'text/csv',
    kind: 'form',
  });
  if (!p.dryRun) await invalidate(apiPath);
  return res.data;
}
