/** Display formats for lists and the editor (es-EC): USD money, dd/mm/aaaa dates, status colours. */
/**
 * USD as the RIDE prints it: `$ 1,234.50`. Shows at least `minDecimals` and at most `maxDecimals`
 * (a unit price keeps up to 6: SRI factura 1.1.0 precioUnitario); '' for no value.
 * @example money(12.5) // '$ 12.50'; money(0.123456, 2, 6) // '$ 0.123456'
 */
export const money = (v: unknown, minDecimals = 2, maxDecimals = Math.max(minDecimals, 2)) =>
  v === null || v === undefined || v === '' ? '' : `$ ${Number(v).toLocaleString('en-US', { minimumFractionDigits: minDecimals, maximumFractionDigits: Math.max(minDecimals, maxDecimals) })}`;

export const date = (v: unknown) => {
  if (typeof v !== 'string' || !v) return '';
  const [y, m, d] = v.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

const DATE_TIME = new Intl.DateTimeFormat('es-EC', { timeZone: 'America/Guayaquil', dateStyle: 'short', timeStyle: 'short' });

/** An ISO instant in Ecuador's time (the SRI's clock), e.g. `23/11/26 9:30`. */
export const dateTime = (v: unknown) => {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : DATE_TIME.format(d);
};
