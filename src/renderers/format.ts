/** Display formats for lists and the editor (es-EC): USD money, dd/mm/aaaa dates (core/display-format.ts), Ecuador's time, money inputs. */
export { date, money, parseDate, plural } from '../../core/display-format.ts';

// Made on first use: building it loads the time zone data (≈25 ms), which a list without a
// date-time column (the invoices) should not pay on its first draw (issue 30).
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const DATE_TIME = () =>
  (dateTimeFormat ??= new Intl.DateTimeFormat('es-EC', { timeZone: 'America/Guayaquil', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }));

/** An ISO instant in Ecuador's time (the SRI's clock), dd/mm/aaaa with the time, e.g. `23/11/2026, 09:30`. */
export const dateTime = (v: unknown) => {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : DATE_TIME().format(d);
};

/**
 * What a money input shows once the user leaves it: the typed number with at least `minDecimals`
 * decimals and no trailing zeros past them ('18.5' -> '18.50', '18.500000' -> '18.50', '7' -> '7.00',
 * '0.091234' stays); text that is not a plain decimal number ('', '1e3', 'abc', '1,5') comes back as
 * it is, for the validation to name.
 * @example moneyText('18.5') // '18.50'; moneyText(' .5 ') // '0.50'; moneyText('-3') // '-3.00'
 */
export function moneyText(value: string, minDecimals = 2): string {
  const m = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m || (m[2] === '' && !m[3])) return value;
  const [, sign, whole, fraction = ''] = m;
  const trimmed = fraction.replace(/0+$/, '');
  return `${sign}${whole.replace(/^0+(?=\d)/, '') || '0'}.${trimmed.padEnd(minDecimals, '0')}`;
}
