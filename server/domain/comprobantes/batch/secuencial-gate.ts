/**
 * The secuenciales of a batch's chunk taken together (issue 30): each draft of the chunk, issued
 * concurrently on the chunk's transaction, asks for its number when its checks have passed
 * ({@link SecuencialGate.take}); a draft refused before that says so ({@link SecuencialGate.skip}).
 * Once every draft has done one or the other, each emission point's numbers are taken with ONE
 * upsert (next_value + n, allocate-secuencial.ts's row and lock) and handed out in the chunk's
 * order: the same numbers, in the same order, as one upsert per draft would give, without the
 * chunk waiting on 50 round trips. A rollback of the chunk returns them all (no gap, no duplicate).
 * When the point runs out of its 9 digits every draft waiting is refused (AppError CONFLICT): the
 * chunk is then run again draft by draft, where only the drafts past the limit fail.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { AppError } from '../../../errors.ts';
import { MAX_SECUENCIAL } from '../allocate-secuencial.ts';

/** An emission point of the company. */
export interface EmissionPoint {
  estab: string;
  ptoEmi: string;
}

export interface SecuencialGate {
  /** The next number of `point` for draft `id`, once every draft of the chunk has asked or skipped. */
  take(id: string, point: EmissionPoint): Promise<number>;
  /** Draft `id` will not ask (refused before its secuencial, or issued meanwhile). */
  skip(id: string): void;
}

/**
 * `n` consecutive secuenciales of a point in one statement, inside the caller's transaction.
 * @returns the first (1 … 999,999,999).
 * @throws AppError CONFLICT when the last would pass 999,999,999 (the transaction must roll back).
 */
export async function allocateSecuenciales(tx: Db, p: { companyId: string; codDoc: string; estab: string; ptoEmi: string; count: number }): Promise<number> {
  const [row] = await queryRows<{ next_value: number | string }>(
    tx,
    sql`insert into secuencial_sequence (company_id, estab, pto_emi, cod_doc, next_value) values (${p.companyId}::uuid, ${p.estab}, ${p.ptoEmi}, ${p.codDoc}, ${1 + p.count}::int)
        on conflict (company_id, estab, pto_emi, cod_doc) do update set next_value = secuencial_sequence.next_value + ${p.count}::int
        returning next_value`,
  );
  const next = Number(row.next_value);
  if (next - 1 > MAX_SECUENCIAL) throw new AppError('CONFLICT', `El punto de emisión ${p.estab}-${p.ptoEmi} agotó sus secuenciales`);
  return next - p.count;
}

/** A gate for the drafts `order` (the chunk, in the batch's order) of one company and type. */
export function secuencialGate(tx: Db, p: { companyId: string; codDoc: string; order: string[] }): SecuencialGate {
  const waiting = new Map<string, EmissionPoint & { resolve(n: number): void; reject(err: unknown): void }>();
  const skipped = new Set<string>();
  let started = false;

  async function allocateAll(): Promise<void> {
    const byPoint = new Map<string, { point: EmissionPoint; ids: string[] }>();
    for (const id of p.order) {
      const w = waiting.get(id);
      if (!w) continue;
      const key = `${w.estab}-${w.ptoEmi}`;
      if (!byPoint.has(key)) byPoint.set(key, { point: { estab: w.estab, ptoEmi: w.ptoEmi }, ids: [] });
      byPoint.get(key)!.ids.push(id);
    }
    for (const { point, ids } of byPoint.values()) {
      const first = await allocateSecuenciales(tx, { companyId: p.companyId, codDoc: p.codDoc, ...point, count: ids.length });
      ids.forEach((id, i) => {
        waiting.get(id)!.resolve(first + i);
        waiting.delete(id);
      });
    }
  }

  const maybeAllocate = () => {
    if (started || waiting.size + skipped.size < p.order.length) return;
    started = true;
    allocateAll().catch((err) => {
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    });
  };

  return {
    take: (id, point) =>
      new Promise<number>((resolve, reject) => {
        waiting.set(id, { ...point, resolve, reject });
        maybeAllocate();
      }),
    skip(id) {
      skipped.add(id);
      maybeAllocate();
    },
  };
}
