import { describe, expect, it } from 'vitest';
import { COMPROBANTE_TYPE_META } from '../../../core/comprobante-types.ts';
import { phrasing } from '../../../core/comprobante-phrasing.ts';

describe("a comprobante type's words agree with its gender in the registry", () => {
  it('feminine and masculine shipped types', () => {
    expect(phrasing(COMPROBANTE_TYPE_META['04'])).toEqual({ noun: 'nota de crédito', the: 'la', a: 'una', New: 'Nueva', ending: 'a' });
    expect(phrasing(COMPROBANTE_TYPE_META['07'])).toEqual({ noun: 'comprobante de retención', the: 'el', a: 'un', New: 'Nuevo', ending: 'o' });
  });

  it('a new masculine type reads its gender, not its first word', () => {
    // The throw-away «Documento de prueba» of the guide's run got «Nueva documento de prueba» while the editor guessed from "comprobante…".
    const words = phrasing({ label: 'Documento de prueba', gender: 'm' });
    expect(`${words.New} ${words.noun}`).toBe('Nuevo documento de prueba');
    expect(`¿Emitir ${words.the} ${words.noun}?`).toBe('¿Emitir el documento de prueba?');
  });
});
