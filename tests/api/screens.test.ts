/**
 * Screens edited in the app (issue 27, DESIGN.md §13): a company's layer over the built-in and
 * deployment schemas, stored per company and version, served, enforced and printed for that
 * company alone. Runs on PGlite and PostgreSQL (EMITE_TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, newRuc, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { bookSale, issuingCompany, post } from '../helpers/fixtures.ts';
import { pdfText } from '../helpers/xml-tools.ts';
import { screenLayers } from '../../server/db/schema/index-tables.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof issuingCompany>>['a'];
let aData: Awaited<ReturnType<typeof issuingCompany>>['data'];
let b: Awaited<ReturnType<typeof issuingCompany>>['a'];
let bData: Awaited<ReturnType<typeof issuingCompany>>['data'];

beforeAll(async () => {
  t = await createTestApp();
  ({ a, data: aData } = await issuingCompany(t));
  ({ a: b, data: bData } = await issuingCompany(t));
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const ORDEN_DE_COMPRA = { addProperties: { ordenCompra: { type: 'string', title: 'Orden de compra', maxLength: 40, description: 'El número que nos dio el cliente' } }, columns: [{ field: 'numero', title: 'Número', sortable: true }, { field: 'ordenCompra', title: 'Orden de compra' }, { field: 'importeTotal', title: 'Total', format: 'money' }] };

describe('a company field on facturas', () => {
  it('reaches the authorised XML and the RIDE of company A, after the document’s own entries; company B is unchanged', async () => {
    const saved = await api('PUT', '/api/admin/screens/invoice', a.auth, ORDEN_DE_COMPRA);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json()).toEqual(ORDEN_DE_COMPRA);

    const schemaA = (await api('GET', '/api/admin/schema/invoice', a.auth)).json();
    expect(schemaA.schema.properties.ordenCompra).toMatchObject({ type: 'string', title: 'Orden de compra', 'x-custom': true });
    // Each company field takes one of the SRI's 15 campoAdicional: the draft's own entries shrink.
    expect(schemaA.schema.properties.infoAdicional.maxItems).toBe(12);
    expect(schemaA.list.columns.map((c: { field: string }) => c.field)).toContain('ordenCompra');
    const schemaB = (await api('GET', '/api/admin/schema/invoice', b.auth)).json();
    expect(schemaB.schema.properties.ordenCompra).toBeUndefined();
    expect(schemaB.schema.properties.infoAdicional.maxItems).toBe(13);
    expect((await api('GET', '/api/admin/schema/', a.auth)).headers.etag).not.toBe((await api('GET', '/api/admin/schema/', b.auth)).headers.etag);

    const draft = await post(t, a.auth, '/api/invoice', { ...bookSale(aData), infoAdicional: [{ nombre: 'Observación', valor: 'Entregar en bodega' }], ordenCompra: 'OC-2026-0042' });
    expect(draft.ordenCompra).toBe('OC-2026-0042');
    const issued = await api('POST', `/api/invoice/${draft._id}/issue`, a.auth);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'AUTORIZADA', ordenCompra: 'OC-2026-0042' });

    const xml = (await api('GET', `/api/invoice/${draft._id}/xml?format=autorizacion`, a.auth)).body;
    const entries = [...xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').matchAll(/<campoAdicional nombre="([^"]+)">([^<]*)<\/campoAdicional>/g)].map((m) => [m[1], m[2]]);
    expect(entries).toEqual([
      ['Email', 'maria@example.com'],
      ['Observación', 'Entregar en bodega'],
      ['Orden de compra', 'OC-2026-0042'],
    ]);
    const ride = await pdfText((await api('GET', `/api/invoice/${draft._id}/pdf`, a.auth)).rawPayload);
    expect(ride.text).toContain('Orden de compra: OC-2026-0042');

    // The list and its CSV carry the company's column.
    const list = (await api('GET', '/api/invoice', a.auth)).json();
    expect(list.find((r: { _id: string }) => r._id === draft._id).ordenCompra).toBe('OC-2026-0042');
    const csv = (await api('GET', '/api/invoice/export', a.auth)).body;
    expect(csv.split('\n')[0]).toContain('Orden de compra');
    expect(csv).toContain('OC-2026-0042');

    // Company B: same screen, no field; an unknown property is dropped as before, nothing in its XML.
    const other = await post(t, b.auth, '/api/invoice', { ...bookSale(bData), ordenCompra: 'no aplica' });
    expect(other.ordenCompra).toBeUndefined();
    const issuedB = await api('POST', `/api/invoice/${other._id}/issue`, b.auth);
    expect(issuedB.statusCode, issuedB.body).toBe(200);
    const xmlB = (await api('GET', `/api/invoice/${other._id}/xml`, b.auth)).body;
    expect(xmlB).not.toContain('Orden de compra');
    expect((await api('GET', '/api/invoice/export', b.auth)).body.split('\n')[0]).not.toContain('Orden de compra');
    expect((await api('GET', '/api/admin/screens/invoice', b.auth)).json()).toEqual({});
  });
});

describe('what a company may not do', () => {
  it('enforces a required company field on products, for that company only', async () => {
    const layer = { addProperties: { marca: { type: 'string', title: 'Marca', minLength: 2, maxLength: 60 } }, required: ['marca'] };
    expect((await api('PUT', '/api/admin/screens/product', a.auth, layer)).statusCode).toBe(200);
    const missing = await api('POST', '/api/product', a.auth, { codigoPrincipal: 'TAL-01', descripcion: 'Taladro', precioUnitario: 80, codigoPorcentajeIva: '4' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'marca' })]));
    const ok = await post(t, a.auth, '/api/product', { codigoPrincipal: 'TAL-01', descripcion: 'Taladro', precioUnitario: 80, codigoPorcentajeIva: '4', marca: 'Bosch' });
    expect((await api('GET', `/api/product/${ok._id}`, a.auth)).json().marca).toBe('Bosch');
    // Company B creates the same product without it.
    await post(t, b.auth, '/api/product', { codigoPrincipal: 'TAL-01', descripcion: 'Taladro', precioUnitario: 80, codigoPorcentajeIva: '4' });
  });

  it('refuses, in Spanish and before storing, hiding what the SRI needs, clashing names, bad schemas and too many fields', async () => {
    const before = (await api('GET', '/api/admin/screens/product/versions', a.auth)).json().length;
    const cases: Array<[string, object, string]> = [
      ['product', { hide: ['codigoPrincipal'] }, 'hide[0]'],
      ['invoice', { hide: ['fechaEmision'] }, 'hide[0]'],
      ['customer', { hide: ['identificacion'] }, 'hide[0]'],
      ['product', { addProperties: { descripcion: { type: 'string', title: 'Otra' } } }, 'addProperties.descripcion'],
      ['product', { addProperties: { Descripcion: { type: 'string', title: 'Otra' } } }, 'addProperties.Descripcion'],
      ['invoice', { addProperties: { numero: { type: 'string', title: 'Número' } } }, 'addProperties.numero'],
      ['product', { addProperties: { serie: { type: 'string', title: 'Serie', pattern: '^(a+)+$' } } }, 'addProperties.serie.pattern'],
      ['product', { addProperties: { peso: { type: 'number', title: 'Peso', minimum: 10, maximum: 1 } } }, 'addProperties.peso.minimum'],
      ['product', { addProperties: { color: { type: 'string', title: 'Color', enum: [] } } }, 'addProperties.color.enum'],
      ['product', { addProperties: { sinTitulo: { type: 'string' } } }, 'addProperties.sinTitulo.title'],
      ['product', { addProperties: { bodega: { type: 'string', title: 'Bodega', 'x-ref': 'dashboard' } } }, 'addProperties.bodega.x-ref'],
      ['product', { required: ['noExiste'] }, 'required[0]'],
      ['product', { order: ['descripcion', 'noExiste'] }, 'order[1]'],
      ['product', { addProperties: { marca: { type: 'string', title: 'Marca' } }, columns: [{ field: 'precioUnitario', sortable: true }, { field: 'marca', sortable: true }] }, 'columns[1].sortable'],
      ['invoice', { addProperties: Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`dato${i}`, { type: 'string', title: `Dato ${i}` }])) }, 'addProperties'],
      ['product', { addProperties: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`dato${i}`, { type: 'string', title: `Dato ${i}` }])) }, 'addProperties'],
      ['invoice', { addProperties: { nota: { type: 'string', title: 'Nota', maxLength: 301 } } }, 'addProperties.nota.maxLength'],
      ['user', { addProperties: { apodo: { type: 'string', title: 'Apodo' } } }, ''],
    ];
    for (const [resource, layer, path] of cases) {
      const res = await api('PUT', `/api/admin/screens/${resource}`, a.auth, layer);
      if (resource === 'user') {
        expect(res.statusCode, res.body).toBe(404);
        continue;
      }
      expect(res.statusCode, `${resource} ${JSON.stringify(layer).slice(0, 80)}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.details[0].path, res.body).toBe(path);
      expect(body.message).toMatch(/^La pantalla no se puede guardar: /);
    }
    const huge = await api('PUT', '/api/admin/screens/product', a.auth, { addProperties: { nota: { type: 'string', title: 'Nota', description: 'x'.repeat(300) } }, titles: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`c${i}`, 'y'.repeat(90)])) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/bytes/);
    expect((await api('GET', '/api/admin/screens/product/versions', a.auth)).json()).toHaveLength(before);
  });

  it('answers 403 to EMISOR and CONTADOR, and the menu shows Pantallas only to ADMIN and SUPERADMIN', async () => {
    const roles: Record<string, Record<string, string>> = {};
    for (const role of ['ADMIN', 'EMISOR', 'CONTADOR']) {
      const email = uniqueEmail(role.toLowerCase());
      expect((await api('POST', '/api/user', a.auth, { email, firstName: 'U', lastName: role, role, password: 'Clave1234!' })).statusCode).toBe(201);
      const login = await api('PUT', `/auth/company/${a.companyId}/login`, {}, { email, password: 'Clave1234!' });
      roles[role] = { authorization: `Bearer ${login.json().token}` };
    }
    for (const role of ['EMISOR', 'CONTADOR']) {
      expect((await api('GET', '/api/admin/screens', roles[role])).statusCode).toBe(403);
      expect((await api('GET', '/api/admin/screens/invoice', roles[role])).statusCode).toBe(403);
      expect((await api('PUT', '/api/admin/screens/invoice', roles[role], {})).statusCode).toBe(403);
      expect((await api('POST', '/api/admin/screens/invoice/versions/1/restore', roles[role])).statusCode).toBe(403);
      const menu = (await api('GET', '/api/admin/menu/', roles[role])).json();
      expect(menu.find((m: { path: string }) => m.path === '/config')).toBeUndefined();
      // They still see the company's fields on their screens.
      expect((await api('GET', '/api/admin/schema/invoice', roles[role])).json().schema.properties.ordenCompra).toBeDefined();
    }
    expect((await api('GET', '/api/admin/screens', roles.ADMIN)).statusCode).toBe(200);
    const menu = (await api('GET', '/api/admin/menu/', roles.ADMIN)).json();
    // Empresa is in the sidebar for ADMIN (those who may change the company), before Pantallas.
    expect(menu.find((m: { path: string }) => m.path === '/config')).toMatchObject({ title: 'Configuración', children: [expect.objectContaining({ path: 'company', title: 'Empresa' }), expect.objectContaining({ path: 'screens', title: 'Pantallas' })] });
  });
});

describe('versions', () => {
  it('keeps every version with who and when, and restores one as a new version', async () => {
    const c = await signUp(t, { ruc: await newRuc() });
    const v1 = { addProperties: { vendedor: { type: 'string', title: 'Vendedor', enum: ['Ana', 'Luis'] } } };
    const v2 = { addProperties: { vendedor: { type: 'string', title: 'Vendedor', enum: ['Ana', 'Luis', 'Marta'] }, placa: { type: 'string', title: 'Placa', maxLength: 8 } }, order: ['placa', '*'] };
    expect((await api('PUT', '/api/admin/screens/customer', c.auth, v1)).headers.etag).toBe('"1"');
    // If-Match: an editor that started from version 0 cannot overwrite version 1.
    const stale = await api('PUT', '/api/admin/screens/customer', { ...c.auth, 'if-match': '"0"' }, v2);
    expect(stale.statusCode).toBe(409);
    expect((await api('PUT', '/api/admin/screens/customer', { ...c.auth, 'if-match': '"1"' }, v2)).headers.etag).toBe('"2"');
    const versions = (await api('GET', '/api/admin/screens/customer/versions', c.auth)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ layer: v1, createdBy: { _id: c.userId, name: 'Ana Pérez' }, restoredFrom: null });
    expect(Date.parse(versions[0].createdAt)).toBeGreaterThan(0);

    const restored = await api('POST', '/api/admin/screens/customer/versions/1/restore', c.auth);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toEqual(v1);
    expect((await api('GET', '/api/admin/screens/customer', c.auth)).json()).toEqual(v1);
    expect((await api('GET', '/api/admin/schema/customer', c.auth)).json().schema.properties.placa).toBeUndefined();
    expect((await api('GET', '/api/admin/screens/customer/versions', c.auth)).json()[0]).toMatchObject({ version: 3, restoredFrom: 1 });
    expect((await api('POST', '/api/admin/screens/customer/versions/9/restore', c.auth)).statusCode).toBe(404);
    // Another company's versions are not there.
    expect((await api('GET', '/api/admin/screens/customer/versions', a.auth)).json()).toEqual([]);

    const list = (await api('GET', '/api/admin/screens', c.auth)).json();
    expect(list.find((s: { resource: string }) => s.resource === 'customer')).toMatchObject({ title: 'Cliente', kind: 'master', version: 3, customFields: 1, updatedBy: { name: 'Ana Pérez' }, problems: [] });
    expect(list.find((s: { resource: string }) => s.resource === 'invoice')).toMatchObject({ kind: 'comprobante', version: 0 });
    expect(list.map((s: { resource: string }) => s.resource)).not.toContain('user');
  });
});

describe('two API nodes', () => {
  it('a change saved on one node is served and enforced by the other at once', async () => {
    const nodeB = await t.addNode();
    const d = await signUp(t, { ruc: await newRuc() });
    // Node B has read (and cached) the company's schemas before the change.
    expect((await nodeB.inject({ method: 'GET', url: '/api/admin/schema/product', headers: d.auth })).json().schema.properties.lote).toBeUndefined();
    const layer = { addProperties: { lote: { type: 'string', title: 'Lote', minLength: 1 } }, required: ['lote'] };
    expect((await api('PUT', '/api/admin/screens/product', d.auth, layer)).statusCode).toBe(200);
    await nodeB.changeFeed.sync();
    expect((await nodeB.inject({ method: 'GET', url: '/api/admin/schema/product', headers: d.auth })).json().schema.properties.lote).toMatchObject({ title: 'Lote' });
    const refused = await nodeB.inject({ method: 'POST', url: '/api/product', headers: d.auth, payload: { codigoPrincipal: 'L-1', descripcion: 'Vacuna', precioUnitario: 9, codigoPorcentajeIva: '0' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('lote');
    // And back: a reset on node B is seen by node A.
    expect((await nodeB.inject({ method: 'PUT', url: '/api/admin/screens/product', headers: d.auth, payload: {} })).statusCode).toBe(200);
    await t.app.changeFeed.sync();
    expect((await api('POST', '/api/product', d.auth, { codigoPrincipal: 'L-1', descripcion: 'Vacuna', precioUnitario: 9, codigoPorcentajeIva: '0' })).statusCode).toBe(201);
  });
});

describe('the company’s list columns and filters', () => {
  const VENDEDOR = { type: 'string', title: 'Vendedor', enum: ['Ana', 'Luis'] };
  const vendedorFilter = { field: 'vendedor', title: 'Vendedor', type: 'select', options: [{ value: 'Ana', label: 'Ana' }, { value: 'Luis', label: 'Luis' }] };

  it('filter the lists and their CSV by a company field on the server: facturas, customers and a screen of its own', async () => {
    const { a: e, data } = await issuingCompany(t);
    const invoiceLayer = { addProperties: { vendedor: VENDEDOR, urgente: { type: 'boolean', title: 'Urgente' } }, filters: [vendedorFilter, { field: 'urgente', title: 'Urgente', type: 'select', options: [{ value: 'true', label: 'Sí' }, { value: 'false', label: 'No' }] }], columns: [{ field: 'numero', title: 'Número' }, { field: 'vendedor', title: 'Vendedor' }, { field: 'saldo', title: 'Saldo', format: 'money' }] };
    // `saldo` is a column the built-in list computes (no schema property): the company may keep it.
    const savedLayer = await api('PUT', '/api/admin/screens/invoice', e.auth, invoiceLayer);
    expect(savedLayer.statusCode, savedLayer.body).toBe(200);
    const byAna = await post(t, e.auth, '/api/invoice', { ...bookSale(data), vendedor: 'Ana', urgente: true });
    const byLuis = await post(t, e.auth, '/api/invoice', { ...bookSale(data), vendedor: 'Luis', urgente: false });
    const ids = async (url: string) => (await api('GET', url, e.auth)).json().map((r: { _id: string }) => r._id);
    expect(await ids('/api/invoice?vendedor=Ana')).toEqual([byAna._id]);
    expect(await ids('/api/invoice?vendedor=Luis&urgente=false')).toEqual([byLuis._id]);
    expect(await ids('/api/invoice?vendedor=Luis&urgente=true')).toEqual([]);
    expect((await ids('/api/invoice')).sort()).toEqual([byAna._id, byLuis._id].sort());
    // the same statement shape again (prepared): other values, other rows
    expect(await ids('/api/invoice?vendedor=Luis')).toEqual([byLuis._id]);
    const csv = (await api('GET', '/api/invoice/export?vendedor=Ana', e.auth)).body.trim().split('\n');
    expect(csv[0]).toContain('Vendedor');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('Ana');
    // another company's field name filters nothing there
    expect((await api('GET', '/api/invoice?vendedor=Ana', a.auth)).json().length).toBeGreaterThan(0);

    expect((await api('PUT', '/api/admin/screens/customer', e.auth, { addProperties: { vendedor: VENDEDOR }, filters: [vendedorFilter] })).statusCode).toBe(200);
    const ana = await post(t, e.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1710034065', razonSocial: 'Cliente de Ana', vendedor: 'Ana' });
    expect(await ids('/api/customer?vendedor=Ana')).toEqual([ana._id]);
    expect(await ids('/api/customer?vendedor=Luis')).toEqual([]);

    const visitas = { title: 'Visitas', menu: { title: 'Visitas', group: 'invoicing' }, addProperties: { lugar: { type: 'string', title: 'Lugar', minLength: 1 }, vendedor: VENDEDOR }, required: ['lugar'], filters: [vendedorFilter], columns: [{ field: 'lugar', title: 'Lugar' }, { field: 'vendedor', title: 'Vendedor' }] };
    expect((await api('PUT', '/api/admin/screens/visitas', e.auth, visitas)).statusCode).toBe(200);
    const v1 = await post(t, e.auth, '/api/record/visitas', { lugar: 'Cuenca', vendedor: 'Ana' });
    await post(t, e.auth, '/api/record/visitas', { lugar: 'Loja', vendedor: 'Luis' });
    expect(await ids('/api/record/visitas?vendedor=Ana')).toEqual([v1._id]);
    const list = (await api('GET', '/api/admin/schema/visitas', e.auth)).json().list;
    expect(list.columns.map((c: { field: string }) => c.field)).toEqual(['lugar', 'vendedor']);
    expect(list.filters).toEqual([vendedorFilter]);
  });
});

describe('a stored layer that no longer applies (after an upgrade)', () => {
  it('is skipped field by field and reported to the company’s admins; the screen keeps working', async () => {
    const f = await signUp(t, { ruc: await newRuc() });
    // Saved when the product screen had `garantiaMeses`, which an upgrade renamed.
    const stale = { addProperties: { color: { type: 'string', title: 'Color' } }, titles: { garantiaMeses: 'Garantía', descripcion: 'Nombre' }, hide: ['garantiaMeses'], order: ['garantiaMeses', 'color', '*'] };
    await t.deps.db.insert(screenLayers).values({ companyId: f.companyId, resource: 'product', version: 1, layer: stale, createdBy: f.userId });
    t.app.companySchemas.invalidate(f.companyId);

    const schema = (await api('GET', '/api/admin/schema/product', f.auth)).json();
    expect(schema.schema.properties.color.title).toBe('Color');
    expect(schema.schema.properties.descripcion.title).toBe('Nombre');
    expect(schema.ui['ui:order']).toEqual(['color', '*']);
    const summary = (await api('GET', '/api/admin/screens', f.auth)).json().find((s: { resource: string }) => s.resource === 'product');
    expect(summary.problemCount).toBe(3);
    expect(summary.problems.map((p: { path: string }) => p.path).sort()).toEqual(['hide[0]', 'order[0]', 'titles.garantiaMeses']);
    for (const p of summary.problems) expect(p.message).toContain('garantiaMeses');
    const created = await api('POST', '/api/product', f.auth, { codigoPrincipal: 'C-1', descripcion: 'Camiseta', precioUnitario: 9, codigoPorcentajeIva: '4', color: 'Rojo' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().color).toBe('Rojo');
  });
});
