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
 */
import Decimal from 'decimal.js';
import type { JsonSchema } from '../resources/schema-values.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell text for a list value; `format` is the list column's (`money` pads to two decimals). */
export function formatCell(value: unknown, format?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const d = new Decimal(value);
    return format === 'money' && d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
  }
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
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
