/**
 * Withholding rates as data with validity dates (DESIGN.md §8; shared/sri/SRI.md "Comprobante de
 * retención"): the catalog tables `retencion_renta` and `retencion_iva` keep, per code, the history
 * of its percentage in `data.rates`, because the SRI changes them by resolution (e.g. renta 312
 * went from 1.75 % to 2 % on 2026-03-01, resolución NAC-DGERCGC26-00000009). The rate that applies
 * is the one in force on the retención's fechaEmision. Pure; shared by the server (defaults,
 * checks) and the SPA (code pickers showing the % in force, live valorRetenido).
 */
import Decimal from 'decimal.js';

/** One period of a code's percentage. Dates are 'YYYY-MM-DD', both ends included; absent = open. */
export interface WithholdingRate {
  /** Percent of the base withheld (e.g. 1.75 = 1.75 %). */
  percent: number;
  validFrom?: string;
  validTo?: string;
}

/** A catalog entry of `retencion_renta` / `retencion_iva` as the catalog API returns it. */
export interface WithholdingRateEntry {
  code: string;
  name?: string;
  data?: { rates?: WithholdingRate[] } & Record<string, unknown>;
}

/** retencion `codigo` (SRI): 1 renta, 2 IVA (6 ISD is not offered) -> its catalog table. */
export const WITHHOLDING_CATALOG: Readonly<Record<'1' | '2', 'retencion_renta' | 'retencion_iva'>> = { '1': 'retencion_renta', '2': 'retencion_iva' };

const sriDate = (iso: string) => iso.split('-').reverse().join('/');

/** The period of `entry` in force on `date` ('YYYY-MM-DD'), or undefined. */
export function rateEntryInForce(entry: WithholdingRateEntry, date: string): WithholdingRate | undefined {
  return (entry.data?.rates ?? []).find((r) => (!r.validFrom || r.validFrom <= date) && (!r.validTo || date <= r.validTo));
}

/**
 * The percent in force for a withholding code on a date.
 * @param date 'YYYY-MM-DD' (the retención's fechaEmision).
 * @returns percent, e.g. 2 for 2 %.
 * @throws Error (Spanish) when no period of the code covers the date.
 * @example rateInForce({ code: '312', data: { rates: [{ percent: 1.75, validTo: '2026-02-28' }, { percent: 2, validFrom: '2026-03-01' }] } }, '2026-11-24') // 2
 */
export function rateInForce(entry: WithholdingRateEntry, date: string): number {
  const rate = rateEntryInForce(entry, date);
  if (!rate) throw new Error(`El código de retención ${entry.code} no tiene un porcentaje vigente al ${sriDate(date)}; indique porcentajeRetener o actualice el catálogo`);
  return Number(rate.percent);
}

/**
 * valorRetenido = base × percent / 100, half-up to cents (SRI: ±0.01 tolerated), decimal arithmetic.
 * @param base USD; @param percent e.g. 1.75. @returns a 2-decimal string ("17.50").
 * @example valorRetenido(1000, 1.75) // '17.50'
 */
export function valorRetenido(base: string | number, percent: string | number): string {
  return new Decimal(base).times(new Decimal(percent)).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Days from the supporting document's date to the retención's (both 'YYYY-MM-DD'). */
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** LRTI art. 50: the retención is delivered within 5 days of receiving the comprobante de venta. */
export const WITHHOLDING_DAYS = 5;

/**
 * The warning (not an error) when fechaEmision is more than 5 days after the docSustento's date,
 * or null. Both dates 'YYYY-MM-DD'.
 */
export function lateWithholdingWarning(fechaEmisionDocSustento: string, fechaEmision: string): string | null {
  const n = days(fechaEmisionDocSustento, fechaEmision);
  return n > WITHHOLDING_DAYS ? `Han pasado ${n} días desde la emisión del comprobante de venta (${sriDate(fechaEmisionDocSustento)}); la retención se entrega dentro de ${WITHHOLDING_DAYS} días (LRTI art. 50)` : null;
}
