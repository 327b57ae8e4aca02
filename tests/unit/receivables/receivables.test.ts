/**
 * The receivables rule (core/receivables.ts, DESIGN.md §12): the balance with notas de crédito,
 * retenciones and payments in any order; the status; due dates from plazo in días, semanas, meses
 * and años (month ends as PostgreSQL's date + interval); aging buckets around month ends.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, agingBucketOf, dueDateOf, paymentStateOf, paymentStatusOf, saldoOf, termUnit } from '../../../core/receivables.ts';

describe('saldo and state', () => {
  const moves = [
    { credited: '23.00' },
    { withheld: '1.75' },
    { paid: '50' },
    { paid: '40.25' },
  ];
  /** Every order of the moves gives the same figures at the end (addition commutes, once decimal). */
  function permutations<T>(xs: T[]): T[][] {
    return xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
  }

  it('115.00 − NC 23.00 − retención 1.75 − 50 − 40.25 = 0.00 in any of the 24 orders, never below 0 on the way', () => {
    for (const order of permutations(moves)) {
      const parts = { importeTotal: '115.00', credited: '0', withheld: '0', paid: '0' };
      for (const move of order) {
        for (const [k, v] of Object.entries(move)) parts[k as 'paid'] = (Number(parts[k as 'paid']) + Number(v)).toFixed(2);
        expect(Number(saldoOf(parts))).toBeGreaterThanOrEqual(0);
      }
      expect(saldoOf(parts)).toBe('0.00');
      expect(paymentStateOf(parts)).toBe('PAGADA');
    }
  });

  it('decimal, not float: 0.1 + 0.2 paid on 0.30 leaves exactly 0.00', () => {
    expect(saldoOf({ importeTotal: '0.30', credited: 0, withheld: 0, paid: '0.3' })).toBe('0.00');
    expect(saldoOf({ importeTotal: 100.1, credited: 0, withheld: 0, paid: 0.2 })).toBe('99.90');
  });

  it('a retención or nota de crédito larger than what is left keeps the saldo at 0', () => {
    expect(saldoOf({ importeTotal: 50, credited: 0, withheld: 10, paid: 45 })).toBe('0.00');
  });

  it('PENDIENTE until money comes in (a nota de crédito alone is not a collection), PARCIAL, PAGADA', () => {
    expect(paymentStateOf({ importeTotal: 115, credited: 0, withheld: 0, paid: 0 })).toBe('PENDIENTE');
    expect(paymentStateOf({ importeTotal: 115, credited: 23, withheld: 0, paid: 0 })).toBe('PENDIENTE');
    expect(paymentStateOf({ importeTotal: 115, credited: 0, withheld: 1.75, paid: 0 })).toBe('PARCIAL');
    expect(paymentStateOf({ importeTotal: 115, credited: 23, withheld: 0, paid: 50 })).toBe('PARCIAL');
    expect(paymentStateOf({ importeTotal: 115, credited: 115, withheld: 0, paid: 0 })).toBe('PAGADA');
  });

  it('VENCIDA the day after the due date, unless paid; null stays null', () => {
    expect(paymentStatusOf('PENDIENTE', '2026-03-31', '2026-03-31')).toBe('PENDIENTE');
    expect(paymentStatusOf('PENDIENTE', '2026-03-31', '2026-04-01')).toBe('VENCIDA');
    expect(paymentStatusOf('PARCIAL', '2026-03-31', '2026-04-01')).toBe('VENCIDA');
    expect(paymentStatusOf('PAGADA', '2026-03-31', '2027-01-01')).toBe('PAGADA');
    expect(paymentStatusOf(null, '2026-03-31', '2027-01-01')).toBeNull();
  });
});

