/**
 * Received comprobantes in Chromium (#13): a supplier company (registered through the API) sells to
 * the demo company's RUC and the sandbox SRI authorises it; in Compras > Recibidos the demo user
 * pastes the clave de acceso (checked as typed), the factura opens with its emisor and totals, and
 * it is listed with its supplier, amounts and "Retenido: No".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';

const e2e = browserSuite({ signIn: DEMO_USER });
const DEMO_RUC = '1790016919001';
const SUPPLIER_RUC = '1792060346001';

/** The supplier's API calls, with its token once signed in. */
async function call(method: string, path: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${e2e.srv.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A supplier registers, issues a factura to the demo company's RUC and the sandbox authorises it. */
async function supplierSellsToDemo(): Promise<{ claveAcceso: string; numero: string }> {
  const email = `proveedor${Date.now()}@example.com`;
  await call('POST', '/auth/register', {
    company: { ruc: SUPPLIER_RUC, razonSocial: 'Papelería Los Andes S.A.', email, dirMatriz: 'Av. Colón E5-12, Quito' },
    user: { firstName: 'Pablo', lastName: 'Andes', email, password: 'Clave1234!' },
  });
  const mail = await simpleParser(readFileSync(e2e.srv.outboxFiles()[0]));
  const token = /#\/auth\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  await call('PUT', `/auth/activate-account/${token}`, {});
  const login = await call('PUT', '/auth/login', { email, password: 'Clave1234!' });
  const t = String(login.token);
  const p12 = generateTestP12({ ruc: SUPPLIER_RUC, razonSocial: 'Papelería Los Andes S.A.', password: 'p12' });
  await call('POST', '/api/admin/company/certificate', { p12: p12.toString('base64'), password: 'p12' }, t);
  const establishment = await call('POST', '/api/establishment', { estab: '002', nombre: 'Matriz', dirEstablecimiento: 'Av. Colón E5-12, Quito', puntosEmision: [{ ptoEmi: '003' }] }, t);
  const customer = await call('POST', '/api/customer', { tipoIdentificacion: '04', identificacion: DEMO_RUC, razonSocial: 'Empresa Demo S.A.' }, t);
  const paper = await call('POST', '/api/product', { codigoPrincipal: 'RESMA-A4', descripcion: 'Resma de papel A4', precioUnitario: 4.35, codigoPorcentajeIva: '4' }, t);
  // 10 resmas at 4.35 = 43.50 + IVA 15 % 6.53 = 50.03
  const draft = await call('POST', '/api/invoice', { establishment: establishment._id, ptoEmi: '003', customer: customer._id, detalles: [{ product: paper._id, cantidad: 10, precioUnitario: 4.35, codigoPorcentajeIva: '4' }], pagos: [{ formaPago: '20', total: 50.03 }] }, t);
  const issued = await call('POST', `/api/invoice/${draft._id}/issue`, {}, t);
  expect(issued.status).toBe('AUTORIZADA');
  return { claveAcceso: String(issued.claveAcceso), numero: String(issued.numero) };
}

describe('Compras > Recibidos in Chromium', () => {
  it('pastes a clave de acceso: the factura opens with its emisor and totals and is listed', async () => {
    const { page, errors } = e2e.b;
    const sale = await supplierSellsToDemo();
    expect(sale.numero).toBe('002-003-000000001');

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
});
