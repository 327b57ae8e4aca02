/**
 * Ecuador's national days of rest, as the days people actually rest (after the moves the law
 * makes), and business-day arithmetic over them. Used for SRI deadlines that move "to the next
 * business day" (anulación: Res. NAC-DGERCGC25-00000017 art. 3) and windows counted in business days
 * (the receiver's 5 days to accept an anulación). Dates 'YYYY-MM-DD', America/Guayaquil calendar.
 *
 * The rule (Ley Orgánica Reformatoria a la LOSEP y al Código del Trabajo, RO Supl. 906 of
 * 2016-12-20; Código del Trabajo art. 65): 1 Jan, Carnaval (Monday and Tuesday), Viernes Santo,
 * 1 May, 24 May, 10 Aug, 9 Oct, 2 Nov, 3 Nov, 25 Dec. A holiday on a Saturday rests the Friday
 * before, on a Sunday the Monday after; on a Tuesday the Monday before, on a Wednesday or Thursday
 * the Friday after; 1 Jan, 25 Dec and Carnaval Tuesday keep their weekday date. The President may
 * add days by decree (2025: 2-3 Jan, 31 Oct). Only the listed years are known exactly: a year not
 * listed falls back to the law's rule computed here (decreed days unknown), and `HOLIDAYS_KNOWN_UNTIL`
 * says until when the data holds. Add a year to {@link HOLIDAYS} when the government publishes it.
 */

export interface Holiday {
  /** The day of rest. */
  date: string;
  name: string;
  /** The date it commemorates, when the rest was moved to another day. */
  movedFrom?: string;
  /** Where it was read (the published calendar or a decree, as quoted by the press). */
  source: string;
}

const MINTUR_2025 = 'Calendario de feriados 2025 del Ministerio de Turismo (El Comercio, "¿Cuántos feriados habrá en Ecuador en 2025?", ene-2025)';
const DECREE_2025_JAN = 'Decreto del Presidente Daniel Noboa: 2 y 3 de enero de 2025 feriados nacionales (Notiamazonía, "Listo calendario de feriados en Ecuador para 2025")';
const DECREE_2025_OCT = 'Decreto del Presidente Daniel Noboa: 31 de octubre de 2025 descanso obligatorio (El Universo, "¿Es recuperable el feriado del 31 de octubre?")';
const VMT_2026 = 'Calendario oficial 2026–2030 del Viceministerio de Turismo, publicado el 1-sep-2025 (Expreso, Ecuavisa); fechas de 2026 según Teleamazonas, 12-ene-2026';
const RULE_2027 = 'Regla de traslado de la Ley de feriados (2016) aplicada por Emite; el calendario oficial 2027 (Viceministerio de Turismo, 1-sep-2025) se publicó como imagen y no se leyó: verificar';

/** The days of rest of the years Emite knows, with their source. */
export const HOLIDAYS: readonly Holiday[] = [
  { date: '2025-01-01', name: 'Año Nuevo', source: MINTUR_2025 },
  { date: '2025-01-02', name: 'Feriado decretado (Año Nuevo)', source: DECREE_2025_JAN },
  { date: '2025-01-03', name: 'Feriado decretado (Año Nuevo)', source: DECREE_2025_JAN },
  { date: '2025-03-03', name: 'Carnaval', source: MINTUR_2025 },
  { date: '2025-03-04', name: 'Carnaval', source: MINTUR_2025 },
  { date: '2025-04-18', name: 'Viernes Santo', source: MINTUR_2025 },
  { date: '2025-05-02', name: 'Día del Trabajo', movedFrom: '2025-05-01', source: MINTUR_2025 },
  { date: '2025-05-23', name: 'Batalla de Pichincha', movedFrom: '2025-05-24', source: MINTUR_2025 },
  { date: '2025-08-11', name: 'Primer Grito de Independencia', movedFrom: '2025-08-10', source: MINTUR_2025 },
  { date: '2025-10-10', name: 'Independencia de Guayaquil', movedFrom: '2025-10-09', source: MINTUR_2025 },
  { date: '2025-10-31', name: 'Descanso obligatorio decretado', source: DECREE_2025_OCT },
  { date: '2025-11-03', name: 'Independencia de Cuenca', source: MINTUR_2025 },
  { date: '2025-11-04', name: 'Día de los Difuntos', movedFrom: '2025-11-02', source: MINTUR_2025 },
  { date: '2025-12-25', name: 'Navidad', source: MINTUR_2025 },
  // 2026-01-02 was a "jornada recuperable" (worked back later): not a holiday for deadlines.
  { date: '2026-01-01', name: 'Año Nuevo', source: VMT_2026 },
  { date: '2026-02-16', name: 'Carnaval', source: VMT_2026 },
  { date: '2026-02-17', name: 'Carnaval', source: VMT_2026 },
  { date: '2026-04-03', name: 'Viernes Santo', source: VMT_2026 },
  { date: '2026-05-01', name: 'Día del Trabajo', source: VMT_2026 },
  { date: '2026-05-25', name: 'Batalla de Pichincha', movedFrom: '2026-05-24', source: VMT_2026 },
  { date: '2026-08-10', name: 'Primer Grito de Independencia', source: VMT_2026 },
  { date: '2026-10-09', name: 'Independencia de Guayaquil', source: VMT_2026 },
  { date: '2026-11-02', name: 'Día de los Difuntos', source: VMT_2026 },
  { date: '2026-11-03', name: 'Independencia de Cuenca', source: VMT_2026 },
  { date: '2026-12-25', name: 'Navidad', source: VMT_2026 },
  { date: '2027-01-01', name: 'Año Nuevo', source: RULE_2027 },
  { date: '2027-02-08', name: 'Carnaval', source: RULE_2027 },
  { date: '2027-02-09', name: 'Carnaval', source: RULE_2027 },
  { date: '2027-03-26', name: 'Viernes Santo', source: RULE_2027 },
  { date: '2027-04-30', name: 'Día del Trabajo', movedFrom: '2027-05-01', source: RULE_2027 },
  { date: '2027-05-24', name: 'Batalla de Pichincha', source: RULE_2027 },
  { date: '2027-08-09', name: 'Primer Grito de Independencia', movedFrom: '2027-08-10', source: RULE_2027 },
  { date: '2027-10-08', name: 'Independencia de Guayaquil', movedFrom: '2027-10-09', source: RULE_2027 },
  { date: '2027-11-01', name: 'Día de los Difuntos', movedFrom: '2027-11-02', source: RULE_2027 },
  { date: '2027-11-05', name: 'Independencia de Cuenca', movedFrom: '2027-11-03', source: RULE_2027 },
  { date: '2027-12-24', name: 'Navidad', movedFrom: '2027-12-25', source: RULE_2027 },
  { date: '2027-12-31', name: 'Año Nuevo 2028', movedFrom: '2028-01-01', source: RULE_2027 },
];

