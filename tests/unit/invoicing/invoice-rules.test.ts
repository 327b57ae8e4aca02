import { describe, expect, it } from 'vitest';
import { assertConsumidorFinalCap, assertPagosMatchTotal } from '../../../server/domain/comprobantes/factura/factura-rules.ts';
import { loadConfig } from '../../../server/config.ts';

describe('assertPagosMatchTotal (decimal arithmetic, never floats)', () => {
  it('accepts payments that add up to the cent, however they are split', () => {
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '0.10' }, { total: '0.20' }], importeTotal: '0.30' })).not.toThrow();
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '33.33' }, { total: '33.33' }, { total: '33.33' }], importeTotal: '99.99' })).not.toThrow();
    expect(() => assertPagosMatchTotal({ pagos: [{ total: 945 }], importeTotal: '945.00' })).not.toThrow();
  });

  it('rounds each payment half-up to the cent as a decimal: 1.005 is 1.01 (a float makes it 1.00)', () => {
    // Math.round(Number('1.005') * 100) is 100, because 1.005 * 100 === 100.49999999999999.
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '1.005' }], importeTotal: '1.01' })).not.toThrow();
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '1.005' }], importeTotal: '1.00' })).toThrow(/suman \$ 1.01 y la factura \$ 1.00/);
  });

  it('refuses a sum one cent off, no payment at all, or a total that is not a number', () => {
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '500.00' }, { total: '444.99' }], importeTotal: '945.00' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Las formas de pago suman $ 944.99 y la factura $ 945.00: deben coincidir', details: [expect.objectContaining({ path: 'pagos' })] }),
    );
    expect(() => assertPagosMatchTotal({ pagos: [], importeTotal: '0.00' })).toThrow(expect.objectContaining({ details: [expect.objectContaining({ path: 'pagos' })] }));
    expect(() => assertPagosMatchTotal({ pagos: [{ total: '10' }, { total: 'diez' }], importeTotal: '20.00' })).toThrow(expect.objectContaining({ details: [expect.objectContaining({ path: 'pagos.1.total' })] }));
  });
});

describe('consumidor final cap', () => {
  it('lets a consumidor final (07) buy up to the cap, exactly included, and no more', () => {
    expect(() => assertConsumidorFinalCap({ tipoIdentificacion: '07', importeTotal: '50.00', cap: 50 })).not.toThrow();
    expect(() => assertConsumidorFinalCap({ tipoIdentificacion: '07', importeTotal: '50.01', cap: 50 })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'Una venta a consumidor final no puede superar $ 50.00; identifique al comprador', details: [expect.objectContaining({ path: 'customer' })] }),
    );
    expect(() => assertConsumidorFinalCap({ tipoIdentificacion: '07', importeTotal: 0.3, cap: 0.3 })).not.toThrow();
  });

  it('does not cap identified buyers', () => {
    for (const tipo of ['04', '05', '06', '08']) expect(() => assertConsumidorFinalCap({ tipoIdentificacion: tipo, importeTotal: '10000.00', cap: 50 })).not.toThrow();
  });

  it('reads CONSUMIDOR_FINAL_CAP, an empty value meaning unset (50), not 0', () => {
    expect(loadConfig({}).consumidorFinalCap).toBe(50);
    expect(loadConfig({ CONSUMIDOR_FINAL_CAP: '' }).consumidorFinalCap).toBe(50);
    expect(loadConfig({ CONSUMIDOR_FINAL_CAP: '  ' }).consumidorFinalCap).toBe(50);
    expect(loadConfig({ CONSUMIDOR_FINAL_CAP: '200' }).consumidorFinalCap).toBe(200);
    expect(loadConfig({ CONSUMIDOR_FINAL_CAP: '0' }).consumidorFinalCap).toBe(0);
    expect(() => loadConfig({ CONSUMIDOR_FINAL_CAP: 'cincuenta' })).toThrow(/CONSUMIDOR_FINAL_CAP/);
  });
});
