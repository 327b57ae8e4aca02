import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, IVA_RATES } from '../../../core/totals.ts';
import { checkLines, infoAdicionalFromRows, liveTotals, matchProduct, MISSING_PRODUCT, newLine, pagoRows, pagosFromRows, productPatch, type InvoiceDraft, type LineDraft } from '../../../src/renderers/comprobante/sale-model.ts';
import { toRequestBody } from '../../../src/renderers/comprobantes/invoice/invoice-model.ts';

const laptop = { _id: 'p1', codigoPrincipal: 'LAP-01', descripcion: 'Laptop 14"', precioUnitario: 850, codigoPorcentajeIva: '4' };
const book = { _id: 'p2', codigoPrincipal: 'LIB-01', descripcion: 'Libro', precioUnitario: 12.5, codigoPorcentajeIva: '0' };
const line = (patch: Partial<LineDraft>): LineDraft => ({ ...newLine(), ...patch });
const draft = (detalles: LineDraft[]): InvoiceDraft => ({ establishment: 'e1', ptoEmi: '001', customer: 'c1', detalles, pagos: [], infoAdicional: [] });

describe('which lines make up the invoice', () => {
  const chosen = line({ ...productPatch('LAP-01', [laptop]), cantidad: '2' });
  const typed = line({ productText: 'Servicio técnico', descripcion: 'Servicio técnico', precioUnitario: '40' });
  const blank = newLine();

  it('totals and saves exactly the lines with a product, and flags a typed line without one', () => {
    const lines = [chosen, typed, blank];
    const { totals, lineTotals } = liveTotals(lines, IVA_RATES);
    const body = toRequestBody(draft(lines));
    // the typed line is neither in the totals nor in the body: 2 × 850 + 15 % only
    expect(totals?.importeTotal).toBe('1955.00');
    expect(body.detalles).toEqual([{ product: 'p1', descripcion: 'Laptop 14"', cantidad: 2, precioUnitario: 850, descuento: 0, codigoPorcentajeIva: '4' }]);
    expect([...lineTotals.keys()]).toEqual([chosen.key]);
    // …and the user is told, on that line; an untouched line is no error
    expect(checkLines(lines).errors).toEqual(new Map([[typed.key, MISSING_PRODUCT]]));
  });

  it('sums every line with a product, whatever else is on screen', () => {
    const lines = [chosen, line({ ...productPatch('LIB-01', [book]), cantidad: '3', descuento: '1.50' })];
    const { totals } = liveTotals(lines, IVA_RATES);
    const body = toRequestBody(draft(lines));
    expect(body.detalles).toHaveLength(2);
    expect(totals).toMatchObject({ totalSinImpuestos: '1736.00', totalDescuento: '1.50', iva: '255.00', importeTotal: '1991.00' });
    expect(checkLines(lines).errors.size).toBe(0);
  });

  it('names the on-screen line when a counted line cannot be totalled, and leaves a blank number for the server to refuse', () => {
    const lines = [blank, line({ ...productPatch('LAP-01', [laptop]), cantidad: '' })];
    expect(liveTotals(lines, IVA_RATES)).toMatchObject({ totals: null, error: 'Línea 2, cantidad: es obligatorio' });
    expect(JSON.parse(JSON.stringify(toRequestBody(draft(lines)))).detalles[0]).not.toHaveProperty('cantidad');
  });
});

