/**
 * Issue 28, pure parts: which columns a list row's phone card shows, money inputs written as money
 * ("18.50"), a bad line flagged on its own while the valid lines keep their totals, and the reason
 * Emitir waits.
 */
import { describe, expect, it } from 'vitest';
import { cardOf } from '../../../src/renderers/list/list-options.ts';
import { moneyText } from '../../../src/renderers/format.ts';
import { liveTotals, newLine, productPatch, type LineDraft } from '../../../src/renderers/comprobante/sale-model.ts';
import { settlementLiveTotals } from '../../../src/renderers/comprobantes/purchase-settlement/settlement-model.ts';
import { asReason, firstBlocker, paymentGapBlocker } from '../../../src/renderers/comprobante/issue-blocker.ts';
import invoiceList from '../../../src/schemas/invoice/list.json';
import type { ListColumn } from '../../../src/engine/schema-registry.ts';

const IVA_RATES = { '0': 0, '4': 15 };

describe('a list row as a card on a phone', () => {
  it('shows the factura number, customer, status and total, with the date small', () => {
    const c = cardOf(invoiceList.columns as ListColumn[]);
    expect([c.title?.field, c.subtitle?.field, c.badge?.field, c.amount?.field, c.meta?.field]).toEqual(['numero', 'razonSocialComprador', 'status', 'importeTotal', 'fechaEmision']);
  });

  it('takes the first plain columns of a list without status or money, and list.json may name each slot', () => {
    const customers: ListColumn[] = [{ field: 'identificacion', title: 'Identificación' }, { field: 'razonSocial', title: 'Razón social' }, { field: 'email', title: 'Correo' }];
    expect(cardOf(customers)).toEqual({ title: customers[0], subtitle: customers[1], badge: undefined, amount: undefined, meta: undefined });
    expect(cardOf(customers, { title: 'razonSocial', subtitle: 'email', badge: 'nope' })).toMatchObject({ title: customers[1], subtitle: customers[2], badge: undefined });
  });
});

describe('money inputs', () => {
  it('write the number as money once left, and leave text that is not a number alone', () => {
    expect(moneyText('18.5')).toBe('18.50');
    expect(moneyText('18.500000')).toBe('18.50');
    expect(moneyText('7')).toBe('7.00');
    expect(moneyText('0.091234')).toBe('0.091234');
    expect(moneyText(' .5 ')).toBe('0.50');
    expect(moneyText('-3')).toBe('-3.00');
    for (const v of ['', 'abc', '1,5', '1e3', '.']) expect(moneyText(v)).toBe(v);
  });

  it('a product picked in a line brings its price as money', () => {
    expect(productPatch('MOU-01', [{ _id: 'p', codigoPrincipal: 'MOU-01', descripcion: 'Mouse', precioUnitario: '18.500000', codigoPorcentajeIva: '4' }]).precioUnitario).toBe('18.50');
  });
});

describe('a line that cannot be totalled', () => {
  const line = (patch: Partial<LineDraft>): LineDraft => ({ ...newLine(), product: 'p', productText: 'X', descripcion: 'x', precioUnitario: '10', ...patch });

  it('is flagged on its own while the valid lines keep their totals (a negative quantity)', () => {
    const lines = [line({ cantidad: '2' }), line({ cantidad: '-1' }), line({ cantidad: '1', codigoPorcentajeIva: '0' })];
    const live = liveTotals(lines, IVA_RATES);
    expect(live.totals).toMatchObject({ totalSinImpuestos: '30.00', iva: '3.00', importeTotal: '33.00' });
    expect(live.lineErrors.get(lines[1].key)).toBe('Cantidad: no puede ser negativo');
    expect(live.error).toBe('Línea 2, cantidad: no puede ser negativo');
    expect([...live.lineTotals.keys()]).toEqual([lines[0].key, lines[2].key]);
  });

  it('does the same in a liquidación de compra', () => {
    const lines = [line({ cantidad: '1' }), line({ cantidad: '1', precioUnitario: '-5' })];
    const live = settlementLiveTotals(lines, IVA_RATES);
    expect(live.totals?.importeTotal).toBe('11.50');
    expect(live.error).toBe('Línea 2, precio unitario: no puede ser negativo');
  });

  it('leaves no totals when every counted line is bad', () => {
    expect(liveTotals([line({ cantidad: '-2' })], IVA_RATES)).toMatchObject({ totals: null, error: 'Línea 1, cantidad: no puede ser negativo' });
  });
});

describe('why Emitir waits', () => {
  it('gives the first reason in the order given, none when nothing blocks', () => {
    expect(firstBlocker(false, undefined, '', 'elija el transportista', 'agregue al menos un destinatario')).toBe('elija el transportista');
    expect(firstBlocker(false, null, undefined)).toBeUndefined();
    expect(paymentGapBlocker(300)).toBe('las formas de pago deben sumar el total (faltan $ 3.00)');
    expect(paymentGapBlocker(-1250)).toBe('las formas de pago deben sumar el total (sobran $ 12.50)');
    expect(paymentGapBlocker(0)).toBeUndefined();
    expect(asReason('Elija el proveedor (sujeto retenido)')).toBe('elija el proveedor (sujeto retenido)');
  });
});
