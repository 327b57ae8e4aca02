/**
 * The company layer (issue 27): the three-layer merge built-in <- deployment <- company, the
 * refusals, the lenient merge of a stored layer after an upgrade, and the infoAdicional mapping
 * of a comprobante's company fields with the SRI's limits.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaRegistry, type SchemaRegistry } from '../../../server/schemas/registry.ts';
import { layerNames, mergeCompanyLayer, protectedFields } from '../../../server/domain/screens/merge-company-layer.ts';
import { applySavedLayer } from '../../../server/domain/screens/apply-saved-layer.ts';
import { customInfoAdicional, formatCustomValue, sriText } from '../../../server/domain/screens/custom-info-adicional.ts';
import { AppError } from '../../../server/errors.ts';

/** A registry with a deployment folder holding `files` (`product/patch.json` -> content). */
function deployment(files: Record<string, unknown>): SchemaRegistry {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'emite-screens-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), JSON.stringify(content));
  }
  return loadSchemaRegistry({ overridesDir: dir });
}

const builtIn = loadSchemaRegistry();
const merge = (registry: SchemaRegistry, resource: string, layer: unknown) => mergeCompanyLayer({ resource, layer, base: registry.get(resource), ...layerNames(registry, resource) });

/** The refusal's first detail path, or 'ok'. */
function refusal(registry: SchemaRegistry, resource: string, layer: unknown): string {
  try {
    merge(registry, resource, layer);
    return 'ok';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/^La pantalla no se puede guardar: |no se puede personalizar/);
    return (err as AppError).details?.[0]?.path ?? (err as AppError).code;
  }
}

