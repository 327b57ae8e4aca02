/**
 * The batch's secuencial gate (server/domain/comprobantes/batch/secuencial-gate.ts): drafts that ask
 * in any order get their point's numbers in the chunk's order, one statement per point, only once
 * every draft has asked or skipped; a point past 9 digits refuses its drafts.
 */
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { secuencialGate } from '../../../server/domain/comprobantes/batch/secuencial-gate.ts';
import type { Db } from '../../../server/db/client.ts';

/** A transaction double: each upsert adds its count to the point's next value, as the SQL does. */
function fakeTx(start: Record<string, number>) {
  const dialect = new PgDialect();
  const statements: unknown[][] = [];
  const next = { ...start };
  const tx = {
    async execute(query: SQL) {
      const { params } = dialect.sqlToQuery(query);
      statements.push(params);
      const [, estab, ptoEmi, , , count] = params as [string, string, string, string, number, number];
      const key = `${estab}-${ptoEmi}`;
      next[key] = (next[key] ?? 1) + Number(count);
      return { rows: [{ next_value: next[key] }] };
    },
  };
  return { tx: tx as unknown as Db, statements };
}

describe('secuencialGate', () => {
  it('hands out each point’s numbers in the chunk’s order once every draft asked or skipped, one statement per point', async () => {
    const { tx, statements } = fakeTx({ '001-001': 10 });
    const gate = secuencialGate(tx, { companyId: 'c', codDoc: '01', order: ['a', 'b', 'c', 'd', 'e'] });
    const got: Record<string, number> = {};
    const asks = [
      gate.take('d', { estab: '001', ptoEmi: '001' }).then((n) => (got.d = n)),
      gate.take('b', { estab: '001', ptoEmi: '002' }).then((n) => (got.b = n)),
      gate.take('a', { estab: '001', ptoEmi: '001' }).then((n) => (got.a = n)),
    ];
    await new Promise((r) => setTimeout(r, 5));
    expect(statements).toHaveLength(0); // c and e have not said yet
    gate.skip('c');
    const e = gate.take('e', { estab: '001', ptoEmi: '001' }).then((n) => (got.e = n));
    await Promise.all([...asks, e]);
    expect(got).toEqual({ a: 10, d: 11, e: 12, b: 1 });
    expect(statements).toHaveLength(2);
  });

  it('refuses the drafts of a point past 999,999,999', async () => {
    const { tx } = fakeTx({ '001-001': 999_999_999 });
    const gate = secuencialGate(tx, { companyId: 'c', codDoc: '01', order: ['a', 'b'] });
    const a = gate.take('a', { estab: '001', ptoEmi: '001' });
    const b = gate.take('b', { estab: '001', ptoEmi: '001' });
    await expect(a).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(b).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
