/**
 * The next secuencial for (company, estab, ptoEmi, codDoc), taken inside the caller's transaction
 * (DESIGN.md §5): one upsert creates the sequence row on first use or increments it, and returns
 * the number taken. The row stays locked until the caller commits, so concurrent issues queue on
 * it; a rollback returns the number. No gaps, no duplicates.
 *
 * One statement rather than insert / select … for update / update: the row lock is held until
 * commit, so every round trip after it lengthens the queue of every other issue on that emission
 * point (bench/issue.ts).
 * @returns the secuencial (1 … 999,999,999).
 * @throws AppError CONFLICT when the emission point has used all 9 digits (SRI ficha técnica:
 *   secuencial is 9 digits); the transaction must then roll back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sequences } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';

export const MAX_SECUENCIAL = 999_999_999;

export async function allocateSecuencial(tx: Db, p: { companyId: string; estab: string; ptoEmi: string; codDoc: string }): Promise<number> {
  const [row] = await tx
    .insert(sequences)
    .values({ ...p, nextValue: 2 })
    .onConflictDoUpdate({ target: [sequences.companyId, sequences.estab, sequences.ptoEmi, sequences.codDoc], set: { nextValue: sql`${sequences.nextValue} + 1` } })
    .returning({ nextValue: sequences.nextValue });
  const secuencial = row.nextValue - 1;
  if (secuencial > MAX_SECUENCIAL) throw new AppError('CONFLICT', `El punto de emisión ${p.estab}-${p.ptoEmi} agotó sus secuenciales`);
  return secuencial;
}
