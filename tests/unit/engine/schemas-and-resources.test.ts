import { describe, expect, it, vi } from 'vitest';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addEmiteKeywords, decimalsOf } from '../../../core/schema-keywords.ts';
import { apiPathOf, BUNDLED, isPageSchema, labelFieldOf, permissionOf, resolveApiPath, type SchemaEntry } from '../../../src/engine/schema-registry.ts';
import { listKey, listQuery } from '../../../src/engine/resources.ts';
import { routesFromMenu, type MenuEntry } from '../../../src/engine/menu.ts';
import { accessTo } from '../../../src/engine/access.ts';
import type { CurrentUser } from '../../../src/engine/session.ts';

const entry = (name: string, schema: SchemaEntry['schema'], list: SchemaEntry['list'] = {}): SchemaEntry => ({ name, schema, ui: {}, list });

describe('Emite keywords', () => {
  it('lets strict Ajv (draft 7 and 2020-12) compile every bundled schema', () => {
    const draft7 = addEmiteKeywords(new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true }));
    const draft2020 = addEmiteKeywords(new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true }));
    addFormats(draft7);
    addFormats(draft2020);
    for (const e of Object.values(BUNDLED)) {
      const { $schema: _ignored, ...schema } = e.schema;
      expect(() => draft7.compile(schema), e.name).not.toThrow();
      expect(() => draft2020.compile(schema), e.name).not.toThrow();
    }
  });

  it('checks decimal places: x-decimals (6) and x-money (2)', () => {
    const ajv = addEmiteKeywords(new Ajv({ strict: true }));
    const validate = ajv.compile({ type: 'object', properties: { precio: { type: 'number', 'x-decimals': 6 }, total: { type: 'number', 'x-money': true } } });
    expect(validate({ precio: 1.123456, total: 10.5 })).toBe(true);
    expect(validate({ precio: 1.1234567 })).toBe(false);
    expect(validate.errors?.[0].message).toBe('debe tener como máximo 6 decimales');
    expect(validate({ total: 10.555 })).toBe(false);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(12)).toBe(0);
  });
});

describe('schema registry', () => {
  it('bundles every screen schema with its ui and list', () => {
    for (const name of ['product', 'customer', 'establishment', 'invoice', 'user', 'table', 'catalog', 'company', 'profile', 'dashboard']) expect(BUNDLED[name], name).toBeDefined();
    expect(BUNDLED.product.list.columns?.map((c) => c.field)).toEqual(['codigoPrincipal', 'descripcion', 'precioUnitario', 'codigoPorcentajeIva']);
    expect(BUNDLED.invoice.list.filters?.map((f) => f.type)).toEqual(['status', 'ref', 'date-range', 'select']);
  });

  it('derives API paths from x-api, x-storage and x-resource, and fails fast on a missing parameter', () => {
    expect(apiPathOf(BUNDLED.product)).toBe('/api/product');
    expect(apiPathOf(BUNDLED.table)).toBe('/api/admin/table');
    expect(apiPathOf(BUNDLED.catalog, { table: 'forma_pago' })).toBe('/api/admin/table/forma_pago/catalog');
    expect(() => apiPathOf(BUNDLED.catalog)).toThrow(/necesita el parámetro "table"/);
    expect(apiPathOf(entry('vehiculo', { 'x-storage': 'record' }))).toBe('/api/record/vehiculo');
    expect(apiPathOf(entry('cliente', { 'x-resource': 'customer' }))).toBe('/api/customer');
    expect(resolveApiPath({ resource: 'customer' })).toBe('/api/customer');
    expect(resolveApiPath({ resource: 'unknown' })).toBe('/api/unknown');
  });

  it('knows page schemas, label fields and permission names', () => {
    expect(isPageSchema(BUNDLED.dashboard)).toBe(true);
    expect(isPageSchema(BUNDLED.invoice)).toBe(false); // its renderer replaces the form, the list stays
    expect(labelFieldOf(BUNDLED.customer)).toBe('razonSocial');
    expect(labelFieldOf(entry('x', { properties: { _id: {}, nombre: {} } }))).toBe('nombre');
    expect(permissionOf(entry('vehiculo', { 'x-storage': 'record' }))).toBe('record');
    // the notas go with the factura's permission (there is no 'credit-note' role permission)
    expect(permissionOf(BUNDLED['credit-note'])).toBe('invoice');
    expect(permissionOf(BUNDLED['debit-note'])).toBe('invoice');
    expect(permissionOf(BUNDLED.invoice)).toBe('invoice');
  });
});

describe('resource keys', () => {
  it('builds the same key for the same params, whatever their order or empty values', () => {
    const a = listKey('/api/product', { resource: 'product', page: 2, perPage: 20, q: '', sort: 'descripcion', filters: { status: undefined } });
    const b = listKey('/api/product', { sort: 'descripcion', perPage: 20, page: 2, resource: 'product' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(listQuery({ resource: 'invoice', filters: { status: 'AUTORIZADA', from: '2026-01-01', to: '' } })).toEqual({ page: 1, per_page: 20, status: 'AUTORIZADA', from: '2026-01-01' });
  });
});

describe('routes from the server menu', () => {
  it('mounts the admin tables and their catalogs from list.json "nested"', () => {
    const menu: MenuEntry[] = [
      { path: '/dashboard', title: 'Inicio', type: 'link', icontype: 'dashboard' },
      { path: '/admin', title: 'Administración', type: 'sub', icontype: 'settings', collapse: 'admin', children: [{ path: 'table', title: 'Tablas y catálogos', ab: 'T' }] },
    ];
    const routes = routesFromMenu(menu, BUNDLED);
    expect(routes.map((r) => `${r.kind} ${r.path} ${r.schema}`)).toEqual([
      'custom /dashboard dashboard',
      'list /admin/table table',
      'form /admin/table/new table',
      'form /admin/table/:id table',
      'list /admin/table/:table/catalog catalog',
      'form /admin/table/:table/catalog/new catalog',
      'form /admin/table/:table/catalog/:id catalog',
    ]);
    expect(routes.at(-1)).toMatchObject({ basePath: '/admin/table/:table/catalog', apiParams: ['table'] });
  });

  it('skips an entry whose schema is missing, saying which', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(routesFromMenu([{ path: '/otros', title: 'Otros', type: 'sub', children: [{ path: 'vehiculo', title: 'Vehículos' }] }], BUNDLED)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"vehiculo"'));
    warn.mockRestore();
  });
});

describe('access', () => {
  const user: CurrentUser = { _id: 'u', email: 'a@b.ec', firstName: 'A', lastName: 'B', role: 'EMISOR', isStaff: false, company: { _id: 'c', ruc: '1', razonSocial: 'C' }, permissions: { product: ['read', 'create', 'update'] } };
  it('follows the role permissions, and staff only for reference data', () => {
    expect(accessTo(user, BUNDLED.product)).toEqual({ read: true, create: true, update: true, remove: false });
    expect(accessTo(user, BUNDLED.catalog)).toEqual({ read: true, create: false, update: false, remove: false });
    expect(accessTo({ ...user, isStaff: true }, BUNDLED.catalog)).toEqual({ read: true, create: true, update: true, remove: true });
    expect(accessTo(null, BUNDLED.product).read).toBe(false);
  });
});
