/**
 * The paymentStatus filter and sort of the lists (DESIGN.md §12) as SQL over a table's generated
 * `payment_state` and `due_date` (comprobante, received_document). The states are written as
 * literals (they come from a fixed list), so PostgreSQL can prove the open ones (PENDIENTE,
 * PARCIAL, VENCIDA) fall in the partial `…_open_due_idx` index even in a prepared statement; only
 * `today` is a parameter. VENCIDA: not PAGADA and due before today.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../core/receivables.ts';

export interface BalanceTableColumns {
  paymentState: PgColumn;
  dueDate: PgColumn;
}

/** `^(PENDIENTE|PARCIAL|PAGADA|VENCIDA)(,…)*$`: the list query's `paymentStatus` (one or several). */
export const paymentStatusPattern = `^(${PAYMENT_STATUSES.join('|')})(,(${PAYMENT_STATUSES.join('|')}))*$`;

/** The statuses of a `paymentStatus` query value, each once, in PAYMENT_STATUSES order. */
export function paymentStatusesOf(value: string): PaymentStatus[] {
  const asked = new Set(value.split(','));
  return PAYMENT_STATUSES.filter((s) => asked.has(s));
}

/**
 * Rows whose status on `today` is one of `statuses` (documents not in the books never match).
 * @param today a bound value or placeholder ('YYYY-MM-DD').
 */
export function paymentStatusCondition(t: BalanceTableColumns, statuses: readonly PaymentStatus[], today: unknown): SQL {
  const set = new Set(statuses);
  const arms: SQL[] = [];
  if (set.has('PENDIENTE') && set.has('PARCIAL') && set.has('VENCIDA')) arms.push(sql`${t.paymentState} IN ('PENDIENTE', 'PARCIAL')`);
  else {
    if (set.has('VENCIDA')) arms.push(sql`(${t.paymentState} IN ('PENDIENTE', 'PARCIAL') AND ${t.dueDate} < ${today})`);
    if (set.has('PENDIENTE')) arms.push(sql`(${t.paymentState} = 'PENDIENTE' AND ${t.dueDate} >= ${today})`);
    if (set.has('PARCIAL')) arms.push(sql`(${t.paymentState} = 'PARCIAL' AND ${t.dueDate} >= ${today})`);
  }
  if (set.has('PAGADA')) arms.push(sql`${t.paymentState} = 'PAGADA'`);
  return arms.length === 1 ? arms[0] : sql`(${sql.join(arms, sql` OR `)})`;
}

/** A sort key by urgency on `today`: VENCIDA, PENDIENTE, PARCIAL, PAGADA, then documents not in the books. */
export function paymentStatusRank(t: BalanceTableColumns, today: unknown): SQL {
  return sql`(CASE WHEN ${t.paymentState} IS NULL THEN 5 WHEN ${t.paymentState} = 'PAGADA' THEN 4 WHEN ${t.dueDate} < ${today} THEN 1 WHEN ${t.paymentState} = 'PENDIENTE' THEN 2 ELSE 3 END)`;
}

/**
 * The rows of each rank of {@link paymentStatusRank}, as conditions that each read one
 * `payment_state` value (or NULL) in the order of an index on (…, payment_state, fecha_emision DESC,
 * …): the list's sort by payment status takes the first rows of each segment from that index and
 * merges them (list-comprobantes.ts), instead of ranking every row of the company. VENCIDA is two
 * segments, one per open state. Together the segments hold every row once, each with its rank.
 * @param today a bound value or placeholder ('YYYY-MM-DD').
 * @returns [rank, condition] pairs in rank order (1 VENCIDA … 5 not in the books).
 */
export function paymentStatusSegments(t: BalanceTableColumns, today: unknown): Array<{ rank: number; condition: SQL }> {
  const notDue = sql`(${t.dueDate} >= ${today} OR ${t.dueDate} IS NULL)`;
  return [
    { rank: 1, condition: sql`${t.paymentState} = 'PENDIENTE' AND ${t.dueDate} < ${today}` },
    { rank: 1, condition: sql`${t.paymentState} = 'PARCIAL' AND ${t.dueDate} < ${today}` },
    { rank: 2, condition: sql`${t.paymentState} = 'PENDIENTE' AND ${notDue}` },
    { rank: 3, condition: sql`${t.paymentState} = 'PARCIAL' AND ${notDue}` },
    { rank: 4, condition: sql`${t.paymentState} = 'PAGADA'` },
    { rank: 5, condition: sql`${t.paymentState} IS NULL` },
  ];
}
