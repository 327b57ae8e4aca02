import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { computeInvoiceTotals, IVA_RATES, round2, toMoney } from '../../../core/totals.ts';

describe('invoice totals (decimal, SRI rounding)', () => {
  it('adds several IVA rates with discounts', () => {
    const t = computeInvoiceTotals({
      detalles: [
        { cantidad: 2, precioUnitario: 850, descuento: 50, codigoPorcentajeIva: '4' }, // 1650 @ 15 %
        { cantidad: 3, precioUnitario: 12.5, codigoPorcentajeIva: '0' }, // 37.50 @ 0 %
        { cantidad: 1, precioUnitario: '100', codigoPorcentajeIva: '5' }, // 100 @ 5 %
        { cantidad: 1, precioUnitario: '20', codigoPorcentajeIva: '6' }, // no objeto
        { cantidad: 1, precioUnitario: '30', codigoPorcentajeIva: '7' }, // exento
      ],
    });
    expect(t.totalSinImpuestos).toBe('1837.50');
    expect(t.totalDescuento).toBe('50.00');
    expect(t.totalConImpuestos.map((x) => [x.codigoPorcentaje, x.baseImponible, x.tarifa, x.valor])).toEqual([
      ['0', '37.50', '0.00', '0.00'],
      ['4', '1650.00', '15.00', '247.50'],
      ['5', '100.00', '5.00', '5.00'],
      ['6', '20.00', '0.00', '0.00'],
      ['7', '30.00', '0.00', '0.00'],
    ]);
    expect(t.subtotales).toEqual({ iva: '1750.00', cero: '37.50', noObjeto: '20.00', exento: '30.00' });
    expect(t.iva).toBe('252.50');
    expect(t.importeTotal).toBe('2090.00');
  });

  it('keeps 6-decimal unit prices exact until the line is rounded', () => {
    const t = computeInvoiceTotals({ detalles: [{ cantidad: 3, precioUnitario: '1.333333', codigoPorcentajeIva: '4' }] });
    expect(t.detalles[0].precioTotalSinImpuesto).toBe('4.00'); // 3.999999 -> 4.00
    expect(t.iva).toBe('0.60');
    const kwh = computeInvoiceTotals({ detalles: [{ cantidad: 1200, precioUnitario: 0.091234, codigoPorcentajeIva: '4' }] });
    expect(kwh.totalSinImpuestos).toBe('109.48'); // 109.4808
    expect(kwh.importeTotal).toBe('125.90'); // 109.48 + 16.422 -> 16.42
  });

  it('rounds half a cent up, and IVA on the sum of bases (not per line)', () => {
    expect(computeInvoiceTotals({ detalles: [{ cantidad: 1, precioUnitario: '0.10', codigoPorcentajeIva: '4' }] }).iva).toBe('0.02'); // 0.015
    expect(round2('2.675')).toBe('2.68'); // a float would give 2.67
    const three = computeInvoiceTotals({ detalles: [1, 2, 3].map(() => ({ cantidad: 1, precioUnitario: '0.10', codigoPorcentajeIva: '4' })) });
    expect(three.totalConImpuestos[0].valor).toBe('0.05'); // 0.30 × 15 % = 0.045 -> 0.05
    expect(three.detalles.map((d) => d.valor)).toEqual(['0.02', '0.02', '0.02']);
    expect(three.importeTotal).toBe('0.35');
  });

  it('adds the tip (propina) to the total', () => {
    expect(computeInvoiceTotals({ detalles: [{ cantidad: 1, precioUnitario: 10, codigoPorcentajeIva: '0' }], propina: '1.00' }).importeTotal).toBe('11.00');
  });

  it('names the line and field of bad input', () => {
    const line = { cantidad: 1, precioUnitario: 10, codigoPorcentajeIva: '4' };
    expect(() => computeInvoiceTotals({ detalles: [line, { ...line, cantidad: 0 }] })).toThrow('detalles[1].cantidad debe ser mayor que 0');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, precioUnitario: -1 }] })).toThrow('detalles[0].precioUnitario no puede ser negativo');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, cantidad: 'dos' }] })).toThrow('detalles[0].cantidad debe ser un número');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, descuento: 10.01 }] })).toThrow(/descuento no puede ser mayor/);
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, codigoPorcentajeIva: '99' }] })).toThrow(/código de IVA desconocido/);
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, codigoPorcentajeIva: 'constructor' }] })).toThrow(/código de IVA desconocido/);
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, precioUnitario: '' }] })).toThrow('detalles[0].precioUnitario es obligatorio');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, precioUnitario: Number.NaN }] })).toThrow('detalles[0].precioUnitario debe ser un número');
    expect(() => computeInvoiceTotals({ detalles: [line], propina: -1 })).toThrow('propina no puede ser negativo');
  });

  it('refuses more decimals than the XSD takes (6 for cantidad and precio, 2 for money)', () => {
    const line = { cantidad: 1, precioUnitario: 10, codigoPorcentajeIva: '4' };
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, cantidad: '1.1234567' }] })).toThrow('detalles[0].cantidad admite hasta 6 decimales');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, precioUnitario: 1e-7 }] })).toThrow('detalles[0].precioUnitario admite hasta 6 decimales');
    expect(() => computeInvoiceTotals({ detalles: [{ ...line, descuento: '0.005' }] })).toThrow('detalles[0].descuento admite hasta 2 decimales');
    expect(computeInvoiceTotals({ detalles: [{ ...line, cantidad: 1_000_000, precioUnitario: 1e-6 }] }).totalSinImpuestos).toBe('1.00');
  });

  it('accepts a discount equal to the line and refuses bad rate data', () => {
    const whole = computeInvoiceTotals({ detalles: [{ cantidad: 3, precioUnitario: '1.333333', descuento: '4.00', codigoPorcentajeIva: '4' }] });
    expect([whole.totalSinImpuestos, whole.totalDescuento, whole.importeTotal]).toEqual(['0.00', '4.00', '0.00']);
    const line = { cantidad: 1, precioUnitario: 10, codigoPorcentajeIva: '4' };
    expect(() => computeInvoiceTotals({ detalles: [line], rates: { '4': Number.NaN } })).toThrow(/tarifa del código de IVA 4/);
    expect(() => computeInvoiceTotals({ detalles: [line], rates: { '4': -15 } })).toThrow(/tarifa/);
  });

  it('adds up: lines, subtotals and IVA agree with the totals', () => {
    const codes = Object.keys(IVA_RATES);
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const detalles = Array.from({ length: 60 }, () => ({
      cantidad: ((next() % 5000) / 100 + 0.01).toFixed(2), // strings: float sums carry 17 decimals
      precioUnitario: ((next() % 100_000_000) / 1_000_000).toFixed(6),
      descuento: (next() % 3 === 0 ? '0.50' : '0'),
      codigoPorcentajeIva: codes[next() % codes.length],
    }));
    const t = computeInvoiceTotals({ detalles, propina: '2.25' });
    const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);
    expect(sum(t.detalles.map((d) => d.precioTotalSinImpuesto))).toBe(t.totalSinImpuestos);
    expect(sum(t.totalConImpuestos.map((x) => x.baseImponible))).toBe(t.totalSinImpuestos);
    expect(sum(Object.values(t.subtotales))).toBe(t.totalSinImpuestos);
    expect(sum(t.totalConImpuestos.map((x) => x.valor))).toBe(t.iva);
    expect(sum([t.totalSinImpuestos, t.iva, t.propina])).toBe(t.importeTotal);
    expect(t.totalConImpuestos.map((x) => Number(x.codigoPorcentaje))).toEqual([...new Set(detalles.map((d) => Number(d.codigoPorcentajeIva)))].sort((a, b) => a - b));
    for (const x of t.totalConImpuestos) expect(x.valor).toBe(round2(new Decimal(x.baseImponible).times(x.tarifa).dividedBy(100)));
    const money = /^\d+\.\d{2}$/;
    for (const v of [t.totalSinImpuestos, t.totalDescuento, t.iva, t.propina, t.importeTotal, ...Object.values(t.subtotales)]) expect(v).toMatch(money);
  });

  it('formats money with exactly two places', () => {
    expect(toMoney(27)).toBe('27.00');
    expect(round2('0.005')).toBe('0.01');
    expect(round2('1.004999')).toBe('1.00');
  });

  it('takes rates as data (a new rate needs no code)', () => {
    const t = computeInvoiceTotals({ detalles: [{ cantidad: 1, precioUnitario: 100, codigoPorcentajeIva: '11' }], rates: { '11': 16 } });
    expect(t.importeTotal).toBe('116.00');
  });
});
