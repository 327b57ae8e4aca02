/**
 * A `timestamp with time zone` as PostgreSQL writes it, straight to the JSON text the API sends
 * (`Date#toISOString()`), without a Date in between. A list page of 20 rows has about 100 such
 * values; `new Date(text).toISOString()` costs ≈ 1.4 µs each in Node 20 (most of the list's own CPU
 * past the database: bench/list.ts), this ≈ 0.15 µs.
 */

/**
 * PostgreSQL's text for a UTC timestamptz (DateStyle ISO, TimeZone UTC), years 1000–9999: as a
 * column ('2026-11-22 15:04:05.123456+00') or inside JSON ('2026-11-22T15:04:05.123456+00:00', what
 * json_build_array writes whatever the DateStyle).
 */
const UTC_TEXT = /^([1-9]\d{3}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * `text` (a timestamptz column's value from the driver) as `new Date(text).toISOString()` gives it:
 * 'YYYY-MM-DDTHH:MM:SS.mmmZ', the fraction cut (not rounded) to milliseconds as V8 does.
 * Any other form (another time zone's offset, a year outside 1000–9999, BC, infinity) goes through
 * `decode` (the column's own decoder) and `toISOString()`, so it answers or throws exactly as before.
 * @example timestamptzIso('2026-11-22 15:04:05.123456+00', (t) => new Date(t)) // '2026-11-22T15:04:05.123Z'
 * @example timestamptzIso('2026-11-22T15:04:05+00:00', (t) => new Date(t)) // '2026-11-22T15:04:05.000Z'
 */
export function timestamptzIso(text: unknown, decode: (value: unknown) => Date): string {
  if (typeof text === 'string') {
    const m = UTC_TEXT.exec(text);
    if (m) {
      const fraction = m[3];
      const ms = fraction === undefined ? '000' : fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
      return `${m[1]}T${m[2]}.${ms}Z`;
    }
  }
  return decode(text).toISOString();
}
