/** The Recibidos screen's pure helpers (src/renderers/received/received-model.ts): the key checked as typed, labels. */
import { describe, expect, it } from 'vitest';
import { buildClaveAcceso } from '../../../core/access-key.ts';
import { claveProblem, taxLabel, typeLabel } from '../../../src/renderers/received/received-model.ts';

const key = buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: '1790016919001', ambiente: '1', estab: '001', ptoEmi: '002', secuencial: 123, codigoNumerico: '12345678' });

describe('claveProblem', () => {
  it('says what is wrong while the key is typed, nothing for an empty box or a valid key', () => {
    expect(claveProblem('')).toBeNull();
    expect(claveProblem(key)).toBeNull();
    expect(claveProblem(` ${key.slice(0, 20)} ${key.slice(20)} `)).toBeNull();
    expect(claveProblem('2011a')).toBe('Solo dígitos: la clave de acceso tiene 49');
    expect(claveProblem(key.slice(0, 40))).toBe('Faltan 9 dígitos (tiene 40 de 49)');
    expect(claveProblem(`${key}1`)).toBe('Sobra 1 dígito: la clave de acceso tiene 49');
    expect(claveProblem(key.slice(0, 48))).toBe('Falta 1 dígito (tiene 48 de 49)');
    expect(claveProblem(`${key.slice(0, 48)}${(Number(key[48]) + 1) % 10}`)).toBe('El dígito verificador (el último) no corresponde: revise la clave');
  });
});

describe('labels', () => {
  it('names types and taxes in Spanish', () => {
    expect([typeLabel('01'), typeLabel('07'), typeLabel('99')]).toEqual(['Factura', 'Comprobante de retención', 'Comprobante 99']);
    expect([taxLabel({ codigo: '2', tarifa: 15 }), taxLabel({ codigo: '3', tarifa: 10 })]).toEqual(['IVA 15 %', 'ICE 10 %']);
  });
});
