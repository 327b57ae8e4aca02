import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post } from '../helpers/fixtures.ts';
import { loadSchemaRegistry } from '../../server/schemas/registry.ts';
import { ensureRecordIndexes } from '../../server/domain/records/record-resources.ts';

const deployment = path.resolve('examples/deployment');
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp({ schemasDir: deployment });
  await ensureRecordIndexes(t.database.db, t.deps.schemas);
  a = await signUp(t, { ruc: await newRuc() });
  b = await signUp(t, { ruc: await newRuc() });
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('example deployment (SCHEMAS_DIR=examples/deployment)', () => {
  it('adds the Vehículos menu entry and serves its schema', async () => {
    const menu = (await api('GET', '/api/admin/menu/', a.auth)).json();
    const invoicing = menu.find((m: { path: string }) => m.path === '/invoicing');
    expect(invoicing.children).toContainEqual({ path: 'vehiculo', title: 'Vehículos', ab: 'V' });
    const schema = (await api('GET', '/api/admin/schema/vehiculo', a.auth)).json();
    expect(schema.schema['x-storage']).toBe('record');
  });

  it('round-trips, validates, pages, sorts and searches vehicle records, per company', async () => {
    const customer = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1104181183', razonSocial: 'Pedro Loja' });
    const plates = ['PBC-1234', 'GYE-987', 'ABC-1000', 'PBA-0001'];
    for (const [i, placa] of plates.entries()) {
      await post(t, a.auth, '/api/record/vehiculo', { placa, marca: i % 2 ? 'Chevrolet' : 'Kia', modelo: `Modelo ${i}`, anio: 2015 + i, cliente: customer._id });
    }
    const page = await api('GET', '/api/record/vehiculo?sort=placa&per_page=3', a.auth);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((v: { placa: string }) => v.placa)).toEqual(['ABC-1000', 'GYE-987', 'PBA-0001']);
    const byYear = await api('GET', '/api/record/vehiculo?sort=-anio&per_page=1', a.auth);
    expect(byYear.json()[0].anio).toBe(2018);
    const kia = await api('GET', '/api/record/vehiculo?q=kia', a.auth);
    expect(kia.json()).toHaveLength(2);

    const one = page.json()[0];
    const got = await api('GET', `/api/record/vehiculo/${one._id}`, a.auth);
    expect(got.json()).toMatchObject({ placa: 'ABC-1000', cliente: customer._id });
    const put = await api('PUT', `/api/record/vehiculo/${one._id}`, a.auth, { ...got.json(), modelo: 'Sportage' });
    expect(put.json().modelo).toBe('Sportage');

    const bad = await api('POST', '/api/record/vehiculo', a.auth, { placa: 'xx', marca: '', anio: 1900 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['placa', 'marca', 'modelo', 'anio']));
    expect((await api('GET', '/api/record/vehiculo?sort=nada', a.auth)).statusCode).toBe(400);

    expect((await api('GET', '/api/record/vehiculo', b.auth)).headers['x-total-count']).toBe('0');
    expect((await api('GET', `/api/record/vehiculo/${one._id}`, b.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/record/vehiculo/${one._id}`, b.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/record/vehiculo/${one._id}`, a.auth)).statusCode).toBe(204);
    expect((await api('GET', '/api/record/product', a.auth)).statusCode).toBe(404);
  });

  it('stores and returns the custom product field, with the new title', async () => {
    const p = await post(t, a.auth, '/api/product', { codigoPrincipal: 'TV-1', descripcion: 'Televisor', precioUnitario: 300, codigoPorcentajeIva: '4', garantiaMeses: 24 });
    expect(p.garantiaMeses).toBe(24);
    expect((await api('GET', `/api/product/${p._id}`, a.auth)).json().garantiaMeses).toBe(24);
    const bad = await api('POST', '/api/product', a.auth, { codigoPrincipal: 'TV-2', descripcion: 'x', precioUnitario: 1, codigoPorcentajeIva: '4', garantiaMeses: 500 });
    expect(bad.json().details[0].path).toBe('garantiaMeses');
    const schema = (await api('GET', '/api/admin/schema/product', a.auth)).json();
    expect(schema.schema.properties.codigoAuxiliar.title).toBe('Código de barras');
    expect(schema.ui['ui:order'][4]).toBe('garantiaMeses');
  });
});

describe('a broken schema stops start-up', () => {
  it('names the file and the Ajv error', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bad-schemas-'));
    mkdirSync(path.join(dir, 'roto'));
    writeFileSync(path.join(dir, 'roto', 'schema.json'), JSON.stringify({ type: 'object', properties: { a: { type: 'texto' } } }));
    expect(() => loadSchemaRegistry({ overridesDir: dir })).toThrow(/roto\/schema\.json.*type/s);
    writeFileSync(path.join(dir, 'roto', 'schema.json'), '{ "type": "object", ');
    expect(() => loadSchemaRegistry({ overridesDir: dir })).toThrow(/roto\/schema\.json/);
    writeFileSync(path.join(dir, 'roto', 'schema.json'), JSON.stringify({ type: 'object', properties: {} }));
    mkdirSync(path.join(dir, 'product'));
    writeFileSync(path.join(dir, 'product', 'patch.json'), JSON.stringify({ hide: ['noExiste'] }));
    expect(() => loadSchemaRegistry({ overridesDir: dir })).toThrow(/product\/patch\.json.*noExiste/);
  });
});
