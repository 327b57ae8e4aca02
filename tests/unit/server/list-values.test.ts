/**
 * The prepared list statement's values (server/domain/comprobantes/list-comprobantes.ts): each
 * request fills its shape's placeholders with `listValues`, computed without building the SQL.
 * Every placeholder the statement names must get the very value listParts binds to it while
 * building the statement; a wrong or missing one would list another page, status or company.
 */
import { describe, expect, it } from 'vitest';
import { listValues, listValuesFromParts, type ComprobanteListQuery, type ListParams } from '../../../server/domain/comprobantes/list-comprobantes.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const queries: ComprobanteListQuery[] = [
  {},
  { page: 3, per_page: 50 },
  { status: 'AUTORIZADA' },
  { status: 'AUTORIZADA,DEVUELTA,BORRADOR', from: '2026-01-01', to: '2026-06-30' },
  { customer: '22222222-2222-4222-8222-222222222222', invoice: '33333333-3333-4333-8333-333333333333' },
  { q: 'Comercial 50% a_b' },
  { q: ' 123 ' },
  { q: '001-002-000000123', page: 2 },
  { paymentStatus: 'VENCIDA', sort: 'dueDate' },
  { paymentStatus: 'PENDIENTE,PARCIAL', sort: '-saldo', page: 4, per_page: 10 },
  { sort: 'paymentStatus', page: 2 },
  { sort: '-paymentStatus', paymentStatus: 'PAGADA', q: 'x' },
  { sort: '-fechaEmision', q: '7', status: 'ANULADA' },
];
const variants: Array<Omit<ListParams, 'companyId' | 'query'>> = [
  {},
  { codDoc: '04', today: '2026-11-22' },
  { scope: [{ estab: '001' }, { estab: '002', ptoEmi: '003' }], extra: [{ field: 'vendedor', value: 'Ana' }, { field: 'zona', value: 'sur' }] },
  { scope: [{ estab: '005', ptoEmi: '001' }], today: '2026-02-28', codDoc: '05' },
];

describe('listValues', () => {
  it.each(queries.flatMap((query) => variants.map((v) => [JSON.stringify({ query, ...v }), { companyId: COMPANY, query, ...v }] as const)))('binds what listParts binds: %s', (_label, p) => {
    const expected = listValuesFromParts(p);
    const actual = listValues(p);
    // Every placeholder listParts names gets its value (a name only listValues sets is never read).
    for (const [name, value] of Object.entries(expected)) expect(actual[name], name).toStrictEqual(value);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(4);
  });

  it('binds today (Guayaquil) when asked for payment status without a day', () => {
    const p = { companyId: COMPANY, query: { paymentStatus: 'VENCIDA' } };
    expect(listValues(p).today).toBe(listValuesFromParts(p).today);
  });
});
