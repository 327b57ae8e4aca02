/**
 * CSV output (csv-stringify): UTF-8 with a BOM so Excel reads accents, `,` separated, CRLF line
 * ends (RFC 4180), a header row of column titles, each value through {@link formatCell}. The
 * `excel-es` dialect separates with `;` and writes decimal commas and dd/mm/aaaa dates, as Excel
 * with Spanish (Ecuador) regional settings opens a CSV.
 */
import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { formatCell, type CsvDialect } from './csv-cells.ts';
import type { CsvColumn } from './csv-columns.ts';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * A stream of the CSV for `pages` (arrays of list rows, read one at a time, so memory holds one
 * page whatever the total). A page that fails destroys the stream with its error.
 */
export function csvStream(columns: CsvColumn[], pages: AsyncIterable<Array<Record<string, unknown>>> | Iterable<Array<Record<string, unknown>>>, dialect: CsvDialect = 'csv'): Stringifier {
  const out = stringify({ bom: true, header: true, columns: columns.map((c) => c.title), record_delimiter: 'windows', delimiter: dialect === 'excel-es' ? ';' : ',' });
  async function* records() {
    for await (const page of pages) for (const row of page) yield columns.map((c) => formatCell(row[c.field], c.format, dialect));
  }
  const source = Readable.from(records());
  source.on('error', (err) => out.destroy(err));
  source.pipe(out);
  return out;
}

/** The whole CSV of a few rows as one string (a template's header row). */
export async function csvText(columns: CsvColumn[], rows: Array<Record<string, unknown>> = []): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(columns, [rows])) text += String(chunk);
  return text;
}
