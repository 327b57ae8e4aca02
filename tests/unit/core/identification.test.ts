import { describe, expect, it } from 'vitest';
import { checkCedula, checkIdentificacion, checkRuc } from '../../../core/identification.ts';

describe('cédula (módulo 10)', () => {
  it.each(['1714307103', '1104181183', '1716430390'])('accepts %s', (c) => expect(checkCedula(c)).toEqual({ valid: true }));
  it.each([
    ['1714307104', /dígito verificador/],
    ['171430710', /10 dígitos/],
    ['2514307103', /provincia/],
    ['1764307103', /tercer dígito/],
    ['17143071O3', /10 dígitos/],
  ])('rejects %s', (c, why) => {
    const r = checkCedula(c);
    expect(r.valid).toBe(false);
    expect(r.message).toMatch(why);
  });
});

describe('RUC', () => {
  it.each(['0190072002001', '1790016919001', '1792060346001', '1710744424001'])('accepts the real RUC %s without warning', (r) => expect(checkRuc(r)).toEqual({ valid: true }));
  it('is strict for persona natural', () => {
    expect(checkRuc('1714307104001')).toMatchObject({ valid: false, message: expect.stringMatching(/dígito verificador/) });
    expect(checkRuc('1714307103000').valid).toBe(false);
    expect(checkRuc('1714307103001').valid).toBe(true);
  });
  it('enforces sociedad structure but only warns on its check digit', () => {
    const warned = checkRuc('1790016918001');
    expect(warned.valid).toBe(true);
    expect(warned.warning).toMatch(/dígito verificador/);
    expect(checkRuc('1790016919000').valid).toBe(false);
    expect(checkRuc('9990016919001').valid).toBe(false);
    expect(checkRuc('1770016919001').valid).toBe(false); // third digit 7
    expect(checkRuc('179001691900').message).toMatch(/13 dígitos/);
    expect(checkRuc('0090016919001').message).toMatch(/provincia/);
  });
  it('handles public-sector RUCs (third digit 6): check digit 9, establishment in the last four', () => {
    expect(checkRuc('1760001550001')).toEqual({ valid: true });
    expect(checkRuc('1760001550000').valid).toBe(false);
    const warned = checkRuc('1760001540001');
    expect(warned.valid).toBe(true);
    expect(warned.warning).toMatch(/público/);
  });
});

describe('identificación by tipo (SRI tabla 6)', () => {
  it('dispatches per type', () => {
    expect(checkIdentificacion('05', '1714307103').valid).toBe(true);
    expect(checkIdentificacion('04', '1714307103').valid).toBe(false);
    expect(checkIdentificacion('07', '9999999999999').valid).toBe(true);
    expect(checkIdentificacion('07', '1714307103').valid).toBe(false);
    expect(checkIdentificacion('06', 'AB-1234567').valid).toBe(true);
    expect(checkIdentificacion('08', 'X'.repeat(21)).valid).toBe(false);
    expect(checkIdentificacion('06', '   ').valid).toBe(false);
    expect(checkIdentificacion('08', 'AB\n123').message).toMatch(/saltos de línea/);
    expect(checkIdentificacion('08', 'X'.repeat(20)).valid).toBe(true);
    expect(checkIdentificacion('04', '1790016918001')).toMatchObject({ valid: true, warning: expect.stringMatching(/sociedad/) });
    expect(checkIdentificacion('99', '1').message).toMatch(/desconocido/);
  });
});
