/**
 * Local calendar date in America/Guayaquil (UTC-5, no DST), as the SRI requires for fechaEmision
 * and the access key (SRI ficha técnica: fecha de emisión is the issuer's local date).
 */
// Made on first use, not when the module loads: in a browser building it loads the time zone data
// (≈25 ms), which a list screen importing this module for its actions should not pay before its rows.
let formatter: Intl.DateTimeFormat | undefined;

/** @returns 'YYYY-MM-DD' for the instant in Ecuador. */
export function guayaquilDate(instant: Date): string {
  formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guayaquil', year: 'numeric', month: '2-digit', day: '2-digit' });
  return formatter.format(instant);
}

/** 'YYYY-MM-DD' -> 'dd/mm/aaaa' (the XML's fechaEmision format). */
export function toSriDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
