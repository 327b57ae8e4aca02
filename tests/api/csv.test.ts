/**
 * CSV export of every list and CSV import of products and customers (DESIGN.md §9 "CSV"), on
 * PGlite and PostgreSQL. Runs with the example deployment (SCHEMAS_DIR=examples/deployment): its
 * product patch adds `garantiaMeses` (stored in `extra`) and renames codigoAuxiliar, and it adds
 * the schema-only `vehiculo` records.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestApp, newRuc, signUp, uniqueEmail, type TestApp } from '../helpers/test-app.ts';
import { createAndIssue, post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';
import { EXPORT_PAGE_SIZE } from '../../server/routes/list-export.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-20T15:00:00Z'), schemasDir: path.resolve('examples/deployment') });
  a = await signUp(t, { ruc: await newRuc() });
  b = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
});
afterAll(async () => t?.close());

const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: auth });
const importCsv = (url: string, auth: Record<string, string>, csv: string | Buffer) =>
  t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'text/csv' }, payload: csv });

/** The cells of a CSV answer, header first, after checking it is UTF-8 with a BOM. */
function cells(body: string): string[][] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return parse(body.slice(1)) as string[][];
}

/** The facturas export: the list's columns, then (appended, DESIGN.md §9) what the accountant needs. */
const INVOICE_HEADER = ['Número', 'Estado', 'Fecha', 'Cliente', 'Total', 'Saldo', 'Cobro', 'Identificación del cliente', 'Clave de acceso', 'Base 15 %', 'Base 5 %', 'Base 0 %', 'Base otras tarifas', 'No objeto de IVA', 'Exenta de IVA', 'IVA'];

const productLine = (i: number) => `P-${String(i).padStart(4, '0')},Producto ${i},${(i * 1.25).toFixed(2)},4`;

