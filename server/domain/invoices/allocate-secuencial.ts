/**
 * The next secuencial for (company, estab, ptoEmi, codDoc), taken inside the caller's transaction
 * with the sequence row locked FOR UPDATE: concurrent issues queue on the row, a rollback returns
 * the number, so there are no gaps and no duplicates (DESIGN.md §5). The row is created on first
 * use; ON CONFLICT DO NOTHING makes the creation race-free.
 * @returns the secuencial (1 … 999,999,999).
 * @throws AppError CONFLICT when the emission point has used all 9 digits.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sequences } from '../../db/schema/index-tables.ts';
import { AppError } from '../../errors.ts';

export async function allocateSecuencial(tx: Db, p: { companyId: string; estab: string; ptoEmi: string; codDoc: string }): Promise<number> {
  await tx.insert(sequences).values({ ...p, nextValue: 1 }).onConflictDoNothing();
  const where = and(eq(sequences.companyId, p.companyId), eq(sequences.estab, p.estab), eq(sequences.ptoEmi, p.ptoEmi), eq(sequences.codDoc, p.codDoc));
  const [row] = await tx.select({ nextValue: sequences.nextValue }).from(sequences).where(where).for('update');
  if (row.nextValue > 999_999_999) throw new AppError('CONFLICT', `El punto de emisión ${p.estab}-${p.ptoEmi} agotó sus secuenciales`);
  await tx.update(sequences).set({ nextValue: sql`${sequences.nextValue} + 1` }).where(where);
  return row.nextValue;
}
