/**
 * server/db/timestamp-iso.ts: a list row's timestamps (createdAt, issuedAt, …) go from PostgreSQL's
 * text to the API's JSON without a Date; the text must be exactly what `new Date(text).toISOString()`
 * gave before, for every value the database can send.
 */
import { describe, expect, it } from 'vitest';
import { timestamptzIso } from '../../../server/db/timestamp-iso.ts';

const viaDate = (text: unknown) => new Date(text as string);
/** PostgreSQL's text of a UTC timestamptz: microseconds, trailing zeros of the fraction dropped. */
const pgText = (ms: number, micros: number) => {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
};

describe('timestamptzIso', () => {
  it('gives what new Date(text).toISOString() gives, for 20 000 UTC timestamps', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i += 1) {
      // Years 1000–9999, whole seconds and every fraction length from 1 to 6 digits.
      const ms = Math.floor(-30_610_224_000_000 + random() * (253_402_300_799_999 + 30_610_224_000_000));
      const text = pgText(i % 5 === 0 ? ms - (ms % 1000) : ms, i % 3 === 0 ? 0 : Math.floor(random() * 1000));
      expect(timestamptzIso(text, viaDate), text).toBe(new Date(text).toISOString());
    }
  });

  it('reads the same instants as json_build_array writes them (T, +00:00), for 20 000 UTC timestamps', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i += 1) {
      const ms = Math.floor(-30_610_224_000_000 + random() * (253_402_300_799_999 + 30_610_224_000_000));
      const column = pgText(i % 5 === 0 ? ms - (ms % 1000) : ms, i % 3 === 0 ? 0 : Math.floor(random() * 1000));
      const json = `${column.slice(0, 10)}T${column.slice(11, -3)}+00:00`;
      expect(timestamptzIso(json, viaDate), json).toBe(new Date(column).toISOString());
    }
    expect(timestamptzIso('2026-11-22T23:59:59.999999+00:00', viaDate)).toBe('2026-11-22T23:59:59.999Z');
    expect(timestamptzIso('2026-11-22T10:04:05.5-05:00', viaDate)).toBe('2026-11-22T15:04:05.500Z');
  });

  it('cuts the fraction to milliseconds as V8 does (no rounding up to the next second)', () => {
    expect(timestamptzIso('2026-11-22 23:59:59.999999+00', viaDate)).toBe('2026-11-22T23:59:59.999Z');
    expect(timestamptzIso('2026-11-22 15:04:05.5+00', viaDate)).toBe('2026-11-22T15:04:05.500Z');
    expect(timestamptzIso('2026-11-22 15:04:05+00', viaDate)).toBe('2026-11-22T15:04:05.000Z');
  });

  it('leaves other forms to the column decoder: another offset, a Date from the driver, an early year', () => {
    for (const text of ['2026-11-22 10:04:05.123-05', '2026-11-22 20:34:05.5+05:30', '0999-01-01 00:00:00+00']) {
      expect(timestamptzIso(text, viaDate)).toBe(new Date(text).toISOString());
    }
    const date = new Date('2026-01-02T03:04:05.678Z');
    expect(timestamptzIso(date, (v) => v as Date)).toBe('2026-01-02T03:04:05.678Z');
    expect(() => timestamptzIso('infinity', viaDate)).toThrow(RangeError);
  });
});
