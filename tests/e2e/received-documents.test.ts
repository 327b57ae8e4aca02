/**
 * Received comprobantes in Chromium (#13): a supplier company (registered through the API) sells to
 * the demo company's RUC and the sandbox SRI authorises it; in Compras > Recibidos the demo user
 * pastes the clave de acceso (checked as typed), the factura opens with its emisor and totals, and
 * it is listed with its supplier, amounts and "Retenido: No". Then the portal's TXT (Latin-1) with a
 * new key, a known one and a malformed line: a progress bar and one result per line. An XML upload
 * is "Sin confirmar con el SRI" (detail and list) until "Confirmar con el SRI" confirms it. Last, a
 * retención the supplier issued on a demo factura: registered by key, it shows on that factura.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { apiCaller, registerSupplierSellingTo, type SupplierSeller } from './steps.ts';
import { createSriClient, sriEndpoints } from '../../server/sri/soap-client.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { signedRetencion } from '../helpers/retencion-sample.ts';

const e2e = browserSuite({ signIn: DEMO_USER });
const DEMO_RUC = '1790016919001';
const SUPPLIER_RUC = '1792060346001';

const call = apiCaller(() => e2e.srv.url);
let supplier: SupplierSeller | undefined;
let firstClave = '';

/** The supplier sells `cantidad` resmas at 4.35 (+ IVA 15 %) to the demo company: the authorised factura. */
const supplierSale = (cantidad: number) => supplier!.sell(cantidad);

/** A supplier registers and issues a factura to the demo company's RUC; the sandbox authorises it (10 resmas: 43.50 + IVA 6.53 = 50.03). */
async function supplierSellsToDemo(): Promise<{ claveAcceso: string; numero: string }> {
  supplier = await registerSupplierSellingTo(call, { outboxFiles: () => e2e.srv.outboxFiles(), ruc: SUPPLIER_RUC, razonSocial: 'Papelería Los Andes S.A.', dirMatriz: 'Av. Colón E5-12, Quito', estab: '002', ptoEmi: '003', buyer: { ruc: DEMO_RUC, razonSocial: 'Empresa Demo S.A.' } });
  return supplierSale(10);
}