describe('live totals while typing (each line kept until it changes)', () => {
  /** What the server computes for the same lines, from scratch. */
  const fromScratch = (lines: LineDraft[], rates = IVA_RATES) =>
    computeInvoiceTotals({ detalles: lines.map((l) => ({ cantidad: l.cantidad, precioUnitario: l.precioUnitario, descuento: l.descuento || '0', codigoPorcentajeIva: l.codigoPorcentajeIva })), rates });

  it('gives the totals computed from scratch after every keystroke of a long edit', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const codes = ['0', '4', '5', '6', '7', '8'];
    let lines = Array.from({ length: 40 }, (_, i) => line({ product: `p${i}`, productText: `P${i}`, cantidad: String(1 + (i % 4)), precioUnitario: `${(1 + i * 1.37 + 0.015).toFixed(3)}`, descuento: i % 5 === 0 ? '0.10' : '0.00', codigoPorcentajeIva: codes[i % codes.length] }));
    for (let k = 0; k < 300; k += 1) {
      const i = rand(lines.length);
      const field = (['cantidad', 'precioUnitario', 'descuento', 'codigoPorcentajeIva'] as const)[rand(4)];
      const value = field === 'codigoPorcentajeIva' ? codes[rand(codes.length)] : field === 'descuento' ? `0.${rand(10)}${rand(10)}` : `${1 + rand(50)}.${rand(1000)}`;
      lines = lines.map((l, j) => (j === i ? { ...l, [field]: value } : l));
      const live = liveTotals(lines, IVA_RATES);
      expect(live.error).toBeUndefined();
      expect(live.totals).toEqual(fromScratch(lines));
    }
  });

  it('totals a line again when its fields or the rates change, even on the same object', () => {
    const l = line({ ...productPatch('LAP-01', [laptop]), cantidad: '2' });
    expect(liveTotals([l], IVA_RATES).totals?.importeTotal).toBe('1955.00');
    l.cantidad = '1';
    expect(liveTotals([l], IVA_RATES).totals?.importeTotal).toBe('977.50');
    const rates = { ...IVA_RATES, '4': 12 };
    expect(liveTotals([l], rates).totals).toEqual(fromScratch([l], rates));
    l.cantidad = '-1';
    expect(liveTotals([l], rates)).toMatchObject({ totals: null, error: 'Línea 1, cantidad: no puede ser negativo' });
  });
});

describe('the product cell', () => {
  it('fills the line from the product the text names, including a datalist pick', () => {
    expect(productPatch('LAP-01', [laptop, book])).toEqual({ productText: 'LAP-01', product: 'p1', codigoPrincipal: 'LAP-01', descripcion: 'Laptop 14"', precioUnitario: '850.00', codigoPorcentajeIva: '4' });
    expect(matchProduct('LIB-01 — Libro', [laptop, book])).toBe(book);
  });

  it('clears the product when the text stops naming one, keeping what was typed', () => {
    const chosen = line(productPatch('LAP-01', [laptop]));
    const edited = { ...chosen, ...productPatch('LAP-01x', [laptop]) };
    expect(edited).toMatchObject({ productText: 'LAP-01x', product: undefined, codigoPrincipal: undefined, descripcion: 'Laptop 14"', precioUnitario: '850.00' });
    // so it is not saved against LAP-01, and the user sees why
    expect(toRequestBody(draft([edited])).detalles).toEqual([]);
    expect(checkLines([edited]).errors.get(edited.key)).toBe(MISSING_PRODUCT);
    expect({ ...chosen, ...productPatch('', [laptop]) }.product).toBeUndefined();
  });
});

describe('payments and additional info as their schema fields edit them', () => {
  it('gives the payments to the field as numbers and takes them back as the editor holds them', () => {
    const pagos = [{ formaPago: '20', total: '100.50', plazo: '30', unidadTiempo: 'dias' }, { formaPago: '01', total: '' }];
    expect(pagoRows(pagos)).toEqual([{ formaPago: '20', total: 100.5, plazo: 30, unidadTiempo: 'dias' }, { formaPago: '01' }]);
    expect(pagosFromRows(pagoRows(pagos), pagos, 0)).toEqual(pagos);
  });

  it('starts a new payment as cash for what is missing, a term in days, and drops the unit with the term', () => {
    expect(pagosFromRows([{}], [], 1783)).toEqual([{ formaPago: '01', total: '17.83' }]);
    expect(pagosFromRows([{}], [], -500)).toEqual([{ formaPago: '01', total: '' }]);
    const one = [{ formaPago: '19', total: '10' }];
    expect(pagosFromRows([{ formaPago: '19', total: 10, plazo: 30 }], one, 0)).toEqual([{ formaPago: '19', total: '10', plazo: '30', unidadTiempo: 'dias' }]);
    expect(pagosFromRows([{ formaPago: '19', total: 10, plazo: 2, unidadTiempo: 'meses' }], one, 0)[0].unidadTiempo).toBe('meses');
    expect(pagosFromRows([{ formaPago: '19', total: 10, unidadTiempo: 'dias' }], [{ ...one[0], plazo: '30', unidadTiempo: 'dias' }], 0)).toEqual(one);
    // an existing payment whose value is cleared stays blank (not refilled with the gap)
    expect(pagosFromRows([{ formaPago: '19' }], one, 1000)).toEqual([{ formaPago: '19', total: '' }]);
  });

  it('keeps blank additional info as empty strings', () => {
    expect(infoAdicionalFromRows([{ nombre: 'Vendedor' }, {}])).toEqual([{ nombre: 'Vendedor', valor: '' }, { nombre: '', valor: '' }]);
  });
});
