import { describe, expect, it, vi } from 'vitest';
import { validatorFor } from '../../../src/renderers/form-validator.ts';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import type { RJSFSchema } from '@rjsf/utils';

describe('form validator', () => {
  it('knows every Emite keyword in the bundled schemas (nothing logged) and speaks Spanish', () => {
    const warn = vi.spyOn(console, 'warn');
    const log = vi.spyOn(console, 'log');
    for (const e of Object.values(BUNDLED)) validatorFor(e.schema).validateFormData({}, e.schema as RJSFSchema);
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    const { errors } = validatorFor(BUNDLED.product.schema).validateFormData({ codigoPrincipal: 'A', descripcion: 'B', precioUnitario: 1.1234567, codigoPorcentajeIva: '4' }, BUNDLED.product.schema as RJSFSchema);
    expect(errors.map((e) => e.message)).toEqual(['Máximo 6 decimales']);
  });

  it('validates a 2020-12 schema with the 2020 draft', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['placa'], properties: { placa: { type: 'string', 'x-label': true } } };
    const { errors } = validatorFor(schema).validateFormData({}, schema as RJSFSchema);
    expect(errors[0].message).toBe('Obligatorio');
  });

  it('logs, but survives, a keyword nobody declared', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-nuevo': 1 } } };
    expect(validatorFor(schema).validateFormData({ a: 'x' }, schema as RJSFSchema).errors).toEqual([]);
    warn.mockRestore();
  });
});
