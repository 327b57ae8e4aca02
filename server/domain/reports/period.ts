/**
 * A reporting period 'YYYY-MM' (DESIGN.md §11 `?period=`): its year, month and first and last day.
 */
import { AppError } from '../../errors.ts';

export interface Period {
  /** 'YYYY-MM'. */
  period: string;
  year: number;
  /** 1–12. */
  month: number;
  /** First and last calendar day, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/** The querystring pattern every report route declares for `period`. */
export const PERIOD_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * @throws AppError VALIDATION (path `period`) for anything but 'YYYY-MM' with a month 01–12 from 2000 on.
 * @example parsePeriod('2026-02').to // '2026-02-28'
 */
export function parsePeriod(period: string): Period {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!m || Number(m[1]) < 2000) throw new AppError('VALIDATION', `Periodo no válido: "${period}" (AAAA-MM, p. ej. 2026-03)`, { details: [{ path: 'period', message: 'formato AAAA-MM' }] });
  const year = Number(m[1]);
  const month = Number(m[2]);
  return { period, year, month, from: `${period}-01`, to: iso(new Date(Date.UTC(year, month, 0))) };
}

/** The last day of the month `n` months after the period's. */
export const monthEndAfter = (p: Period, n: number) => iso(new Date(Date.UTC(p.year, p.month + n, 0)));
