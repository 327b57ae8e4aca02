/**
 * core/guayaquil-date.ts remembers the last day it answered: every answer must still be Intl's
 * date in America/Guayaquil, at the edges of a day (00:00 in Quito is 05:00 UTC), when calls jump
 * between days, and before 1994 (Ecuador's summer time of 1992–93).
 */
import { describe, expect, it } from 'vitest';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';

const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guayaquil', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('guayaquilDate', () => {
  it('agrees with Intl at the edges of days and across jumps between days', () => {
    const instants: number[] = [];
    for (let day = 0; day < 40; day += 1) {
      const edge = Date.UTC(2026, 10, 1 + day, 5, 0, 0);
      instants.push(edge - 1, edge, edge + 1, edge + 12 * 3_600_000, edge + 86_400_000 - 1);
    }
    // Interleaved: today, another day, today again, ….
    const order = instants.flatMap((t, i) => [t, instants[(i * 7919) % instants.length]]);
    for (const t of order) expect(guayaquilDate(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
    expect(guayaquilDate(new Date('2026-11-22T04:59:59.999Z'))).toBe('2026-11-21');
    expect(guayaquilDate(new Date('2026-11-22T05:00:00.000Z'))).toBe('2026-11-22');
  });

  it('agrees with Intl through the summer time of 1992–93 and the years around it', () => {
    for (let t = Date.UTC(1992, 0, 1); t < Date.UTC(1994, 2, 1); t += 3 * 3_600_000 + 17_000) {
      expect(guayaquilDate(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
    }
  });

  it('throws for an invalid date, as Intl does', () => {
    guayaquilDate(new Date('2026-11-22T12:00:00Z'));
    expect(() => guayaquilDate(new Date('nope'))).toThrow(RangeError);
  });
});