describe('Compras > Recibidos in Chromium', () => {
  it('pastes a clave de acceso: the factura opens with its emisor and totals and is listed', async () => {
    const { page, errors } = e2e.b;
    const sale = await supplierSellsToDemo();
    expect(sale.numero).toBe('002-003-000000001');
    firstClave = sale.claveAcceso;

    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    if (!(await nav.getByRole('link', { name: 'Recibidos', exact: true }).isVisible())) await nav.getByText('Compras', { exact: true }).click();
    await nav.getByRole('link', { name: 'Recibidos', exact: true }).click();
    await page.getByRole('heading', { name: 'Comprobantes recibidos' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Agregar comprobantes recibidos' }).waitFor();

    const input = page.getByLabel('Clave de acceso (49 dígitos)');
    await input.fill(sale.claveAcceso.slice(0, 30));
    await expect.poll(() => page.getByTestId('clave-problem').textContent()).toBe('Faltan 19 dígitos (tiene 30 de 49)');
    expect(await page.getByRole('button', { name: 'Consultar al SRI y registrar' }).isDisabled()).toBe(true);
    await input.fill(`${sale.claveAcceso.slice(0, 48)}${(Number(sale.claveAcceso[48]) + 1) % 10}`);
    await expect.poll(() => page.getByTestId('clave-problem').textContent()).toContain('dígito verificador');
    await input.fill(sale.claveAcceso);
    await screenshot(page, 'received-10-clave');
    await page.getByRole('button', { name: 'Consultar al SRI y registrar' }).click();

    const detail = page.getByTestId('received-detail');
    await detail.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: `Factura ${sale.numero}` }).waitFor();
    expect(await page.getByTestId('emisor').textContent()).toContain('Papelería Los Andes S.A.');
    expect(await page.getByTestId('emisor').textContent()).toContain(`RUC ${SUPPLIER_RUC}`);
    expect(await page.getByTestId('received-clave').textContent()).toBe(sale.claveAcceso);
    expect(await page.getByTestId('total-sin-impuestos').textContent()).toBe('$ 43.50');
    expect(await page.getByTestId('importe-total').textContent()).toBe('$ 50.03');
    const totals = await page.getByTestId('received-totals').textContent();
    expect(totals).toContain('Subtotal IVA 15 %');
    expect(totals).toContain('$ 6.53');
    expect(await page.getByTestId('received-lines').textContent()).toContain('Resma de papel A4');
    expect(await page.getByTestId('withheld-badge').textContent()).toBe('Sin retención');
    const withhold = page.getByRole('link', { name: 'Emitir retención' });
    expect(await withhold.getAttribute('href')).toMatch(/#\/purchases\/withholding\/new\?receivedDocument=[0-9a-f-]{36}$/);
    await screenshot(page, 'received-20-detail');

    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    const row = page.getByRole('row', { name: new RegExp(sale.numero) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const part of ['Papelería Los Andes S.A.', SUPPLIER_RUC, '$ 43.50', '$ 6.53', '$ 50.03', 'No']) expect(text).toContain(part);
    await screenshot(page, 'received-30-list');
    expect(errors).toEqual([]);
  });

  it('imports the SRI portal TXT: a progress bar, then one result per line', async () => {
    const { page, errors } = e2e.b;
    // 3 resmas: 13.05 + IVA 1.96 = 15.01; the first factura is listed again (already registered)
    const fresh = await supplierSale(3);
    const header = 'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
    const fecha = guayaquilDate(new Date()).split('-').reverse().join('/');
    const line = (clave: string, serie: string) => `${SUPPLIER_RUC}\tPAPELERÍA LOS ANDES S.A.\tFactura\t${serie}\t${clave}\t${fecha} 10:00:00\t${fecha}\t${DEMO_RUC}\t13.05\t1.96\t15.01\t`;
    const txt = [header, line(fresh.claveAcceso, fresh.numero), line(firstClave, '002-003-000000001'), `${SUPPLIER_RUC}\tPAPELERÍA\tNota de Crédito\t002-003-000000001\t123\t${fecha}\t${fecha}\t${DEMO_RUC}\t.31\t.05\t\t002-003-000000001`, '', ''].join('\r\n');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Agregar comprobantes recibidos' }).waitFor();
    await page.getByTestId('txt-file').setInputFiles({ name: 'recibidos.txt', mimeType: 'text/plain', buffer: Buffer.from(txt, 'latin1') });
    await page.getByTestId('txt-progress').waitFor();
    await expect.poll(() => page.getByTestId('txt-progress').textContent(), { timeout: 30_000 }).toContain('Terminado: 3 de 3 filas');
    expect(await page.getByTestId('txt-summary').textContent()).toBe('1 registrado · 1 ya registrado · 1 con error');
    const rows = page.getByTestId('txt-result');
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['imported', 'duplicate', 'error']);
    expect(await rows.nth(0).textContent()).toContain('Papelería Los Andes S.A.');
    expect(await rows.nth(2).textContent()).toContain('La clave de acceso "123" no tiene 49 dígitos');
    await screenshot(page, 'received-40-txt');
    await rows.nth(0).getByRole('link', { name: 'Ver' }).click();
    await page.getByRole('heading', { name: `Factura ${fresh.numero}` }).waitFor();
    expect(await page.getByTestId('importe-total').textContent()).toBe('$ 15.01');
    expect(errors).toEqual([]);
  });

  it('uploads the supplier XML: "Sin confirmar con el SRI" in the detail and the list until "Confirmar con el SRI" confirms it', async () => {
    const { page, errors } = e2e.b;
    // 4 resmas: 17.40 + IVA 2.61 = 20.01
    const sale = await supplierSale(4);
    const headers = { authorization: `Bearer ${supplier!.token}` };
    const [issued] = (await (await fetch(`${e2e.srv.url}/api/invoice?q=${sale.numero}`, { headers })).json()) as Array<{ _id: string }>;
    const xml = await (await fetch(`${e2e.srv.url}/api/invoice/${issued._id}/xml`, { headers })).text();
    await page.goto(`${e2e.srv.url}/#/purchases/received-document/new`);
    await page.getByRole('heading', { name: 'Agregar comprobantes recibidos' }).waitFor();
    await page.getByTestId('xml-file').setInputFiles({ name: 'factura.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await page.getByRole('heading', { name: `Factura ${sale.numero}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('sri-badge').textContent()).toBe('Sin confirmar con el SRI');
    expect(await page.getByTestId('unconfirmed-note').textContent()).toContain('no cuenta en el ATS');
    await screenshot(page, 'received-45-unconfirmed');

    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    const row = page.getByRole('row', { name: new RegExp(sale.numero) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sin confirmar con el SRI');
    await screenshot(page, 'received-46-list-unconfirmed');
    await row.getByText(sale.numero).click();

    await page.getByRole('button', { name: 'Confirmar con el SRI' }).click();
    await expect.poll(() => page.getByTestId('sri-badge').textContent(), { timeout: 30_000 }).toBe('Confirmado con el SRI');
    expect(await page.getByTestId('unconfirmed-note').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirmar con el SRI' }).count()).toBe(0);
    expect(await page.getByTestId('importe-total').textContent()).toBe('$ 20.01');
    await screenshot(page, 'received-47-confirmed');
    await page.getByRole('link', { name: 'Volver a la lista' }).click();
    const confirmedRow = page.getByRole('row', { name: new RegExp(sale.numero) });
    await confirmedRow.waitFor();
    expect(await confirmedRow.textContent()).not.toContain('Sin confirmar');
    expect(errors).toEqual([]);
  });

  it('a retención the supplier (as our customer) issued on our factura: registered by key, shown on the factura', async () => {
    const { page, errors } = e2e.b;
    const demo = await call('PUT', '/auth/login', DEMO_USER);
    const demoToken = String(demo.token);
    const establishments = (await (await fetch(`${e2e.srv.url}/api/establishment`, { headers: { authorization: `Bearer ${demoToken}` } })).json()) as Array<{ _id: string; puntosEmision: Array<{ ptoEmi: string }> }>;
    const customer = await call('POST', '/api/customer', { tipoIdentificacion: '04', identificacion: SUPPLIER_RUC, razonSocial: 'Papelería Los Andes S.A.' }, demoToken);
    const products = (await (await fetch(`${e2e.srv.url}/api/product?q=LAP`, { headers: { authorization: `Bearer ${demoToken}` } })).json()) as Array<{ _id: string; precioUnitario: number }>;
    // 1 laptop at 850 + IVA 15 % = 977.50
    const draft = await call('POST', '/api/invoice', { establishment: establishments[0]._id, ptoEmi: establishments[0].puntosEmision[0].ptoEmi, customer: customer._id, detalles: [{ product: products[0]._id, cantidad: 1, precioUnitario: 850, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '20', total: 977.5 }] }, demoToken);
    const factura = await call('POST', `/api/invoice/${draft._id}/issue`, {}, demoToken);
    expect(factura.status).toBe('AUTORIZADA');
    const today = guayaquilDate(new Date());
    const retencion = signedRetencion({ rucEmisor: SUPPLIER_RUC, razonSocialEmisor: 'Papelería Los Andes S.A.', rucSujetoRetenido: DEMO_RUC, razonSocialSujetoRetenido: 'Comercial Demo Emite S.A.', fechaEmision: today, secuencial: 1, facturaNumero: String(factura.numero), facturaFecha: String(factura.fechaEmision), base: 850, iva: 127.5 });
    const reception = await createSriClient(sriEndpoints('sandbox', e2e.srv.url)).validarComprobante(retencion.xml);
    expect(reception.estado, JSON.stringify(reception.mensajes)).toBe('RECIBIDA');

    await page.goto(`${e2e.srv.url}/#/purchases/received-document/new`);
    await page.getByLabel('Clave de acceso (49 dígitos)').fill(retencion.claveAcceso);
    await page.getByRole('button', { name: 'Consultar al SRI y registrar' }).click();
    await page.getByRole('heading', { name: 'Comprobante de retención 001-001-000000001' }).waitFor({ timeout: 30_000 });
    // 1.75 % of 850 = 14.88; 30 % of 127.50 = 38.25
    expect(await page.getByTestId('importe-total').textContent()).toBe('$ 53.13');
    expect(await page.getByTestId('received-retenciones').textContent()).toContain(`Factura ${factura.numero}`);
    await screenshot(page, 'received-50-retencion');
    await page.getByRole('link', { name: 'Ver la factura' }).click();
    const card = page.getByTestId('retenciones-recibidas');
    await card.waitFor({ timeout: 30_000 });
    const text = (await card.textContent()) ?? '';
    for (const part of ['001-001-000000001', 'Papelería Los Andes S.A.', '$ 53.13']) expect(text).toContain(part);
    await screenshot(page, 'received-60-factura');
    expect(errors).toEqual([]);
  });
});
