/**
 * One value <-> one CSV cell, both ways, so an exported file imports unchanged:
 * - numbers as plain decimals with a dot (`1234.5`, money at least two places: `12.50`), never an
 *   exponent, a currency sign or thousands separators; an import also takes a decimal comma
 *   (`12,50`, what Excel writes in Spanish locales);
 * - booleans `sí` / `no` (an import also takes true/false, 1/0, si, verdadero/falso);
 * - text as is, except that text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so
 *   a spreadsheet shows it instead of running it as a formula (OWASP "CSV injection"); an import
 *   drops that `'` again;
 * - lists and objects as JSON; null and missing as an empty cell.
 * The `excel-es` dialect (Excel with Spanish/Ecuadorian regional settings, `;` separated) writes
 * decimal commas (`12,50`), dates dd/mm/aaaa, and digit strings Excel would turn into numbers (a
 * clave de acceso of 49 digits, an identification with a leading zero) as `="0912345678"`, which
 * Excel shows as that text; an import reads all three back.
 */
import Decimal from 'decimal.js';
import type { JsonSchema } from '../resources/schema-values.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** How cells are written: `csv` (the default, for programs) or `excel-es` (see above). */
export type CsvDialect = 'csv' | 'excel-es';

/** Digit strings Excel would read as a number and spoil: a leading zero, or more digits than it keeps (15). */
const SPOILED_BY_EXCEL = /^(0\d+|\d{16,})$/;

/** The cell text for a list value; `format` is the list column's (`money` pads to two decimals). */
export function formatCell(value: unknown, format?: string, dialect: CsvDialect = 'csv'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const d = new Decimal(value);
    const text = format === 'money' && d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
    return dialect === 'excel-es' ? text.replace('.', ',') : text;
  }
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (dialect === 'excel-es') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (format === 'date' && iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
    if (SPOILED_BY_EXCEL.test(text)) return `="${text}"`;
  }
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const TRUE = new Set(['si', 'sí', 'true', '1', 'verdadero']);
const FALSE = new Set(['no', 'false', '0', 'falso']);
const NUMBER = /^[+-]?\d+([.,]\d+)?$/;

/**
 * The value a cell gives a property of type `prop.type`, or null for an empty cell. A cell that does
 * not read as its type stays text, so schema validation names the problem ("debe ser un número").
 */
export function parseCell(cell: string, prop: JsonSchema): unknown {
  let text = cell.trim();
  if (text === '') return null;
  if (text.startsWith("'") && FORMULA_START.test(text.slice(1))) text = text.slice(1);
  const quotedDigits = /^="(\d+)"$/.exec(text);
  if (quotedDigits) text = quotedDigits[1];
  const types = [prop.type].flat();
  if ((types.includes('number') || types.includes('integer')) && NUMBER.test(text)) return Number(text.replace(',', '.'));
  if (types.includes('boolean')) {
    const key = text.toLowerCase();
    if (TRUE.has(key)) return true;
    if (FALSE.has(key)) return false;
  }
  if ((types.includes('array') || types.includes('object')) && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
