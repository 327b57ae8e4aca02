/**
 * A CSV text (csv-parse) as a header and rows that know the line a person sees them on in a text
 * editor or a spreadsheet (the header is line 1). Accepts a UTF-8 BOM, CRLF or LF line ends, blank
 * lines, and `,` or `;` as the separator: Excel in Spanish locales saves with `;`, so the header
 * line decides (more `;` than `,` outside quotes -> `;`).
 */
import { parse, CsvError } from 'csv-parse/sync';

export interface CsvRow {
  /** 1-based line of the row's first character (quoted cells may span lines). */
  line: number;
  cells: string[];
}

export type ReadCsvResult = { ok: true; header: string[]; rows: CsvRow[]; delimiter: ',' | ';' } | { ok: false; line: number; message: string };

/** `;` when the first line has more semicolons than commas outside double quotes, else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.split('\n', 1)[0];
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const newlines = (s: string) => s.split('\n').length - 1;

/** Parse a CSV text; a malformed file (an unclosed quote) gives the line and a Spanish reason. */
export function readCsv(input: string): ReadCsvResult {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(text);
  const rows: CsvRow[] = [];
  try {
    parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      // info.lines is the line a record ends on; a quoted cell with line breaks started earlier.
      on_record: (record, info) => {
        rows.push({ line: info.lines - record.reduce((n, cell) => n + newlines(cell), 0), cells: record });
        return record;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = typeof err.lines === 'number' ? err.lines : 1;
    const reason = err.code === 'CSV_QUOTE_NOT_CLOSED' ? 'hay unas comillas (") que no se cierran' : 'el archivo no es un CSV válido';
    return { ok: false, line, message: `No se pudo leer el archivo: ${reason} (línea ${line})` };
  }
  const [header, ...data] = rows;
  return { ok: true, header: header?.cells ?? [], rows: data, delimiter };
}