describe('export', () => {
  it('streams a list as UTF-8 CSV with a BOM, the list titles, plain decimals and accents', async () => {
    await post(t, a.auth, '/api/product', { codigoPrincipal: 'CAF-01', codigoAuxiliar: 'AUX-7', descripcion: 'Café de Loja, "especial"', precioUnitario: 0.091234, codigoPorcentajeIva: '0', garantiaMeses: 12 });
    await post(t, a.auth, '/api/product', { codigoPrincipal: 'FOR-01', descripcion: '=SUMA(A1:A9)', precioUnitario: 1234567.5, codigoPorcentajeIva: '4' });
    const res = await get('/api/product/export?sort=codigoPrincipal', a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="productos-2026-11-20.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(cells(res.body)).toEqual([
      ['Código', 'Descripción', 'Precio', 'IVA', 'Código de barras', 'Garantía (meses)'],
      ['CAF-01', 'Café de Loja, "especial"', '0.091234', '0', 'AUX-7', '12'],
      // A formula is written as text, so a spreadsheet shows it instead of running it.
      ['FOR-01', "'=SUMA(A1:A9)", '1234567.50', '4', '', ''],
      ['LAP-01', 'Laptop 14"', '850.00', '4', '', ''],
      ['LIB-01', 'Libro de contabilidad', '12.50', '0', '', ''],
    ]);
  });

  it('honours the search, filters and sort of the list', async () => {
    const bySearch = cells((await get('/api/product/export?q=laptop', a.auth)).body);
    expect(bySearch.slice(1).map((r) => r[0])).toEqual(['LAP-01']);
    const byPrice = cells((await get('/api/product/export?sort=-precioUnitario', a.auth)).body);
    expect(byPrice.slice(1).map((r) => r[0])).toEqual(['FOR-01', 'LAP-01', 'LIB-01', 'CAF-01']);

    const draft = (customer: string, cantidad: number) => ({
      establishment: data.establishment._id,
      ptoEmi: '001',
      customer,
      detalles: [{ product: data.book._id, cantidad, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
      pagos: [{ formaPago: '01', total: 12.5 * cantidad }],
    });
    for (const [customer, n] of [[data.customer._id, 1], [data.customer._id, 3], [data.consumidorFinal._id, 2]] as const) await post(t, a.auth, '/api/invoice', draft(customer, n));
    const filtered = await get(`/api/invoice/export?customer=${data.customer._id}&sort=-importeTotal&status=BORRADOR`, a.auth);
    expect(filtered.statusCode).toBe(200);
    expect(cells(filtered.body)).toEqual([
      INVOICE_HEADER,
      // A draft has no saldo nor payment status (DESIGN.md §12), nor a clave de acceso.
      ['', 'BORRADOR', '2026-11-20', 'María Fernanda Lozada', '37.50', '', '', '1714307103', '', '0.00', '0.00', '37.50', '0.00', '0.00', '0.00', '0.00'],
      ['', 'BORRADOR', '2026-11-20', 'María Fernanda Lozada', '12.50', '', '', '1714307103', '', '0.00', '0.00', '12.50', '0.00', '0.00', '0.00', '0.00'],
    ]);
    const none = cells((await get('/api/invoice/export?status=AUTORIZADA', a.auth)).body);
    expect(none).toEqual([INVOICE_HEADER]);
  });

  it('answers a bad sort or filter as a JSON error, and another company sees only its rows', async () => {
    const bad = await get('/api/product/export?sort=secreto', a.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('sort');
    expect((await get('/api/invoice/export?status=NADA', a.auth)).statusCode).toBe(400);
    expect((await get('/api/product/export', {})).statusCode).toBe(401);
    expect(cells((await get('/api/product/export', b.auth)).body)).toHaveLength(1);
  });

  it('exports schema-only records: /api/record/{resource}/export', async () => {
    await post(t, a.auth, '/api/record/vehiculo', { placa: 'PBC-1234', marca: 'Kia', modelo: 'Río', anio: 2019 });
    await post(t, a.auth, '/api/record/vehiculo', { placa: 'GYE-987', marca: 'Chevrolet', modelo: 'Aveo', anio: 2015 });
    const res = await get('/api/record/vehiculo/export?sort=-anio', a.auth);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vehiculo-2026-11-20.csv"');
    expect(cells(res.body)).toEqual([
      ['Placa', 'Marca', 'Modelo', 'Año'],
      ['PBC-1234', 'Kia', 'Río', '2019'],
      ['GYE-987', 'Chevrolet', 'Aveo', '2015'],
    ]);
    expect((await get('/api/record/nada/export', a.auth)).statusCode).toBe(404);
  });

  it('exports every list: customers, establishments, users, catalogs', async () => {
    expect(cells((await get('/api/customer/export', a.auth)).body)[0]).toEqual(['Identificación', 'Razón social', 'Tipo', 'Correo', 'Dirección', 'Teléfono']);
    expect(cells((await get('/api/establishment/export', a.auth)).body)).toEqual([
      ['Código', 'Nombre', 'Dirección'],
      ['001', 'Matriz', 'Av. Amazonas y Naciones Unidas, Quito'],
    ]);
    expect(cells((await get('/api/user/export', a.auth)).body)).toEqual([
      ['Apellidos', 'Nombres', 'Correo', 'Rol', 'Activo'],
      ['Pérez', 'Ana', a.email, 'SUPERADMIN', 'sí'],
    ]);
    const catalog = cells((await get('/api/admin/table/tarifa_iva/catalog/export', a.auth)).body);
    expect(catalog[0]).toEqual(['Código', 'Nombre', 'Vigente']);
    expect(catalog.some((r) => r[0] === '4')).toBe(true);
  });

  it('the facturas export carries what an accountant needs, and ?format=excel-es opens in Excel in Spanish', async () => {
    const c = await signUp(t, { ruc: await newRuc() });
    const cData = await seedMasterData(t, c.auth);
    await uploadTestCertificate(t, c.auth);
    // A laptop at 15 % (850.00, IVA 127.50) and two books at 0 % (25.00): total 1,002.50.
    const factura = await createAndIssue(t, c.auth, 'invoice', {
      establishment: cData.establishment._id,
      ptoEmi: '001',
      customer: cData.customer._id,
      detalles: [
        { product: cData.laptop._id, cantidad: 1, precioUnitario: 850, descuento: 0, codigoPorcentajeIva: '4' },
        { product: cData.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' },
      ],
      pagos: [{ formaPago: '20', total: 1002.5 }],
    });
    expect(factura.status).toBe('AUTORIZADA');
    const csv = await get('/api/invoice/export?status=AUTORIZADA', c.auth);
    const [header, row] = cells(csv.body);
    expect(header).toEqual(INVOICE_HEADER);
    expect(row).toEqual([factura.numero, 'AUTORIZADA', '2026-11-20', 'María Fernanda Lozada', '1002.50', '1002.50', 'PENDIENTE', '1714307103', factura.claveAcceso, '850.00', '0.00', '25.00', '0.00', '0.00', '0.00', '127.50']);
    // The default answer for API clients keeps ',' and decimal points; the file is named in Spanish.
    expect(csv.headers['content-disposition']).toBe('attachment; filename="facturas-2026-11-20.csv"');

    // Excel with Spanish (Ecuador) settings: ';', decimal commas, dd/mm/aaaa, the 49-digit clave kept as text; named for the month.
    const excel = await get('/api/invoice/export?status=AUTORIZADA&format=excel-es&from=2026-11-01&to=2026-11-30', c.auth);
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-disposition']).toBe('attachment; filename="facturas-2026-11.csv"');
    const lines = excel.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(INVOICE_HEADER.join(';'));
    expect(lines[1]).toBe(`${factura.numero};AUTORIZADA;20/11/2026;María Fernanda Lozada;1002,50;1002,50;PENDIENTE;1714307103;"=""${factura.claveAcceso}""";850,00;0,00;25,00;0,00;0,00;0,00;127,50`);
    const xlsx = await get('/api/invoice/export?format=xlsx', c.auth);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="facturas-2026-11-20.xlsx"');
    expect((await get('/api/invoice/export?format=nada', c.auth)).statusCode).toBe(400);
  });

  it('reads page after page: more rows than one export page, in order', async () => {
    const c = await signUp(t, { ruc: await newRuc() });
    const count = EXPORT_PAGE_SIZE + 5;
    const csv = ['Código,Descripción,Precio,IVA', ...Array.from({ length: count }, (_, i) => productLine(i))].join('\n');
    const imported = await importCsv('/api/product/import', c.auth, csv);
    expect(imported.json()).toEqual({ created: count, updated: 0, errors: [] });
    const rows = cells((await get('/api/product/export?sort=-codigoPrincipal', c.auth)).body).slice(1);
    expect(rows).toHaveLength(count);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: count }, (_, i) => `P-${String(count - 1 - i).padStart(4, '0')}`));
  }, 120_000);
});

