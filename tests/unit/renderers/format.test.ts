import { describe, expect, it } from 'vitest';
import { date, dateTime, money, parseDate, plural } from '../../../src/renderers/format.ts';

describe('display formats', () => {
  it('writes US dollars one way, two decimals unless a unit price needs more', () => {
    expect(money(18.5)).toBe('$ 18.50');
    expect(money(1354.85)).toBe('$ 1,354.85');
    expect(money(0)).toBe('$ 0.00');
    expect(money(0.123456, 2, 6)).toBe('$ 0.123456');
    expect(money(undefined)).toBe('');
  });

  it('writes dates dd/mm/aaaa, with a four-digit year also beside a time (Ecuador\'s clock)', () => {
    expect(date('2026-11-05')).toBe('05/11/2026');
    expect(date('2026-11-05T23:00:00.000Z')).toBe('05/11/2026');
    expect(dateTime('2026-11-23T14:30:00Z')).toBe('23/11/2026, 09:30');
    expect(dateTime('2026-01-01T03:00:00Z')).toMatch(/^31\/12\/2025/);
  });

  it('counts in the right number', () => {
    expect(plural(1, 'factura', 'facturas')).toBe('1 factura');
    expect(plural(0, 'factura', 'facturas')).toBe('0 facturas');
    expect(plural(1200, 'línea', 'líneas')).toBe('1,200 líneas');
  });
});

describe('dates typed as dd/mm/aaaa', () => {
  it('reads what a person types as ISO, refusing a day the month does not have', () => {
    expect(parseDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseDate('5-3-2026')).toBe('2026-03-05');
    expect(parseDate('29/02/2028')).toBe('2028-02-29');
    expect(parseDate('29/02/2026')).toBeUndefined();
    expect(parseDate('31/04/2026')).toBeUndefined();
    expect(parseDate('2026-03-05')).toBeUndefined();
    expect(parseDate('05/03/26')).toBeUndefined();
    expect(parseDate('')).toBe('');
  });
});
