/**
 * Local calendar date in America/Guayaquil (UTC-5, no DST), as the SRI requires for fechaEmision
 * and the access key (SRI ficha técnica: fecha de emisión is the issuer's local date).
 */
const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guayaquil', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last day answered and its span in UTC ms [from, to): most calls ask about today. */
let lastDay: { from: number; to: number; date: string } | undefined;
/** Ecuador has kept UTC-5 all year since 1994 (its one summer time ended in February 1993). */
const STEADY_SINCE = Date.UTC(1994, 0, 1);

/**
 * @returns 'YYYY-MM-DD' for the instant in Ecuador (Intl, America/Guayaquil).
 * @throws RangeError for an invalid Date.
 * The day found is remembered with its span (05:00 UTC to 05:00 UTC the next day, checked
 * against Intl at both ends), so calls within the same day skip Intl (≈ 10 µs each, once per list
 * request: bench/list.ts).
 */
export function guayaquilDate(instant: Date): string {
  const t = instant.getTime();
  if (lastDay && t >= lastDay.from && t < lastDay.to) return lastDay.date;
  const date = formatter.format(instant);
  const from = Date.parse(`${date}T05:00:00Z`);
  const to = from + 86_400_000;
  if (from >= STEADY_SINCE && t >= from && t < to && formatter.format(from) === date && formatter.format(to - 1) === date) lastDay = { from, to, date };
  return date;
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
