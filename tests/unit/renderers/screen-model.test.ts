/**
 * The screen editor's edits (src/renderers/screens/screen-model.ts): what an admin does in
 * Configuración > Pantallas becomes the layer the server stores (the patch.json vocabulary).
 */
import { describe, expect, it } from 'vitest';
import { type FieldForm, fieldForm, fieldFormOf, fieldSchema, filterFor, moveColumn, moveField, nameFromTitle, putField, removeField, retitle, setHidden, toggleColumn, toggleFilter } from '../../../src/renderers/screens/screen-model.ts';

describe('the field dialog', () => {
  it('turns each kind into its JSON Schema and back', () => {
    const forms: FieldForm[] = [
      { title: 'Orden de compra', kind: 'text', required: true, help: 'Del cliente', maxLength: 40 },
      { title: 'Bultos', kind: 'number', decimals: 0, minimum: 1 },
      { title: 'Peso', kind: 'number', decimals: 3 },
      { title: 'Flete', kind: 'money', maximum: 500 },
      { title: 'Entrega', kind: 'date' },
      { title: 'Urgente', kind: 'boolean' },
      { title: 'Vendedor', kind: 'list', options: ['Ana', 'Luis'] },
      { title: 'Transportista', kind: 'ref', ref: 'carrier' },
    ];
    for (const f of forms) expect(fieldForm(fieldSchema(f), Boolean(f.required))).toEqual({ ...f, required: Boolean(f.required) });
    expect(fieldSchema(forms[0])).toEqual({ type: 'string', title: 'Orden de compra', description: 'Del cliente', maxLength: 40 });
    expect(fieldSchema(forms[1]).type).toBe('integer');
    expect(fieldSchema(forms[3])).toMatchObject({ type: 'number', 'x-money': true });
  });

  it("reads the dialog's form data as a field: its keys typed, anything else dropped", () => {
    const f = fieldFormOf({ title: 'Vendedor', kind: 'list', required: true, options: ['Ana', 'Luis'], maxLength: 40, stale: 'x' });
    expect(f).toMatchObject({ title: 'Vendedor', kind: 'list', required: true, options: ['Ana', 'Luis'], maxLength: 40 });
    expect(f).not.toHaveProperty('stale');
    expect(fieldSchema(f)).toEqual({ type: 'string', title: 'Vendedor', enum: ['Ana', 'Luis'] });
    expect(fieldFormOf({ title: 'Raro', kind: 'color', minimum: '3' })).toMatchObject({ kind: 'text', minimum: undefined });
  });

  it('names a field from its title, without accents, never one already taken', () => {
    expect(nameFromTitle('Orden de compra', new Set())).toBe('ordenDeCompra');
    expect(nameFromTitle('Año de fabricación', new Set())).toBe('anoDeFabricacion');
    expect(nameFromTitle('Placa', new Set(['placa']))).toBe('placa2');
    expect(nameFromTitle('2º turno', new Set())).toMatch(/^campo/);
  });
});

describe('the layer', () => {
  it('adds, changes and removes a company field with every mention of it', () => {
    let layer = putField({}, 'vendedor', { title: 'Vendedor', kind: 'list', options: ['Ana'], required: true });
    expect(layer).toEqual({ addProperties: { vendedor: { type: 'string', title: 'Vendedor', enum: ['Ana'] } }, required: ['vendedor'] });
    layer = putField(layer, 'vendedor', { title: 'Vendedor', kind: 'list', options: ['Ana', 'Luis'] });
    expect(layer.required).toBeUndefined();
    layer = toggleFilter(layer, [], filterFor('vendedor', layer.addProperties!.vendedor)!, true);
    layer = toggleColumn(layer, [{ field: 'numero' }], 'vendedor', 'Vendedor', true);
    expect(layer.columns).toEqual([{ field: 'numero' }, { field: 'vendedor', title: 'Vendedor' }]);
    expect(removeField(layer, 'vendedor')).toEqual({ columns: [{ field: 'numero' }] });
  });

  it('hides, retitles and reorders; an untouched screen saves as {}', () => {
    let layer = setHidden({}, 'codigoAuxiliar', true);
    layer = retitle(layer, 'descripcion', 'Nombre', 'Descripción');
    layer = moveField(layer, ['a', 'b', 'c'], 'c', -1);
    expect(layer).toEqual({ hide: ['codigoAuxiliar'], titles: { descripcion: 'Nombre' }, order: ['a', 'c', 'b', '*'] });
    expect(moveField(layer, ['a', 'c', 'b'], 'a', -1)).toBe(layer);
    expect(retitle(setHidden(layer, 'codigoAuxiliar', false), 'descripcion', 'Descripción', 'Descripción')).toEqual({ order: ['a', 'c', 'b', '*'] });
    expect(moveColumn({}, [{ field: 'x' }, { field: 'y' }], 'y', -1)).toEqual({ columns: [{ field: 'y' }, { field: 'x' }] });
  });
});
