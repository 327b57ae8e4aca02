/**
 * Receivables and payables rules (DESIGN.md §12), shared by the server (views, statement, aging) and
 * the SPA (badges, the payment form's limit). Pure: no I/O. Money with decimal.js as 2-place strings
 * (USD); dates 'YYYY-MM-DD' (America/Guayaquil calendar dates).
 *
 * The database keeps the same figures on each row (migration "receivables": `paid`, `credited`,
 * `withheld`, the generated `saldo`, `payment_state` and `due_date`), so lists filter and sort in
 * SQL; these functions are the rule those columns follow, and the unit tests pin it.
 *
 * - saldo = importeTotal − authorised notas de crédito − retenciones − payments, never below 0.
 * - state without the calendar: PAGADA when nothing is left; PARCIAL when money came in (payments
 *   or retenciones) and something is left; PENDIENTE otherwise. A nota de crédito lowers what is
 *   owed but is not a collection, so alone it leaves the document PENDIENTE.
 * - VENCIDA: not PAGADA and today is after the due date.
 * - due date: the latest of fechaEmision + plazo unidadTiempo over the document's pagos (SRI ficha
 *   técnica, factura `pagos/pago`: plazo is a number and unidadTiempo free text such as "dias" or
 *   "meses"); without a plazo, the emission date.
 */
import Decimal from 'decimal.js';
import { foldText } from './fold-text.ts';

