/**
 * How Emite writes money, counts and dates for a person (es-EC), one definition for the SPA's lists
 * and editors and the server's messages: USD as the RIDE prints it (`$ 1,234.50`), dates dd/mm/aaaa.
 * Pure: no I/O.
 */

/**
 * USD as the RIDE prints it: `$ 1,234.50`. Shows at least `minDecimals` and at most `maxDecimals`
 * (a unit price keeps up to 6: SRI factura 1.1.0 precioUnitario); '' for no value. Takes a number,
 * a decimal string or a decimal.js value (its `toString`).
 * @example money(12.5) // '$ 12.50'; money(0.123456, 2, 6) // '$ 0.123456'; money('1234.5') // '$ 1,234.50'
 */
export const money = (v: unknown, minDecimals = 2, maxDecimals = Math.max(minDecimals, 2)): string =>
  v === null || v === undefined || v === '' ? '' : `$ ${moneyFormat(minDecimals, Math.max(minDecimals, maxDecimals)).format(Number(String(v)))}`;

/**
 * One Intl.NumberFormat per decimals range, made once: what `toLocaleString('en-US', …)` gives,
 * without building a formatter on every call (an editor's keystroke writes several amounts; a list of
 * 20 invoices spent ~25 ms of its first draw on it; issue 30).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let f = moneyFormats.get(key);
  if (!f) moneyFormats.set(key, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })));
  return f;
}

/**
 * A count with its noun in the right number: `plural(1, 'factura', 'facturas')` -> '1 factura'.
 * @example plural(3, 'línea', 'líneas') // '3 líneas'
 */
export const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** An ISO date ('2026-11-20', or the date of an ISO instant) as dd/mm/aaaa; '' for no value. */
export const date = (v: unknown): string => {
  if (typeof v !== 'string' || !v) return '';
  const [y, m, d] = v.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * What a person typed as a date, dd/mm/aaaa (also d/m/aaaa, with '-' or '.'), as ISO 'YYYY-MM-DD';
 * '' for an empty text; undefined for anything else, a day the month does not have included.
 * @example parseDate('5/3/2026') // '2026-03-05'; parseDate('31/02/2026') // undefined
 */
export function parseDate(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (!m) return undefined;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const when = new Date(Date.UTC(y, mo - 1, d));
  if (when.getUTCFullYear() !== y || when.getUTCMonth() !== mo - 1 || when.getUTCDate() !== d) return undefined;
  return `${m[3]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
