/**
 * The month a close screen shows, kept in the URL (`?period=YYYY-MM`) so the ATS, the forms and the
 * archive open on the same month and a link can be shared; by default the month before this one
 * (the one being declared), in Ecuador's calendar.
 * @example const [period, setPeriod] = usePeriod();
 */
import { useSearchParams } from 'react-router-dom';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { periodOf } from '../../../core/tax-calendar.ts';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export function usePeriod(): [string, (period: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? '';
  const period = PERIOD.test(asked) ? asked : periodOf(guayaquilDate(new Date()), -1);
  const set = (next: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('period', next);
        return p;
      },
      { replace: true },
    );
  return [period, set];
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** '2026-03' -> 'marzo de 2026'. */
export const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} de ${period.slice(0, 4)}`;