describe('import', () => {
  it('round-trips: the products exported by one company import into another unchanged', async () => {
    const exported = await get('/api/product/export?sort=codigoPrincipal', a.auth);
    const res = await importCsv('/api/product/import', b.auth, exported.rawPayload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 4, updated: 0, errors: [] });
    const again = await get('/api/product/export?sort=codigoPrincipal', b.auth);
    expect(again.body).toBe(exported.body);
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ _id, createdAt, updatedAt, ...rest }) => rest);
    expect(strip((await get('/api/product?sort=codigoPrincipal', b.auth)).json())).toEqual(strip((await get('/api/product?sort=codigoPrincipal', a.auth)).json()));
    // The same file again updates, by codigoPrincipal, instead of duplicating.
    expect((await importCsv('/api/product/import', b.auth, exported.rawPayload)).json()).toEqual({ created: 0, updated: 4, errors: [] });
  });

  describe('100 rows, 3 of them wrong', () => {
    const lines = ['Código,Descripción,Precio,IVA', ...Array.from({ length: 100 }, (_, i) => productLine(i))];
    lines[12] = 'P-0011,Producto 11,doce,4'; // file line 13
    lines[50] = 'P-0049,,3.00,4'; // file line 51
    lines[80] = 'P-0079,Producto 79,1.00,9'; // file line 81
    const csv = lines.join('\r\n');
    const expected = [
      { row: 13, column: 'Precio', message: 'Debe ser un número' },
      { row: 51, column: 'Descripción', message: 'Obligatorio' },
      { row: 81, column: 'IVA', message: '"9" no es un valor vigente de la tabla tarifa_iva' },
    ];
    let c: Awaited<ReturnType<typeof signUp>>;
    const total = async () => Number((await get('/api/product', c.auth)).headers['x-total-count']);
    beforeAll(async () => {
      c = await signUp(t, { ruc: await newRuc() });
    });

    it('reports exactly those rows and columns, and saves nothing all-or-nothing', async () => {
      const preview = await importCsv('/api/product/import?mode=all&dryRun=1', c.auth, csv);
      expect(preview.json()).toEqual({ created: 0, updated: 0, errors: expected });
      const res = await importCsv('/api/product/import?mode=all', c.auth, csv);
      expect(res.json()).toEqual({ created: 0, updated: 0, errors: expected });
      expect(await total()).toBe(0);
    });

    it('previews and then saves the 97 valid rows in valid-rows mode', async () => {
      const preview = await importCsv('/api/product/import?mode=valid&dryRun=1', c.auth, csv);
      expect(preview.json()).toEqual({ created: 97, updated: 0, errors: expected });
      expect(await total()).toBe(0);
      const res = await importCsv('/api/product/import?mode=valid', c.auth, csv);
      expect(res.json()).toEqual({ created: 97, updated: 0, errors: expected });
      expect(await total()).toBe(97);
    });
  });

  it('imports customers by tipo + identificación with check digits, from a ;-separated Windows-1252 file', async () => {
    const csv = [
      'Tipo de identificación;Identificación;Razón social / Nombres y apellidos;Correo electrónico',
      '05;1714307103;María Fernanda Lozada Ñ;maria.nueva@example.com', // exists: updated, keeps its dirección
      '05;1714307104;Dígito malo;',
      '04;1790016919001;"Compañía; Anónima";ventas@example.com',
      '05;1714307103;Repetida;',
    ].join('\r\n');
    const res = await importCsv('/api/customer/import?mode=valid', a.auth, Buffer.from(csv, 'latin1'));
    expect(res.json()).toEqual({
      created: 1,
      updated: 1,
      errors: [
        { row: 3, column: 'Identificación', message: expect.stringMatching(/cédula|verificador/i) },
        { row: 5, column: 'Identificación', message: 'Repite Identificación de la fila 2' },
      ],
    });
    const maria = (await get('/api/customer?q=1714307103', a.auth)).json()[0];
    expect(maria).toMatchObject({ razonSocial: 'María Fernanda Lozada Ñ', email: 'maria.nueva@example.com', direccion: 'Cuenca' });
    const company = (await get('/api/customer?q=1790016919001', a.auth)).json()[0];
    expect(company).toMatchObject({ tipoIdentificacion: '04', razonSocial: 'Compañía; Anónima' });
  });

  it('takes decimal commas, property names as headers, and clears a property with an empty cell', async () => {
    const csv = 'codigoPrincipal;descripcion;precioUnitario;codigoAuxiliar\nLIB-01;Libro de contabilidad;13,75;\nNEW-1;Nuevo;0,5;X-1\n';
    expect((await importCsv('/api/product/import', a.auth, csv)).json()).toEqual({ created: 1, updated: 1, errors: [] });
    const rows = (await get('/api/product?q=NEW-1', a.auth)).json();
    expect(rows[0]).toMatchObject({ precioUnitario: 0.5, codigoAuxiliar: 'X-1', codigoPorcentajeIva: '4' });
    expect((await get('/api/product?q=LIB-01', a.auth)).json()[0]).toMatchObject({ precioUnitario: 13.75, codigoPorcentajeIva: '0' });
  });

  it('takes the IVA rate as the UI labels it ("15 %", "0 %", "No objeto de IVA", "4 — 15 %") as well as the SRI code', async () => {
    const csv = ['Código;Descripción;Precio;IVA', 'LBL-1;Con IVA;10;15 %', 'LBL-2;Tarifa cero;10;0%', 'LBL-3;No objeto;10;No objeto de IVA', 'LBL-4;Como en la lista;10;4 — 15 %', 'LBL-5;Exento;10;Exento de IVA', 'LBL-6;Código;10;5', 'LBL-7;Inventado;10;99 %'].join('\n');
    const res = (await importCsv('/api/product/import?mode=valid', a.auth, csv)).json();
    expect(res).toMatchObject({ created: 6, updated: 0, errors: [{ row: 8, column: 'IVA', message: expect.stringMatching(/99 %/) }] });
    const iva = Object.fromEntries(((await get('/api/product?q=LBL-&per_page=20', a.auth)).json() as Array<{ codigoPrincipal: string; codigoPorcentajeIva: string }>).map((p) => [p.codigoPrincipal, p.codigoPorcentajeIva]));
    expect(iva).toEqual({ 'LBL-1': '4', 'LBL-2': '0', 'LBL-3': '6', 'LBL-4': '4', 'LBL-5': '7', 'LBL-6': '5' });
  });

  it('refuses a header with unknown, repeated or missing columns before reading any row', async () => {
    const res = await importCsv('/api/product/import?mode=valid', a.auth, 'Código,Marca,Descripción,descripcion\nZ-1,Acme,Algo,Algo\n');
    expect(res.json()).toEqual({
      created: 0,
      updated: 0,
      errors: [
        { row: 1, column: 'Marca', message: expect.stringContaining('No es un campo conocido') },
        { row: 1, column: 'descripcion', message: 'Repite la columna "Descripción"' },
        { row: 1, column: 'Precio unitario (USD)', message: 'Falta esta columna obligatoria' },
      ],
    });
    expect((await importCsv('/api/product/import', a.auth, 'Código,Descripción,Precio\n')).json().errors).toEqual([{ row: 1, column: '', message: 'El archivo no tiene filas de datos' }]);
    expect((await importCsv('/api/product/import', a.auth, 'Código,Descripción,Precio\n"A-1,x,1\n')).json().errors[0].message).toContain('comillas');
  });

  it('serves a template and checks permissions', async () => {
    const template = await get('/api/product/import/template', a.auth);
    expect(template.headers['content-disposition']).toBe('attachment; filename="plantilla-productos.csv"');
    expect(cells(template.body)).toEqual([['Código principal', 'Código de barras', 'Descripción', 'Precio unitario (USD)', 'Tarifa de IVA', 'Garantía (meses)']]);
    const email = uniqueEmail('contador');
    await post(t, a.auth, '/api/user', { email, firstName: 'C', lastName: 'Ontador', role: 'CONTADOR', password: 'Clave1234!' });
    const login = await t.app.inject({ method: 'PUT', url: '/auth/login', payload: { email, password: 'Clave1234!' } });
    const contador = { authorization: `Bearer ${login.json().token}` };
    expect((await get('/api/product/export', contador)).statusCode).toBe(200);
    expect((await importCsv('/api/product/import', contador, 'Código,Descripción,Precio\nQ-1,x,1\n')).statusCode).toBe(403);
    expect((await get('/api/establishment/import/template', a.auth)).statusCode).toBe(404);
  });
});
