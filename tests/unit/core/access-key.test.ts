import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildClaveAcceso, isValidClaveAcceso, modulo11, parseClaveAcceso, randomCodigoNumerico } from '../../../core/access-key.ts';

const REAL = [
  ['0312202201019007200200120029020004874985766297216', 6],
  ['1811202301179001691900120721260002540020711013510', 0],
  ['0702202201171074442400110020020000000018765432111', 1],
] as const;

describe('claveAcceso', () => {
  it.each(REAL)('validates and recomputes the real key %s (dv %i)', (key, dv) => {
    expect(isValidClaveAcceso(key)).toBe(true);
    expect(modulo11(key.slice(0, 48))).toBe(dv);
    const p = parseClaveAcceso(key);
    expect(buildClaveAcceso({ ...p, tipoEmision: '1' })).toBe(key);
  });

  // dv = 11 - (sum % 11): residue 0 gives 11 and residue 1 gives 10, neither a digit; the SRI maps
  // them to 0 and 1. (A residue of 10 gives dv 1 directly: REAL[2] is that case, not 10 -> 1.)
  const residue = (digits48: string) => {
    let sum = 0;
    for (let i = 47, w = 2; i >= 0; i -= 1, w = w === 7 ? 2 : w + 1) sum += Number(digits48[i]) * w;
    return sum % 11;
  };

  it('maps a check digit of 10 (residue 1) to 1', () => {
    const key = '2011202601179001691900110010010000000081234567811';
    expect(residue(key.slice(0, 48))).toBe(1);
    expect(modulo11(key.slice(0, 48))).toBe(1);
    expect(isValidClaveAcceso(key)).toBe(true);
    expect(buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 8, codigoNumerico: '12345678' })).toBe(key);
    expect(isValidClaveAcceso(`${key.slice(0, 48)}0`)).toBe(false);
  });

  it('maps a check digit of 11 (residue 0) to 0', () => {
    const key = REAL[1][0];
    expect(residue(key.slice(0, 48))).toBe(0);
    expect(modulo11(key.slice(0, 48))).toBe(0);
  });

  it('parses the fields of a real key', () => {
    expect(parseClaveAcceso(REAL[0][0])).toEqual({
      fechaEmision: '2022-12-03',
      codDoc: '01',
      ruc: '0190072002001',
      ambiente: '2',
      estab: '002',
      ptoEmi: '902',
      secuencial: '000487498',
      codigoNumerico: '57662972',
      tipoEmision: '1',
      digitoVerificador: '6',
    });
  });

  it('lays out the 49 digits per the ficha técnica', () => {
    const key = buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '002', secuencial: 123, codigoNumerico: '12345678' });
    expect(key).toHaveLength(49);
    expect(key.slice(0, 8)).toBe('20112026');
    expect(key.slice(8, 10)).toBe('01');
    expect(key.slice(10, 23)).toBe('1790016919001');
    expect(key[23]).toBe('1');
    expect(key.slice(24, 30)).toBe('001002');
    expect(key.slice(30, 39)).toBe('000000123');
    expect(key.slice(39, 47)).toBe('12345678');
    expect(key[47]).toBe('1');
    expect(isValidClaveAcceso(key)).toBe(true);
  });

  it('rejects a wrong check digit and malformed parts', () => {
    const bad = `${REAL[0][0].slice(0, 48)}7`;
    expect(isValidClaveAcceso(bad)).toBe(false);
    expect(() => parseClaveAcceso(bad)).toThrow(/no es válida/);
    expect(() => buildClaveAcceso({ fechaEmision: '20/11/2026', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 1, codigoNumerico: '12345678' })).toThrow(/AAAA-MM-DD/);
    expect(() => buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '179001691900', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 1, codigoNumerico: '12345678' })).toThrow(/RUC/);
    expect(() => buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 1_000_000_000, codigoNumerico: '12345678' })).toThrow(/secuencial/);
  });

  it('rejects dates that do not exist, a tipoEmision other than 1 and a short input to modulo11', () => {
    const ok = { fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '001', secuencial: '42', codigoNumerico: '12345678' } as const;
    expect(() => buildClaveAcceso({ ...ok, fechaEmision: '2026-02-29' })).toThrow(/no existe/);
    expect(() => buildClaveAcceso({ ...ok, fechaEmision: '2026-13-01' })).toThrow(/no existe/);
    expect(buildClaveAcceso({ ...ok, fechaEmision: '2028-02-29' })).toMatch(/^29022028/);
    expect(() => buildClaveAcceso({ ...ok, tipoEmision: '2' as '1' })).toThrow(/tipoEmision/);
    expect(() => buildClaveAcceso({ ...ok, ambiente: '3' as '1' })).toThrow(/ambiente/);
    expect(() => buildClaveAcceso({ ...ok, estab: '1' })).toThrow(/estab/);
    expect(() => buildClaveAcceso({ ...ok, codigoNumerico: '1234567' })).toThrow(/código numérico/);
    expect(() => buildClaveAcceso({ ...ok, secuencial: -1 })).toThrow(/secuencial/);
    expect(buildClaveAcceso({ ...ok, secuencial: '000000042' })).toBe(buildClaveAcceso({ ...ok, secuencial: 42 }));
    expect(() => modulo11('1'.repeat(47))).toThrow(/48 dígitos/);
    expect(isValidClaveAcceso(REAL[0][0].slice(0, 48))).toBe(false);
    expect(isValidClaveAcceso(`${REAL[0][0].slice(0, 47)}x6`)).toBe(false);
    const ambiente3 = `${REAL[0][0].slice(0, 23)}3${REAL[0][0].slice(24, 48)}`;
    expect(isValidClaveAcceso(`${ambiente3}${modulo11(ambiente3)}`)).toBe(false); // right check digit, no such ambiente
  });

  afterEach(() => vi.restoreAllMocks());

  it('redraws random values that would bias the numeric code', () => {
    const draws = [0xffffffff, 4_200_000_000, 4_100_000_042]; // 4.2e9 = 42 × 10^8 is the first biased draw
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(buf: T): T => {
      (buf as unknown as Uint32Array)[0] = draws.shift()!;
      return buf;
    });
    expect(randomCodigoNumerico()).toBe('00000042');
    expect(draws).toEqual([]);
  });

  it('draws 8-digit random numeric codes', () => {
    const codes = new Set(Array.from({ length: 200 }, () => randomCodigoNumerico()));
    for (const c of codes) expect(c).toMatch(/^\d{8}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});