describe('the three layers', () => {
  const withDeployment = deployment({
    'product/patch.json': {
      addProperties: { garantiaMeses: { type: 'integer', title: 'Garantía (meses)', minimum: 0 } },
      titles: { codigoAuxiliar: 'Código de barras' },
      order: ['codigoPrincipal', 'garantiaMeses', '*'],
    },
  });

  it('applies the company over the deployment over the built-in schema, in that order', () => {
    const merged = merge(withDeployment, 'product', {
      addProperties: { color: { type: 'string', title: 'Color', enum: ['Rojo', 'Azul'] } },
      titles: { codigoAuxiliar: 'EAN', garantiaMeses: 'Garantía' },
      order: ['color', 'descripcion', '*'],
      hide: ['garantiaMeses'],
      required: ['color', 'codigoAuxiliar'],
      columns: [{ field: 'codigoPrincipal', sortable: true }, { field: 'color', title: 'Color' }],
    });
    const props = (merged.schema as { properties: Record<string, { title: string; 'x-custom'?: boolean }> }).properties;
    // The company retitles what the deployment retitled; both added fields are marked as added.
    expect(props.codigoAuxiliar.title).toBe('EAN');
    expect(props.garantiaMeses).toMatchObject({ title: 'Garantía', 'x-custom': true });
    expect(props.color['x-custom']).toBe(true);
    expect(props.descripcion.title).toBe('Descripción');
    // Required adds to the built-in set, never replaces it.
    expect((merged.schema as { required: string[] }).required).toEqual(['codigoPrincipal', 'descripcion', 'precioUnitario', 'codigoPorcentajeIva', 'color', 'codigoAuxiliar']);
    expect(merged.ui['ui:order' as keyof object]).toEqual(['color', 'descripcion', '*']);
    expect((merged.ui as Record<string, { 'ui:widget'?: string }>).garantiaMeses['ui:widget']).toBe('hidden');
    expect((merged.list as { columns: unknown[] }).columns).toHaveLength(2);
    // The deployment's own list settings stay where the company says nothing.
    expect((merged.list as { defaultSort: string }).defaultSort).toBe('codigoPrincipal');
    // Compiled: required and enum are enforced.
    expect(merged.validate({ codigoPrincipal: 'A', descripcion: 'B', precioUnitario: 1, codigoPorcentajeIva: '4', codigoAuxiliar: 'X', color: 'Verde' })).toBe(false);
    expect(merged.validate({ codigoPrincipal: 'A', descripcion: 'B', precioUnitario: 1, codigoPorcentajeIva: '4', codigoAuxiliar: 'X', color: 'Azul' })).toBe(true);
    // The base registry is not touched.
    expect((withDeployment.get('product')!.schema as { properties: Record<string, unknown> }).properties.color).toBeUndefined();
  });

  it('refuses a company field that clashes with a deployment field', () => {
    expect(refusal(withDeployment, 'product', { addProperties: { garantiaMeses: { type: 'string', title: 'Otra' } } })).toBe('addProperties.garantiaMeses');
  });

  it('protects the built-in required fields, the identification pair and every comprobante field', () => {
    expect([...protectedFields('master', builtIn.get('supplier'))].sort()).toEqual(['identificacion', 'razonSocial', 'tipoIdentificacion']);
    expect(protectedFields('comprobante', builtIn.get('invoice')).has('infoAdicional')).toBe(true);
    expect(refusal(builtIn, 'customer', { hide: ['telefono'] })).toBe('ok');
    expect(refusal(builtIn, 'customer', { hide: ['telefono'], required: ['telefono'] })).toBe('required[0]');
    expect(refusal(builtIn, 'product', { required: ['_id'] })).toBe('required[0]');
    expect(refusal(builtIn, 'invoice', { required: ['claveAcceso'] })).toBe('required[0]');
    expect(refusal(builtIn, 'establishment', { hide: ['puntosEmision'] })).toBe('hide[0]');
  });

  it('takes the patch.json vocabulary only, and on a comprobante no more fields than infoAdicional leaves', () => {
    expect(refusal(builtIn, 'product', { remove: ['descripcion'] })).toBe('remove');
    expect(refusal(builtIn, 'product', { title: 'Mis productos' })).toBe('title');
    expect(refusal(builtIn, 'product', [])).toBe('');
    expect(refusal(builtIn, 'dashboard', {})).toBe('NOT_FOUND');
    const fields = (n: number) => ({ addProperties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`dato${i}`, { type: 'string', title: `Dato ${i}` }])) });
    expect(refusal(builtIn, 'invoice', fields(13))).toBe('ok');
    expect(refusal(builtIn, 'invoice', fields(14))).toBe('addProperties');
    expect(refusal(builtIn, 'withholding', fields(14))).toBe('ok'); // one contact entry only (the e-mail)
    expect(refusal(builtIn, 'waybill', fields(15))).toBe('ok');
    expect(refusal(builtIn, 'waybill', fields(16))).toBe('addProperties');
    const merged = merge(builtIn, 'invoice', fields(3));
    const info = (merged.schema as { properties: Record<string, { maxItems: number }> }).properties.infoAdicional;
    expect(info.maxItems).toBe(10);
    // A text field of a comprobante fits one campoAdicional.
    expect((merged.schema as { properties: Record<string, { maxLength: number }> }).properties.dato0.maxLength).toBe(300);
  });

  it('offers the editor’s kinds of field, with their own keywords only', () => {
    const ok = {
      texto: { type: 'string', title: 'Texto', minLength: 1, maxLength: 50, description: 'Ayuda' },
      medida: { type: 'number', title: 'Medida', minimum: 0, 'x-decimals': 2 },
      entero: { type: 'integer', title: 'Entero', maximum: 10 },
      dinero: { type: 'number', title: 'Dinero', 'x-money': true, minimum: 0 },
      fecha: { type: 'string', title: 'Fecha', format: 'date' },
      activo: { type: 'boolean', title: 'Activo', default: false },
      opcion: { type: 'string', title: 'Opción', enum: ['A', 'B'] },
      cliente: { type: 'string', title: 'Cliente', 'x-ref': 'customer' },
      transportista: { type: 'string', title: 'Transportista', 'x-ref': 'carrier' },
    };
    expect(refusal(builtIn, 'product', { addProperties: ok })).toBe('ok');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'object', title: 'X' } } })).toBe('addProperties.x.type');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'string', title: 'X', 'x-catalog': 'tarifa_iva' } } })).toBe('addProperties.x.x-catalog');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'boolean', title: 'X', minimum: 1 } } })).toBe('addProperties.x.minimum');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'string', title: 'X', enum: ['a', 'a'] } } })).toBe('addProperties.x.enum');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'string', title: 'X', 'x-ref': 'invoice' } } })).toBe('addProperties.x.x-ref');
    expect(refusal(builtIn, 'product', { addProperties: { constructor: { type: 'string', title: 'X' } } })).toBe('addProperties.constructor');
    expect(refusal(builtIn, 'product', { addProperties: { 'con-guion': { type: 'string', title: 'X' } } })).toBe('addProperties.con-guion');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'string', title: 'Dos\nlíneas' } } })).toBe('addProperties.x.title');
    expect(refusal(builtIn, 'product', { addProperties: { x: { type: 'string', title: 'X', default: 5 } } })).toBe('addProperties.x.default');
  });

  it('creates a record screen with its menu entry; its fields may refer to itself', () => {
    const merged = merge(builtIn, 'visita', { title: 'Visitas', menu: { title: 'Visitas', group: 'invoicing' }, addProperties: { fecha: { type: 'string', title: 'Fecha', format: 'date' }, cliente: { type: 'string', title: 'Cliente', 'x-ref': 'customer' }, anterior: { type: 'string', title: 'Visita anterior', 'x-ref': 'visita' } }, required: ['fecha'] });
    expect(merged.kind).toBe('record');
    expect(merged.schema).toMatchObject({ title: 'Visitas', 'x-storage': 'record', 'x-menu': { title: 'Visitas', group: 'invoicing' } });
    expect(refusal(builtIn, 'visita', { addProperties: { fecha: { type: 'string', title: 'Fecha' } } })).toBe('title');
    expect(refusal(builtIn, 'visita', { title: 'Visitas', menu: { title: 'Visitas', group: 'admin' }, addProperties: { fecha: { type: 'string', title: 'Fecha' } } })).toBe('menu');
    expect(refusal(builtIn, 'Visita', { title: 'Visitas', menu: { title: 'Visitas', group: 'invoicing' }, addProperties: { fecha: { type: 'string', title: 'Fecha' } } })).toBe('resource');
  });
});