/** The payment status of a document in the books (API `paymentStatus`). */
export const PAYMENT_STATUSES = ['PENDIENTE', 'PARCIAL', 'PAGADA', 'VENCIDA'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What is owed on a document as the API shows it (server/domain/payments/balance-view.ts): saldo
 * and paymentStatus null when it is not in the books; amounts USD with 2 places; dueDate 'YYYY-MM-DD'.
 */
export interface BalanceFields {
  saldo: number | null;
  paymentStatus: PaymentStatus | null;
  dueDate: string | null;
  amountCredited: number;
  amountWithheld: number;
  amountPaid: number;
}

/** What the row stores: the status before the calendar is looked at. */
export type PaymentState = Exclude<PaymentStatus, 'VENCIDA'>;

/** Spanish label and Chakra colour palette of each payment status (badges, filters, reports). */
export const PAYMENT_STATUS_DISPLAY: Readonly<Record<PaymentStatus, { label: string; color: string }>> = {
  PENDIENTE: { label: 'Pendiente', color: 'yellow' },
  PARCIAL: { label: 'Parcial', color: 'blue' },
  PAGADA: { label: 'Pagada', color: 'green' },
  VENCIDA: { label: 'Vencida', color: 'red' },
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** The amounts that make a balance, USD (numbers or decimal strings). */
export interface BalanceParts {
  importeTotal: string | number;
  /** Authorised notas de crédito on the document. */
  credited: string | number;
  /** Retenciones: received on a sale, issued on a purchase. */
  withheld: string | number;
  /** Payments recorded. */
  paid: string | number;
}

const dec = (v: string | number) => new Decimal(v || 0);

/**
 * What is still owed, never below 0.
 * @example saldoOf({ importeTotal: '115.00', credited: '23.00', withheld: 0, paid: '50' }) // '42.00'
 */
export function saldoOf(p: BalanceParts): string {
  return Decimal.max(0, dec(p.importeTotal).minus(dec(p.credited)).minus(dec(p.withheld)).minus(dec(p.paid))).toFixed(2);
}

/** PENDIENTE, PARCIAL or PAGADA (the calendar aside). @example paymentStateOf({ importeTotal: 115, credited: 23, withheld: 0, paid: 92 }) // 'PAGADA' */
export function paymentStateOf(p: BalanceParts): PaymentState {
  if (new Decimal(saldoOf(p)).isZero()) return 'PAGADA';
  return dec(p.paid).plus(dec(p.withheld)).greaterThan(0) ? 'PARCIAL' : 'PENDIENTE';
}

/**
 * The status shown on `today`: VENCIDA when the document is not PAGADA and `today` is after its
 * due date. A null state (a draft, an annulled or a rejected document) stays null.
 * @example paymentStatusOf('PARCIAL', '2026-03-31', '2026-04-01') // 'VENCIDA'
 */
export function paymentStatusOf(state: string | null, dueDate: string | null, today: string): PaymentStatus | null {
  if (!state || !isPaymentStatus(state)) return null;
  if (state !== 'PAGADA' && dueDate !== null && dueDate < today) return 'VENCIDA';
  return state;
}

/** A pago as the comprobante stores it (plazo a number or numeric text, unidadTiempo free text). */
export interface PagoTerm {
  plazo?: string | number | null;
  unidadTiempo?: string | null;
}

type Unit = 'days' | 'weeks' | 'months' | 'years';

/**
 * The unit of an SRI pago's free-text unidadTiempo: "dias", "días", "meses", "mes", "años",
 * "semanas"; anything else (or none) counts as days, the SRI's usual unit.
 */
export function termUnit(unidadTiempo: string | null | undefined): Unit {
  const u = foldText(unidadTiempo ?? '').trim();
  if (u.startsWith('mes')) return 'months';
  if (/^a[nñ]o/.test(u) || u.startsWith('anio')) return 'years';
  if (u.startsWith('sem')) return 'weeks';
  return 'days';
}

/** 'YYYY-MM-DD' plus `months` calendar months; a day the target month lacks is its last day (31 Jan + 1 month = 28/29 Feb), as PostgreSQL's date + interval does. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' plus `days` days. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A plazo as a whole number of units, or 0 when it is missing or not a whole number (up to 5 digits). */
function plazoOf(plazo: PagoTerm['plazo']): number {
  const text = plazo === null || plazo === undefined ? '' : String(plazo).trim();
  return /^\d{1,5}$/.test(text) ? Number(text) : 0;
}

/**
 * The due date: the latest fechaEmision + plazo over the pagos, else fechaEmision.
 * @example dueDateOf('2026-01-31', [{ plazo: 1, unidadTiempo: 'meses' }]) // '2026-02-28'
 * @example dueDateOf('2026-03-10', [{ plazo: 30, unidadTiempo: 'dias' }, { plazo: 60, unidadTiempo: 'días' }]) // '2026-05-09'
 */
export function dueDateOf(fechaEmision: string, pagos: readonly PagoTerm[] | null | undefined): string {
  let due = fechaEmision;
  for (const p of pagos ?? []) {
    const n = plazoOf(p.plazo);
    const unit = termUnit(p.unidadTiempo);
    const date = unit === 'months' ? addMonths(fechaEmision, n) : unit === 'years' ? addMonths(fechaEmision, 12 * n) : addDays(fechaEmision, unit === 'weeks' ? 7 * n : n);
    if (date > due) due = date;
  }
  return due;
}

/** The aging buckets of a receivables or payables report, in order (days past the due date). */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Al día', from: -Infinity, to: 0 },
  { key: 'd1_30', label: '1–30 días', from: 1, to: 30 },
  { key: 'd31_60', label: '31–60 días', from: 31, to: 60 },
  { key: 'd61_90', label: '61–90 días', from: 61, to: 90 },
  { key: 'over90', label: 'Más de 90 días', from: 91, to: Infinity },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];

/** Whole days from the due date to `asOf` (negative or 0 while not yet due). */
export function daysOverdue(dueDate: string, asOf: string): number {
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * The bucket of a balance due on `dueDate`, seen on `asOf`: 'current' up to and on the due date,
 * then by whole days past it.
 * @example agingBucketOf('2026-01-31', '2026-03-02') // 'd1_30' (30 days in a non-leap February)
 */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  const days = daysOverdue(dueDate, asOf);
  return AGING_BUCKETS.find((b) => days >= b.from && days <= b.to)!.key;
}
