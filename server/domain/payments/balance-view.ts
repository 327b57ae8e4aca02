/**
 * The balance fields every invoice, nota de débito, liquidación de compra and received document
 * shows (DESIGN.md §12): `saldo`, `paymentStatus` (VENCIDA computed for `today`), `dueDate`, and
 * what made the saldo (`amountCredited`, `amountWithheld`, `amountPaid`). A document not in the
 * books (a draft, a rejected or annulled one, a nota de crédito) shows saldo and paymentStatus null.
 * Amounts are numbers (USD, 2 places); dates 'YYYY-MM-DD'.
 */
import { paymentStatusOf, type BalanceFields } from '../../../core/receivables.ts';

export interface BalanceColumns {
  importeTotal: string;
  saldo: string | null;
  paymentState: string | null;
  dueDate: string | null;
  amountPaid: string;
  amountCredited: string;
  amountWithheld: string;
}

/** @example balanceFields(row, '2026-05-01') // { saldo: 42, paymentStatus: 'PARCIAL', dueDate: '2026-05-10', … } */
export function balanceFields(row: BalanceColumns, today: string): BalanceFields {
  const inBooks = row.paymentState !== null;
  return {
    saldo: inBooks && row.saldo !== null ? Number(row.saldo) : null,
    paymentStatus: paymentStatusOf(row.paymentState, row.dueDate, today),
    dueDate: row.dueDate,
    amountCredited: Number(row.amountCredited),
    amountWithheld: Number(row.amountWithheld),
    amountPaid: Number(row.amountPaid),
  };
}

/** JSON Schema of {@link BalanceFields}, for route responses. */
export const balanceFieldsSchema = {
  saldo: { type: ['number', 'null'] },
  paymentStatus: { type: ['string', 'null'], enum: ['PENDIENTE', 'PARCIAL', 'PAGADA', 'VENCIDA', null] },
  dueDate: { type: ['string', 'null'] },
  amountCredited: { type: 'number' },
  amountWithheld: { type: 'number' },
  amountPaid: { type: 'number' },
} as const;