describe('due dates', () => {
  it('without pagos or plazo: the emission date', () => {
    expect(dueDateOf('2026-05-14', [])).toBe('2026-05-14');
    expect(dueDateOf('2026-05-14', [{ plazo: null }, { unidadTiempo: 'dias' }])).toBe('2026-05-14');
    expect(dueDateOf('2026-05-14', undefined)).toBe('2026-05-14');
  });

  it('plazo in días (with or without the accent, any case, as text or number), the longest wins', () => {
    expect(dueDateOf('2026-12-20', [{ plazo: 30, unidadTiempo: 'dias' }])).toBe('2027-01-19');
    expect(dueDateOf('2026-12-20', [{ plazo: '15', unidadTiempo: 'Días' }, { plazo: 45, unidadTiempo: 'DIAS' }])).toBe('2027-02-03');
    expect(dueDateOf('2028-02-28', [{ plazo: 1 }])).toBe('2028-02-29');
  });

  it('plazo in meses clamps to the month end, like PostgreSQL (31 Jan + 1 month = 28 Feb, 29 in a leap year)', () => {
    expect(dueDateOf('2026-01-31', [{ plazo: 1, unidadTiempo: 'meses' }])).toBe('2026-02-28');
    expect(dueDateOf('2028-01-31', [{ plazo: 1, unidadTiempo: 'mes' }])).toBe('2028-02-29');
    expect(dueDateOf('2026-08-31', [{ plazo: 3, unidadTiempo: 'MESES' }])).toBe('2026-11-30');
    expect(dueDateOf('2026-11-15', [{ plazo: 2, unidadTiempo: 'meses' }])).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('semanas and años; an unknown unit or a plazo that is not a whole number', () => {
    expect(dueDateOf('2026-06-01', [{ plazo: 2, unidadTiempo: 'semanas' }])).toBe('2026-06-15');
    expect(dueDateOf('2028-02-29', [{ plazo: 1, unidadTiempo: 'años' }])).toBe('2029-02-28');
    expect(termUnit('anios')).toBe('years');
    expect(termUnit('horas')).toBe('days');
    expect(dueDateOf('2026-06-01', [{ plazo: '1.5', unidadTiempo: 'meses' }])).toBe('2026-06-01');
  });
});

describe('aging buckets', () => {
  it('al día through the due date, then 1–30, 31–60, 61–90, más de 90 by whole days', () => {
    expect(agingBucketOf('2026-03-31', '2026-03-01')).toBe('current');
    expect(agingBucketOf('2026-03-31', '2026-03-31')).toBe('current');
    expect(agingBucketOf('2026-03-31', '2026-04-01')).toBe('d1_30');
    expect(agingBucketOf('2026-03-31', '2026-04-30')).toBe('d1_30');
    expect(agingBucketOf('2026-03-31', '2026-05-01')).toBe('d31_60');
    expect(agingBucketOf('2026-03-31', '2026-05-30')).toBe('d31_60');
    expect(agingBucketOf('2026-03-31', '2026-05-31')).toBe('d61_90');
    expect(agingBucketOf('2026-03-31', '2026-06-29')).toBe('d61_90');
    expect(agingBucketOf('2026-03-31', '2026-06-30')).toBe('over90');
  });

  it('across February: 31 Jan due, 2 Mar is 30 days late (non-leap), 3 Mar is 31; in 2028 (leap) 1 Mar is 30', () => {
    expect(agingBucketOf('2026-01-31', '2026-03-02')).toBe('d1_30');
    expect(agingBucketOf('2026-01-31', '2026-03-03')).toBe('d31_60');
    expect(agingBucketOf('2028-01-31', '2028-03-01')).toBe('d1_30');
    expect(agingBucketOf('2028-01-31', '2028-03-02')).toBe('d31_60');
  });

  it('across the year end: 30 Nov due, 29 Dec is 29 days late, 31 Dec 31, 28 Feb 90, 1 Mar 91', () => {
    expect(agingBucketOf('2026-11-30', '2026-12-29')).toBe('d1_30');
    expect(agingBucketOf('2026-11-30', '2026-12-31')).toBe('d31_60');
    expect(agingBucketOf('2026-11-30', '2027-02-28')).toBe('d61_90');
    expect(agingBucketOf('2026-11-30', '2027-03-01')).toBe('over90');
  });
});
