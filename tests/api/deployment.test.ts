import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post } from '../helpers/fixtures.ts';
import { loadSchemaRegistry } from '../../server/schemas/registry.ts';
import { sql } from 'drizzle-orm';
import { ensureRecordIndexes } from '../../server/domain/records/record-resources.ts';
import { recordIndexName } from '../../server/domain/records/record-indexes.ts';

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

  it('accepts as cliente only a customer of the same company', async () => {
    const mine = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1716430390', razonSocial: 'Lucía Andrade' });
    const theirs = await post(t, b.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1716430390', razonSocial: 'Lucía Andrade' });
    const car = { placa: 'ABC-1234', marca: 'Kia', modelo: 'Rio', anio: 2020 };
    for (const cliente of [theirs._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api('POST', '/api/record/vehiculo', a.auth, { ...car, cliente });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ path: 'cliente', message: 'No existe un registro de «Cliente» con ese id en su empresa' }]);
    }
    const junk = await api('POST', '/api/record/vehiculo', a.auth, { ...car, cliente: 'abc' });
    expect(junk.json().details).toEqual([{ path: 'cliente', message: '"abc" no es un identificador válido' }]);
    const ok = await post(t, a.auth, '/api/record/vehiculo', { ...car, cliente: mine._id });
    const moved = await api('PUT', `/api/record/vehiculo/${ok._id}`, a.auth, { ...car, cliente: theirs._id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details[0].path).toBe('cliente');
  });

  it('does not delete a customer a vehículo refers to, and says why', async () => {
    const owner = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '04', identificacion: '1790016919001', razonSocial: 'Flota S.A.' });
    const cars = [];
    for (const placa of ['FLT-0001', 'FLT-0002']) cars.push(await post(t, a.auth, '/api/record/vehiculo', { placa, marca: 'Hino', modelo: 'Dutro', anio: 2022, cliente: owner._id }));
    const refused = await api('DELETE', `/api/customer/${owner._id}`, a.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('El cliente se usa en 2 registros de «Vehículo» y no se puede eliminar');
    for (const car of cars) expect((await api('DELETE', `/api/record/vehiculo/${car._id}`, a.auth)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/customer/${owner._id}`, a.auth)).statusCode).toBe(204);
  });

  it('indexes exactly the sortable, default-sort and x-ref fields, and the list uses them', async () => {
    const names = async () => {
      const res = (await t.database.db.execute(sql`select indexname from pg_indexes where tablename = 'record'`)) as unknown as { rows: Array<{ indexname: string }> };
      return res.rows.map((r) => r.indexname).sort();
    };
    // what the first version built for every scalar property is dropped
    await t.database.db.execute(sql.raw(`create index if not exists record_vehiculo_observaciones_idx on record (company_id, (data->>'observaciones')) where resource = 'vehiculo'`));
    await ensureRecordIndexes(t.database.db, t.deps.schemas);
    const btree = ['placa', 'marca', 'modelo', 'anio', 'cliente'].map((f) => recordIndexName('vehiculo', f));
    // migration 0003 installs pg_trgm (PGlite loads it as a contrib extension): searchable fields get a trigram index
    const trgm = ['placa', 'marca', 'modelo'].map((f) => recordIndexName('vehiculo', f, 'trgm'));
    const after = await names();
    expect(after.filter((n) => n.startsWith('rx_vehiculo_'))).toEqual([...btree, ...trgm].sort());
    expect(after).not.toContain('record_vehiculo_observaciones_idx');
    expect(after).toContain('record_company_resource_created_idx');
    expect((await api('GET', '/api/record/vehiculo?sort=observaciones', a.auth)).statusCode).toBe(400);

    // `-anio` reads the anio index backwards (the query's expression is the index's expression)
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const r = (await tx.execute(
        sql.raw(`explain select * from record where company_id = '${a.companyId}' and resource = 'vehiculo' order by ((data->>'anio')::numeric) desc, created_at desc, id limit 20`),
      )) as unknown as { rows: Array<Record<string, string>> };
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain(`Index Scan Backward using ${recordIndexName('vehiculo', 'anio')}`);
    const byYear = (await api('GET', '/api/record/vehiculo?sort=-anio', a.auth)).json();
    expect(byYear.map((v: { anio: number }) => v.anio)).toEqual([...byYear.map((v: { anio: number }) => v.anio)].sort((x: number, y: number) => y - x));
  });

  it('builds trigram indexes for the searchable fields (pg_trgm from migration 0003) and search answers as a scan would', async () => {
    const before = (await api('GET', '/api/record/vehiculo?q=kia&per_page=100', a.auth)).json();
    expect(before.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`drop extension pg_trgm cascade`);
    await ensureRecordIndexes(t.database.db, t.deps.schemas);
    const scanned = (await api('GET', '/api/record/vehiculo?q=kia&per_page=100', a.auth)).json();
    await t.database.db.execute(sql`create extension pg_trgm`);
    await ensureRecordIndexes(t.database.db, t.deps.schemas);
    expect(scanned).toEqual(before);
    const res = (await t.database.db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'record' and indexdef like '%gin_trgm_ops%' and indexname like 'rx_vehiculo_%'`)) as unknown as { rows: Array<{ indexname: string }> };
    expect(res.rows.map((r) => r.indexname).sort()).toEqual(['placa', 'marca', 'modelo'].map((f) => recordIndexName('vehiculo', f, 'trgm')).sort());
    expect((await api('GET', '/api/record/vehiculo?q=kia&per_page=100', a.auth)).json()).toEqual(before);
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

  /** A SCHEMAS_DIR holding `files` (relative path -> JSON value, or raw text), loaded. */
  const loadWith = (files: Record<string, unknown>) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bad-schemas-'));
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return () => loadSchemaRegistry({ overridesDir: dir });
  };
  const vehiculo = { type: 'object', 'x-storage': 'record', properties: { placa: { type: 'string' }, anio: { type: 'integer' } } };

  it('refuses a patch with a misspelt key or a name that is not a field, naming patch.json', () => {
    expect(loadWith({ 'product/patch.json': { addPropertiez: { x: { type: 'string' } } } })).toThrow(/product\/patch\.json: clave desconocida "addPropertiez"/);
    expect(loadWith({ 'product/patch.json': { order: ['descripcion', 'garantia', '*'] } })).toThrow(/product\/patch\.json: order\[1\]: "garantia" no es un campo/);
    expect(loadWith({ 'product/patch.json': { order: ['*', 'descripcion', '*'] } })).toThrow(/patch\.json: order: "\*" solo puede aparecer una vez/);
    expect(loadWith({ 'product/patch.json': { columns: [{ field: 'codigoPrincipal' }, { field: 'precio' }] } })).toThrow(/patch\.json: columns\[1\]\.field: "precio" no es un campo/);
    expect(loadWith({ 'product/patch.json': { columns: [{ title: 'Sin campo' }] } })).toThrow(/patch\.json: columns\[0\]: debe ser un objeto con "field"/);
    expect(loadWith({ 'product/patch.json': { titles: { precio: 'Precio' } } })).toThrow(/patch\.json: titles\.precio/);
    expect(loadWith({ 'product/patch.json': { required: ['garantia'] } })).toThrow(/patch\.json: required\[0\]: "garantia"/);
    expect(loadWith({ 'product/patch.json': { addProperties: { descripcion: { type: 'integer' } } } })).toThrow(/patch\.json: addProperties\.descripcion: el campo ya existe/);
    // a field added by the same patch can be ordered, required and shown as a column
    const ok = loadWith({ 'product/patch.json': { addProperties: { garantia: { type: 'integer' } }, required: ['garantia'], order: ['garantia'], columns: [{ field: 'garantia' }, { field: 'createdAt' }] } })();
    expect(ok.get('product')!.ui).toMatchObject({ 'ui:order': ['garantia', '*'] });
  });

  it('names patch.json, not the bundled schema.json, when a property the patch adds is not valid JSON Schema', () => {
    const load = loadWith({ 'product/patch.json': { addProperties: { garantia: { type: 'entero' } } } });
    expect(load).toThrow(/product\/patch\.json: .*type/s);
    expect(load).not.toThrow(/schema\.json/);
  });

  it('checks ui.json and list.json shapes and field names', () => {
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/ui.json': [] })).toThrow(/vehiculo\/ui\.json: debe ser un objeto/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/ui.json': { 'ui:order': ['placa', 'color'] } })).toThrow(/vehiculo\/ui\.json: ui:order\[1\]: "color"/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/list.json': { columns: { field: 'placa' } } })).toThrow(/vehiculo\/list\.json: columns: debe ser una lista/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/list.json': { columns: [{ field: 'marca' }] } })).toThrow(/list\.json: columns\[0\]\.field: "marca"/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/list.json': { searchable: ['placa', 'marca'] } })).toThrow(/list\.json: searchable\[1\]: "marca"/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/list.json': { defaultSort: '-modelo' } })).toThrow(/list\.json: defaultSort: "modelo"/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/list.json': { columns: [{ field: 'placa' }], defaultSort: '-anio', searchable: ['placa'] } })).not.toThrow();
  });

  it('refuses folder names that cannot be a resource, and stray files', () => {
    expect(loadWith({ 'Vehiculo/schema.json': vehiculo })).toThrow(/Vehiculo: el nombre de la carpeta "Vehiculo" debe cumplir/);
    expect(loadWith({ 'mis vehiculos/schema.json': vehiculo })).toThrow(/el nombre de la carpeta "mis vehiculos"/);
    expect(loadWith({ 'vehiculo/schema.json': vehiculo, 'vehiculo/lista.json': {} })).toThrow(/vehiculo\/lista\.json: archivo desconocido/);
    expect(loadWith({ '.git/config.json': {}, 'vehiculo/schema.json': vehiculo, 'vehiculo/README.md': '# notas' })).not.toThrow();
  });
});
