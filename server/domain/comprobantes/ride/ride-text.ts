/**
 * Text and number formatting for the RIDE: what pdfkit's built-in Helvetica can print (WinAnsi),
 * amounts with thousands separators, and the authorisation instant in Ecuador's local time.
 */
import Decimal from 'decimal.js';
import { AppError } from '../../../errors.ts';

// The standard PDF fonts are WinAnsi-encoded: printable ASCII, Latin-1 and these 27 extras. pdfkit
// prints anything else as unrelated glyphs (checked: "ő" came out as "2ƒ"), so it is replaced first.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const OUTSIDE_LATIN1 = /[^\x20-\x7e\xa0-\xff]/;
// Same rule as the XML builder: the SRI forbids newlines and tabs in text, so a run of control
// characters (with the spaces around it) becomes one space and the RIDE shows what the XML holds.
const BREAKS = / *[\u0000-\u001f\u007f-\u009f][ \u0000-\u001f\u007f-\u009f]*/g;
const COMBINING = /[\u0300-\u036f]/g;

const winAnsi = (c: string) => c.length === 1 && (!OUTSIDE_LATIN1.test(c) || WIN_ANSI_EXTRA.has(c));

/**
 * One line of printable text: control characters collapsed to a space, characters outside WinAnsi
 * replaced by their unaccented letter ("ő" -> "o") or "?" (emoji, CJK).
 * @example pdfText('Ñandú\ncía ✓') // 'Ñandú cía ?'
 */
export function pdfText(value: string | undefined | null): string {
  if (!value) return '';
  const s = value.replace(BREAKS, ' ').trim();
  if (!OUTSIDE_LATIN1.test(s)) return s;
  let out = '';
  for (const c of s.normalize('NFC')) {
    if (winAnsi(c)) out += c;
    else {
      const bare = c.normalize('NFD').replace(COMBINING, '');
      out += bare !== '' && [...bare].every(winAnsi) ? bare : '?';
    }
  }
  return out;
}

/** @throws AppError UNPROCESSABLE naming the value when it is not a decimal number. */
export function decimalOf(value: string): Decimal {
  try {
    return new Decimal(value.trim());
  } catch {
    throw new AppError('UNPROCESSABLE', `RIDE: "${value}" no es un número; los valores del documento deben ser decimales como "27.00"`);
  }
}

function group(fixed: string): string {
  const [int, frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${frac}`;
}

/** A money value with 2 decimals and thousands separators: "1935" -> "1,935.00". @throws AppError UNPROCESSABLE when not a number. */
export const formatMoney = (value: string): string => group(decimalOf(value).toFixed(2, Decimal.ROUND_HALF_UP));

/**
 * cantidad / precioUnitario as given, never rounded (up to 6 places in factura 1.1.0), at least 2
 * places and no trailing zeros beyond them: "2" -> "2.00", "1.500000" -> "1.50", "0.125" -> "0.125".
 */
export function formatQuantity(value: string): string {
  const d = decimalOf(value);
  return group(d.toFixed(Math.max(2, d.decimalPlaces())));
}

/** "15.00" -> "15", "12.50" -> "12.5": a tarifa as printed in "IVA 15 %". */
export const formatRate = (tarifa: string | number): string => decimalOf(String(tarifa)).toString();

const guayaquil = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Guayaquil',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An ISO instant as `dd/mm/yyyy HH:mm:ss` in America/Guayaquil (UTC-5, no DST).
 * @throws AppError UNPROCESSABLE for a string Date cannot parse.
 */
export function formatGuayaquilDateTime(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new AppError('UNPROCESSABLE', `RIDE: fechaAutorizacion "${iso}" no es una fecha ISO 8601 (p. ej. 2026-11-20T10:04:05-05:00)`);
  const p: Record<string, string> = {};
  for (const { type, value } of guayaquil.formatToParts(instant)) p[type] = value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}
