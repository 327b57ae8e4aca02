import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData } from '../helpers/fixtures.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { ruc: await newRuc() });
  b = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('products', () => {
  it('pages, sorts and searches', async () => {
    for (let i = 0; i < 23; i += 1) {
      await post(t, a.auth, '/api/product', { codigoPrincipal: `SRV-${String(i).padStart(2, '0')}`, descripcion: `Servicio ${i}`, precioUnitario: 10 + i, codigoPorcentajeIva: '4' });
    }
    const first = await api('GET', '/api/product?sort=codigoPrincipal', a.auth);
    expect(first.headers['x-total-count']).toBe('25');
    expect(first.json()).toHaveLength(20);
    expect(first.json()[0].codigoPrincipal).toBe('LAP-01');
    const last = await api('GET', '/api/product?sort=codigoPrincipal&page=2', a.auth);
    expect(last.json().map((p: { codigoPrincipal: string }) => p.codigoPrincipal)).toEqual(['SRV-18', 'SRV-19', 'SRV-20', 'SRV-21', 'SRV-22']);
    const byPrice = await api('GET', '/api/product?sort=-precioUnitario&per_page=1', a.auth);
    expect(byPrice.json()[0]).toMatchObject({ codigoPrincipal: 'LAP-01', precioUnitario: 850 });
    const search = await api('GET', '/api/product?q=contabilidad', a.auth);
    expect(search.json().map((p: { codigoPrincipal: string }) => p.codigoPrincipal)).toEqual(['LIB-01']);
  });

  it('keeps 6-decimal unit prices and rejects 7', async () => {
    const ok = await post(t, a.auth, '/api/product', { codigoPrincipal: 'KWH', descripcion: 'Energía kWh', precioUnitario: 0.091234, codigoPorcentajeIva: '4' });
    expect(ok.precioUnitario).toBe(0.091234);
    const bad = await api('POST', '/api/product', a.auth, { codigoPrincipal: 'KWH2', descripcion: 'x', precioUnitario: 0.0912345, codigoPorcentajeIva: '4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'precioUnitario', message: 'Precio unitario (USD): máximo 6 decimales' });
  });

  it('refuses a duplicate codigoPrincipal, unknown IVA codes and wrong types', async () => {
    const dup = await api('POST', '/api/product', a.auth, { codigoPrincipal: 'LAP-01', descripcion: 'otra', precioUnitario: 1, codigoPorcentajeIva: '4' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0].path).toBe('codigoPrincipal');
    const sameCodeOtherCompany = await api('POST', '/api/product', b.auth, { codigoPrincipal: 'LAP-01', descripcion: 'otra', precioUnitario: 1, codigoPorcentajeIva: '4' });
    expect(sameCodeOtherCompany.statusCode).toBe(201);
    const iva = await api('POST', '/api/product', a.auth, { codigoPrincipal: 'X1', descripcion: 'x', precioUnitario: 1, codigoPorcentajeIva: '3' });
    expect(iva.statusCode).toBe(400);
    expect(iva.json().details[0].path).toBe('codigoPorcentajeIva');
    const types = await api('POST', '/api/product', a.auth, { codigoPrincipal: 5, descripcion: '', precioUnitario: 'diez' });
    expect(types.statusCode).toBe(400);
    expect(types.json().details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['codigoPrincipal', 'descripcion', 'precioUnitario']));
    const notObject = await t.app.inject({ method: 'POST', url: '/api/product', headers: { ...a.auth, 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(notObject.statusCode).toBe(400);
  });

  it('stores properties the schema adds in extra and returns them', async () => {
    const entry = t.deps.schemas.get('product')!;
    const schema = entry.schema as { properties: Record<string, object> };
    schema.properties.marca = { type: 'string', title: 'Marca' };
    // Recompile with the added property, as a deployment's SCHEMAS_DIR would.
    const { loadSchemaRegistry } = await import('../../server/schemas/registry.ts');
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    delete schema.properties.marca;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    mkdirSync(path.join(dir, 'product'));
    writeFileSync(path.join(dir, 'product', 'patch.json'), JSON.stringify({ addProperties: { marca: { type: 'string', title: 'Marca', maxLength: 40 } } }));
    // The app merges each company's layer over the registry it was built with: rebuild it on the same database.
    t.deps.schemas = loadSchemaRegistry({ overridesDir: dir });
    await t.restart();
    try {
      const created = await post(t, a.auth, '/api/product', { codigoPrincipal: 'TV-55', descripcion: 'Televisor', precioUnitario: 499.99, codigoPorcentajeIva: '4', marca: 'Lumen', ignorado: 'x' });
      expect(created.marca).toBe('Lumen');
      expect(created).not.toHaveProperty('ignorado');
      const got = (await api('GET', `/api/product/${created._id}`, a.auth)).json();
      expect(got.marca).toBe('Lumen');
      const tooLong = await api('PUT', `/api/product/${created._id}`, a.auth, { ...got, marca: 'x'.repeat(41) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().details[0].path).toBe('marca');
    } finally {
      t.deps.schemas = loadSchemaRegistry();
      await t.restart();
    }
  });
});

describe('customers', () => {
  it('checks identification per type', async () => {
    const cases: Array<[string, string, number]> = [
      ['05', '1714307103', 409], // valid but already there
      ['05', '1714307104', 400],
      ['05', '171430710', 400],
      ['04', '1790016919001', 201],
      ['04', '1714307104001', 400],
      ['07', '9999999999998', 400],
      ['06', 'AB123456', 201],
      ['08', 'X'.repeat(21), 400],
    ];
    for (const [tipo, identificacion, status] of cases) {
      const res = await api('POST', '/api/customer', a.auth, { tipoIdentificacion: tipo, identificacion, razonSocial: `Cliente ${identificacion}` });
      expect(res.statusCode, `${tipo} ${identificacion}: ${res.body}`).toBe(status);
      if (status === 400) expect(res.json().details[0].path).toBe('identificacion');
    }
    const email = await api('POST', '/api/customer', a.auth, { tipoIdentificacion: '06', identificacion: 'P999', razonSocial: 'X', email: 'no-correo' });
    expect(email.statusCode).toBe(400);
    expect(email.json().details[0].path).toBe('email');
  });

  it('updates in full and clears optional fields left out', async () => {
    const c = (await api('GET', `/api/customer/${data.customer._id}`, a.auth)).json();
    const res = await api('PUT', `/api/customer/${c._id}`, a.auth, { tipoIdentificacion: '05', identificacion: '1714307103', razonSocial: 'María F. Lozada' });
    expect(res.statusCode).toBe(200);
    expect(res.json().razonSocial).toBe('María F. Lozada');
    expect(res.json().email ?? null).toBeNull();
    await api('PUT', `/api/customer/${c._id}`, a.auth, { ...c });
  });
});

describe('establishments', () => {
  it('requires three-digit codes, unique per company, and distinct emission points', async () => {
    const bad = await api('POST', '/api/establishment', a.auth, { estab: '1000', nombre: 'X', dirEstablecimiento: 'Y', puntosEmision: [{ ptoEmi: '000' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: 'estab', message: 'Código de establecimiento: use tres dígitos, p. ej. 001' },
        { path: 'puntosEmision.0.ptoEmi', message: 'Puntos de emisión, fila 1, punto de emisión: use tres dígitos, p. ej. 001' },
      ]),
    );
    // "1" is what a person means by "001": it pads itself.
    const padded = await api('POST', '/api/establishment', a.auth, { estab: '9', nombre: 'Sucursal 9', dirEstablecimiento: 'Y', puntosEmision: [{ ptoEmi: '2' }] });
    expect(padded.statusCode).toBe(201);
    expect(padded.json()).toMatchObject({ estab: '009', puntosEmision: [{ ptoEmi: '002' }] });
    const dup = await api('POST', '/api/establishment', a.auth, { estab: '001', nombre: 'X', dirEstablecimiento: 'Y', puntosEmision: [{ ptoEmi: '001' }] });
    expect(dup.statusCode).toBe(409);
    const repeated = await api('POST', '/api/establishment', a.auth, { estab: '002', nombre: 'X', dirEstablecimiento: 'Y', puntosEmision: [{ ptoEmi: '001' }, { ptoEmi: '001' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details[0].path).toBe('puntosEmision.1.ptoEmi');
    const none = await api('POST', '/api/establishment', a.auth, { estab: '002', nombre: 'X', dirEstablecimiento: 'Y', puntosEmision: [] });
    expect(none.statusCode).toBe(400);
  });

  it('keeps the estab code and the emission points that comprobantes use', async () => {
    const est = await post(t, a.auth, '/api/establishment', { estab: '007', nombre: 'Sucursal', dirEstablecimiento: 'Guayaquil', puntosEmision: [{ ptoEmi: '001' }, { ptoEmi: '002' }, { ptoEmi: '003' }] });
    const body = (over: object) => ({ estab: '007', nombre: 'Sucursal', dirEstablecimiento: 'Guayaquil', puntosEmision: [{ ptoEmi: '001' }, { ptoEmi: '002' }, { ptoEmi: '003' }], ...over });
    // no invoice yet: anything may change
    expect((await api('PUT', `/api/establishment/${est._id}`, a.auth, body({ estab: '008' }))).statusCode).toBe(200);
    expect((await api('PUT', `/api/establishment/${est._id}`, a.auth, body({}))).statusCode).toBe(200);
    const customer = await post(t, a.auth, '/api/customer', { tipoIdentificacion: '05', identificacion: '1716430390', razonSocial: 'Lucía Andrade' });
    const product = await post(t, a.auth, '/api/product', { codigoPrincipal: 'EST-1', descripcion: 'Servicio', precioUnitario: 5, codigoPorcentajeIva: '0' });
    const line = { product: product._id, cantidad: 1, precioUnitario: 5, codigoPorcentajeIva: '0' };
    for (let i = 0; i < 2; i += 1) await post(t, a.auth, '/api/invoice', { establishment: est._id, ptoEmi: '002', customer: customer._id, detalles: [line] });

    const estab = await api('PUT', `/api/establishment/${est._id}`, a.auth, body({ estab: '008' }));
    expect(estab.statusCode).toBe(409);
    expect(estab.json()).toMatchObject({ message: 'El código del establecimiento 007 no se puede cambiar: se usa en 2 facturas', details: [{ path: 'estab' }] });
    const removed = await api('PUT', `/api/establishment/${est._id}`, a.auth, body({ puntosEmision: [{ ptoEmi: '001' }] }));
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ message: 'El punto de emisión 002 no se puede quitar: se usa en 2 facturas', details: [{ path: 'puntosEmision' }] });
    expect((await api('GET', `/api/establishment/${est._id}`, a.auth)).json()).toMatchObject({ estab: '007', puntosEmision: [{ ptoEmi: '001' }, { ptoEmi: '002' }, { ptoEmi: '003' }] });
    // unused points and the other fields still change
    const ok = await api('PUT', `/api/establishment/${est._id}`, a.auth, body({ nombre: 'Sucursal Norte', puntosEmision: [{ ptoEmi: '002', descripcion: 'Caja' }, { ptoEmi: '004' }] }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ nombre: 'Sucursal Norte', puntosEmision: [{ ptoEmi: '002', descripcion: 'Caja' }, { ptoEmi: '004' }] });
  });
});

describe('tenancy and deletion', () => {
  it('answers 404 for another company\'s records on every verb', async () => {
    for (const [resource, record] of [
      ['product', data.laptop],
      ['customer', data.customer],
      ['establishment', data.establishment],
    ] as const) {
      expect((await api('GET', `/api/${resource}/${record._id}`, b.auth)).statusCode).toBe(404);
      expect((await api('PUT', `/api/${resource}/${record._id}`, b.auth, { ...record })).statusCode).toBe(404);
      expect((await api('DELETE', `/api/${resource}/${record._id}`, b.auth)).statusCode).toBe(404);
      const list = (await api('GET', `/api/${resource}`, b.auth)).json();
      expect(list.map((r: { _id: string }) => r._id)).not.toContain(record._id);
    }
  });

  it('refuses to delete a customer, product or establishment an invoice uses, saying why', async () => {
    const inv = await post(t, a.auth, '/api/invoice', {
      establishment: data.establishment._id,
      ptoEmi: '001',
      customer: data.customer._id,
      detalles: [{ product: data.book._id, cantidad: 1, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
    });
    for (const [resource, id, word] of [
      ['customer', data.customer._id, 'cliente'],
      ['product', data.book._id, 'producto'],
      ['establishment', data.establishment._id, 'establecimiento'],
    ] as const) {
      const res = await api('DELETE', `/api/${resource}/${id}`, a.auth);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`${word} se usa en 1 factura`, 'i'));
    }
    expect((await api('DELETE', `/api/invoice/${inv._id}`, a.auth)).statusCode).toBe(204);
    const spare = await post(t, a.auth, '/api/product', { codigoPrincipal: 'DEL-1', descripcion: 'borrar', precioUnitario: 1, codigoPorcentajeIva: '0' });
    expect((await api('DELETE', `/api/product/${spare._id}`, a.auth)).statusCode).toBe(204);
    expect((await api('GET', `/api/product/${spare._id}`, a.auth)).statusCode).toBe(404);
  });
});
