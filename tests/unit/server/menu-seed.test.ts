/**
 * The sidebar's comprobante rows are built from each registered type's `meta.menu` (issue 29: a new
 * type touches no menu file). runSeeds upserts the menu by id at every start, so the six shipped
 * types must keep exactly the rows that existing databases and the E2E suite know: they are written
 * out literally below, as they stood in server/db/seed/menu.ts before.
 */
import { describe, expect, it } from 'vitest';
import { COMPROBANTE_TYPE_META } from '../../../core/comprobante-types.ts';
import { comprobanteMenuRows, MENU_SEED } from '../../../server/db/seed/menu.ts';

const PREVIOUS_ROWS = [
  { id: 'invoicing.invoice', parentId: 'invoicing', path: 'invoice', title: 'Facturas', ab: 'F', resource: 'invoice', position: 21 },
  { id: 'invoicing.credit-note', parentId: 'invoicing', path: 'credit-note', title: 'Notas de crédito', ab: 'NC', resource: 'invoice', position: 22 },
  { id: 'invoicing.debit-note', parentId: 'invoicing', path: 'debit-note', title: 'Notas de débito', ab: 'ND', resource: 'invoice', position: 23 },
  { id: 'invoicing.waybill', parentId: 'invoicing', path: 'waybill', title: 'Guías de remisión', ab: 'GR', resource: 'invoice', position: 29 },
  { id: 'purchases.withholding', parentId: 'purchases', path: 'withholding', title: 'Retenciones', ab: 'RT', resource: 'purchase', position: 42 },
  { id: 'purchases.purchase-settlement', parentId: 'purchases', path: 'purchase-settlement', title: 'Liquidaciones de compra', ab: 'LC', resource: 'purchase', position: 43 },
];

const byId = (rows: readonly { id: string }[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe('the menu seed builds the comprobantes from their types', () => {
  it('the six shipped types keep their rows (id, path, title, ab, permission, position)', () => {
    const comprobanteIds = new Set(PREVIOUS_ROWS.map((r) => r.id));
    expect(byId(MENU_SEED.filter((r) => comprobanteIds.has(r.id)))).toEqual(byId(PREVIOUS_ROWS));
  });

  it('a new registered type gets its row from meta.menu, guarded by its permission', () => {
    const meta = { ...COMPROBANTE_TYPE_META['05'], resource: 'test-note', menu: { group: 'purchases' as const, title: 'Notas de prueba', ab: 'NP', position: 45 } };
    expect(comprobanteMenuRows([{ meta, permission: 'purchase' }])).toEqual([
      { id: 'purchases.test-note', parentId: 'purchases', path: 'test-note', title: 'Notas de prueba', ab: 'NP', resource: 'purchase', position: 45 },
    ]);
  });

  it('ids are unique, every entry sits in a group that exists, and no two entries of a group share a position', () => {
    expect(new Set(MENU_SEED.map((r) => r.id)).size).toBe(MENU_SEED.length);
    const groups = new Set(MENU_SEED.filter((r) => r.type === 'sub').map((r) => r.id));
    for (const row of MENU_SEED.filter((r) => r.parentId)) expect(groups, row.id).toContain(row.parentId);
    const places = MENU_SEED.map((r) => `${r.parentId ?? ''}@${r.position}`);
    expect(places.filter((p, i) => places.indexOf(p) !== i)).toEqual([]);
  });
});