describe('a stored layer after an upgrade', () => {
  it('skips what no longer applies, field by field, and reports it; the rest still applies', () => {
    // Saved when the deployment had `garantiaMeses`; the deployment no longer has it (an upgrade renamed it).
    const layer = {
      addProperties: { color: { type: 'string', title: 'Color' }, bodega: { type: 'string', title: 'Bodega', 'x-ref': 'bodega' } },
      titles: { garantiaMeses: 'Garantía', descripcion: 'Nombre' },
      hide: ['garantiaMeses'],
      order: ['garantiaMeses', 'color', '*'],
      required: ['bodega'],
    };
    const applied = applySavedLayer({ resource: 'product', layer, base: builtIn.get('product'), ...layerNames(builtIn, 'product') });
    expect(applied.problems.map((p) => p.path)).toEqual(['addProperties.bodega.x-ref', 'hide[0]', 'titles.garantiaMeses', 'order[0]']);
    for (const p of applied.problems) expect(p.message).toMatch(/[a-záéíóúñ]/);
    const props = (applied.merged!.schema as { properties: Record<string, { title: string }> }).properties;
    expect(props.color.title).toBe('Color');
    expect(props.descripcion.title).toBe('Nombre');
    expect(props.bodega).toBeUndefined();
    expect((applied.merged!.schema as { required: string[] }).required).not.toContain('bodega');
    expect(applied.merged!.ui['ui:order' as keyof object]).toEqual(['color', '*']);
  });

  it('serves the screen without the layer when nothing of it applies', () => {
    const applied = applySavedLayer({ resource: 'visita', layer: { title: 'Visitas', menu: { title: 'V', group: 'nope' } }, base: undefined, ...layerNames(builtIn, 'visita') });
    expect(applied.merged).toBeUndefined();
    expect(applied.problems).toEqual([expect.objectContaining({ path: 'menu' })]);
  });
});

describe('company fields in infoAdicional', () => {
  const schema = {
    properties: {
      ordenCompra: { type: 'string', title: 'Orden de compra', 'x-custom': true },
      vence: { type: 'string', title: 'Vence', format: 'date', 'x-custom': true },
      anticipo: { type: 'number', title: 'Anticipo', 'x-money': true, 'x-custom': true },
      bultos: { type: 'integer', title: 'Bultos', 'x-custom': true },
      urgente: { type: 'boolean', title: 'Urgente', 'x-custom': true },
      ruta: { type: 'string', title: 'Ruta', enum: ['Norte', 'Sur'], 'x-custom': true },
      vendedor: { type: 'string', title: 'Vendedor', 'x-ref': 'vendedor', 'x-custom': true },
      fechaEmision: { type: 'string', title: 'Fecha de emisión', format: 'date' },
    },
  };

  it('names each entry by the field’s title and formats the value by its type, in the form’s order, skipping empty ones', () => {
    const values = { ordenCompra: ' OC-1\n  bis ', vence: '2026-03-05', anticipo: 1935.5, bultos: 3, urgente: false, ruta: 'Sur', vendedor: 'b3c0', fechaEmision: '2026-01-01' };
    expect(customInfoAdicional(schema, values, new Map([['b3c0', 'Ana Torres']]))).toEqual([
      { nombre: 'Orden de compra', valor: 'OC-1 bis' },
      { nombre: 'Vence', valor: '05/03/2026' },
      { nombre: 'Anticipo', valor: '$ 1,935.50' },
      { nombre: 'Bultos', valor: '3' },
      { nombre: 'Urgente', valor: 'No' },
      { nombre: 'Ruta', valor: 'Sur' },
      { nombre: 'Vendedor', valor: 'Ana Torres' },
    ]);
    expect(customInfoAdicional(schema, { ordenCompra: '', urgente: true })).toEqual([{ nombre: 'Urgente', valor: 'Sí' }]);
    expect(formatCustomValue(schema.properties.vendedor, 'missing')).toBe('');
  });

  it('keeps every entry within the SRI’s 300 characters, on one line', () => {
    expect(sriText('a'.repeat(400))).toHaveLength(300);
    expect(sriText('uno\r\ndos\ttres\u0000')).toBe('uno dos tres');
    const [entry] = customInfoAdicional({ properties: { nota: { type: 'string', title: 'T'.repeat(350), 'x-custom': true } } }, { nota: 'x'.repeat(320) });
    expect(entry.nombre.length).toBe(300);
    expect(entry.valor.length).toBe(300);
  });
});
