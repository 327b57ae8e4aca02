/**
 * When the monthly close is due (DESIGN.md §11), by the ninth digit of the RUC:
 * - Formulario 104 (IVA, monthly) and 103 (retenciones en la fuente): the month after the period,
 *   on day 10, 12, 14, 16, 18, 20, 22, 24, 26 or 28 for a ninth digit 1, 2, … 9, 0 (Reglamento para
 *   la aplicación de la Ley de Régimen Tributario Interno, art. 158 for IVA and art. 102 for
 *   retenciones; the same table in the SRI's "Calendario de responsabilidades tributarias").
 *   Contribuyentes especiales: day 9 whatever the digit (RLRTI as reformed 2020-08-04,
 *   NAC-DGERCGC20-00000057 art. 4, quoted in the SRI's calendar).
 * - ATS: the month after next ("mes subsiguiente"), same day table (NAC-DGERCGC12-00001;
 *   shared/sri/SRI.md "ATS").
 * A due day on a weekend or national holiday moves to the next business day, unless that day is in
 * the following month: then it moves back to the last business day of the month (the rule the SRI's
 * resolutions state, e.g. the one of December 2024 that moved the October and November IVA
 * returns to January 2025). Holidays: the fixed national ones, Carnaval and
 * Viernes Santo; holidays moved by decree and local ones are not known here. Pure; dates 'YYYY-MM-DD'.
 */

export type ObligationCode = 'FORM_104' | 'FORM_103' | 'ATS';

export type Obligation = {
  code: ObligationCode;
  /** Spanish name as the dashboard shows it. */
  label: string;
  /** The period declared, 'YYYY-MM'. */
  period: string;
  /** 'YYYY-MM-DD', after the business-day rule. */
  dueDate: string;
};

export const OBLIGATION_LABELS: Readonly<Record<ObligationCode, string>> = {
  FORM_104: 'Declaración de IVA (formulario 104)',
  FORM_103: 'Retenciones en la fuente (formulario 103)',
  ATS: 'Anexo Transaccional Simplificado (ATS)',
};

/** Due day of the month by the RUC's ninth digit (1 -> 10 … 9 -> 26, 0 -> 28). */
export const DUE_DAY_BY_NINTH_DIGIT: Readonly<Record<string, number>> = { '1': 10, '2': 12, '3': 14, '4': 16, '5': 18, '6': 20, '7': 22, '8': 24, '9': 26, '0': 28 };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** National holidays of a year: fixed dates, Carnaval (Monday and Tuesday) and Viernes Santo. */
export function nationalHolidays(year: number): Set<string> {
  const e = easter(year);
  const fixed = ['01-01', '05-01', '05-24', '08-10', '10-09', '11-02', '11-03', '12-25'].map((md) => `${year}-${md}`);
  return new Set([...fixed, iso(addDays(e, -48)), iso(addDays(e, -47)), iso(addDays(e, -2))]);
}

function isBusinessDay(d: Date): boolean {
  const dow = d.getUTCDay();
  return dow !== 0 && dow !== 6 && !nationalHolidays(d.getUTCFullYear()).has(iso(d));
}

/** The business-day rule on a due date: forward within the month, else back. */
export function businessDueDate(date: string): string {
  const start = new Date(`${date}T00:00:00Z`);
  const month = start.getUTCMonth();
  for (let d = start; d.getUTCMonth() === month; d = addDays(d, 1)) if (isBusinessDay(d)) return iso(d);
  for (let d = addDays(start, -1); ; d = addDays(d, -1)) if (isBusinessDay(d)) return iso(d);
}

/**
 * The due date of an obligation for a period.
 * @param p.ruc the company's RUC (13 digits; the ninth decides the day).
 * @param p.period 'YYYY-MM' declared.
 * @param p.contribuyenteEspecial 104 and 103 are due on day 9 for them.
 * @throws Error (Spanish) for a RUC without a ninth digit or a bad period.
 * @example dueDate({ ruc: '1790012345001', code: 'FORM_104', period: '2026-03' }) // '2026-04-16' (ninth digit 4)
 */
export function dueDate(p: { ruc: string; code: ObligationCode; period: string; contribuyenteEspecial?: boolean }): string {
  const digit = /^\d{13}$/.test(p.ruc) ? p.ruc[8] : undefined;
  if (!digit) throw new Error(`El RUC "${p.ruc}" no tiene 13 dígitos: no se puede calcular el vencimiento`);
  const m = /^(\d{4})-(\d{2})$/.exec(p.period);
  if (!m) throw new Error(`Periodo no válido: "${p.period}" (AAAA-MM)`);
  const monthsAfter = p.code === 'ATS' ? 2 : 1;
  const first = utc(Number(m[1]), Number(m[2]) + monthsAfter, 1);
  const day = p.contribuyenteEspecial && p.code !== 'ATS' ? 9 : DUE_DAY_BY_NINTH_DIGIT[digit];
  return businessDueDate(iso(utc(first.getUTCFullYear(), first.getUTCMonth() + 1, day)));
}

/** 'YYYY-MM' of `date` plus `n` months. */
export function periodOf(date: string, n = 0): string {
  const d = utc(Number(date.slice(0, 4)), Number(date.slice(5, 7)) + n, 1);
  return iso(d).slice(0, 7);
}

/**
 * The obligations still to file from `today` on, soonest first: the 104 and 103 of last month and
 * the ATS of the month before it (or, once their dates pass, the next ones).
 * @example nextObligations({ ruc: '1790012345001', today: '2026-04-02' })[0] // { code: 'FORM_104', period: '2026-03', dueDate: '2026-04-16', … }
 */
export function nextObligations(p: { ruc: string; today: string; contribuyenteEspecial?: boolean }): Obligation[] {
  const out: Obligation[] = [];
  for (const code of ['FORM_104', 'FORM_103', 'ATS'] as const) {
    const lag = code === 'ATS' ? 2 : 1;
    for (let k = 0; k < 3; k++) {
      const period = periodOf(p.today, k - lag);
      const due = dueDate({ ruc: p.ruc, code, period, contribuyenteEspecial: p.contribuyenteEspecial });
      if (due >= p.today) {
        out.push({ code, label: OBLIGATION_LABELS[code], period, dueDate: due });
        break;
      }
    }
  }
  const order: ObligationCode[] = ['FORM_104', 'FORM_103', 'ATS'];
  return out.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || order.indexOf(a.code) - order.indexOf(b.code));
}