/** The last year {@link HOLIDAYS} lists. */
export const HOLIDAYS_KNOWN_UNTIL = 2027;

const DAY_MS = 86_400_000;
const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** `date` plus `n` calendar days. @example addDays('2026-02-27', 2) // '2026-03-01' */
export function addDays(date: string, n: number): string {
  return iso(new Date(toUtc(date).getTime() + n * DAY_MS));
}

/** 0 Sunday … 6 Saturday. */
const weekday = (date: string) => toUtc(date).getUTCDay();

/** Easter Sunday of a year (Gregorian; anonymous algorithm, Meeus). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The law's move of one holiday (see the module comment): Saturday -> Friday before, Sunday ->
 * Monday after; for the movable ones Tuesday -> Monday, Wednesday/Thursday -> Friday.
 */
function moved(date: string, movable: boolean): string {
  const dow = weekday(date);
  if (dow === 6) return addDays(date, -1);
  if (dow === 0) return addDays(date, 1);
  if (!movable) return date;
  if (dow === 2) return addDays(date, -1);
  if (dow === 3) return addDays(date, 2);
  if (dow === 4) return addDays(date, 1);
  return date;
}

/** A year not in {@link HOLIDAYS}: the law's holidays and moves, no decreed days. */
function ruleHolidays(year: number): string[] {
  const e = easter(year);
  const fixed = (md: string, movable = true) => moved(`${year}-${md}`, movable);
  return [fixed('01-01', false), addDays(e, -48), addDays(e, -47), addDays(e, -2), fixed('05-01'), fixed('05-24'), fixed('08-10'), fixed('10-09'), fixed('11-02'), fixed('11-03'), fixed('12-25', false)];
}

const listedYears = new Set(HOLIDAYS.map((h) => Number(h.date.slice(0, 4))));
const byYear = new Map<number, Set<string>>();

/** The days of rest of a year ('YYYY-MM-DD'): the listed ones, or the law's rule for another year (which may include 31 Dec of the year before). */
export function holidaysOf(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Set(listedYears.has(year) ? HOLIDAYS.filter((h) => h.date.startsWith(`${year}-`)).map((h) => h.date) : ruleHolidays(year));
    byYear.set(year, days);
  }
  return days;
}

/** Whether `date` is a working day: Monday to Friday and not a national day of rest. */
export function isBusinessDay(date: string): boolean {
  const dow = weekday(date);
  const year = Number(date.slice(0, 4));
  // A 1 January on a Saturday rests the 31 December before: it sits in the next year's rule set.
  return dow !== 0 && dow !== 6 && !holidaysOf(year).has(date) && !holidaysOf(year + 1).has(date);
}

/** `date` itself when it is a business day, else the next one. @example nextBusinessDay('2026-02-07') // '2026-02-09' */
export function nextBusinessDay(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/**
 * The `n`-th business day after `date` (not counting `date` itself), n ≥ 1.
 * @example addBusinessDays('2026-02-13', 5) // '2026-02-24' (16 and 17 Feb are Carnaval)
 */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}
