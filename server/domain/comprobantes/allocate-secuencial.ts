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
import { preparedShape, runPrepared, type PreparedShape } from '../../db/prepared-query.ts';
import type { Db } from '../../db/client.ts';
import { sequences } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';

export const MAX_SECUENCIAL = 999_999_999;

let upsertShape: PreparedShape<number> | undefined;

/** The upsert, built once (db/prepared-query.ts): issuing runs it per invoice. @returns next_value after it. */
function upsertSequenceShape(db: Db): PreparedShape<number> {
  upsertShape ??= preparedShape(
    db
      .insert(sequences)
      .values({ companyId: sql.placeholder('companyId'), estab: sql.placeholder('estab'), ptoEmi: sql.placeholder('ptoEmi'), codDoc: sql.placeholder('codDoc'), nextValue: 2 })
      .onConflictDoUpdate({ target: [sequences.companyId, sequences.estab, sequences.ptoEmi, sequences.codDoc], set: { nextValue: sql`${sequences.nextValue} + 1` } })
      .returning({ nextValue: sequences.nextValue })
      .toSQL(),
    (rows) => Number(rows[0][0]),
  );
  return upsertShape;
}

export async function allocateSecuencial(tx: Db, p: { companyId: string; estab: string; ptoEmi: string; codDoc: string }): Promise<number> {
  return secuencialFrom(await runPrepared(tx, upsertSequenceShape(tx), p), p);
}

/**
 * The secuencial taken by an upsert of the sequence row that returned `nextValue` (this module's,
 * or the one issue-comprobante.ts runs with the draft's load).
 * @throws AppError CONFLICT when the emission point has used all 9 digits (roll back).
 */
export function secuencialFrom(nextValue: number, p: { estab: string; ptoEmi: string }): number {
  const secuencial = nextValue - 1;
  if (secuencial > MAX_SECUENCIAL) throw new AppError('CONFLICT', `El punto de emisión ${p.estab}-${p.ptoEmi} agotó sus secuenciales`);
  return secuencial;
}
