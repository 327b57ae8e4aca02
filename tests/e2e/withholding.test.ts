/**
 * Comprobante de retención in Chromium (#13): a supplier company (registered through the API) sells
 * to the demo company's RUC; the demo company is an agente de retención. In Compras > Recibidos the
 * demo user pastes the key, sees the factura, chooses "Emitir retención", confirms the proposed
 * codes (the renta code changed to 312 at the 2 % in force), sees valorRetenido per line and the
 * total, issues it (with confirmation), sees it AUTORIZADA and downloads the RIDE.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { apiCaller, pdfText, registerSupplierSellingTo } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });
const DEMO_RUC = '1790016919001';
const SUPPLIER_RUC = '0190072002001';

const call = apiCaller(() => e2e.srv.url);

/** A supplier registers and sells the demo company 10 resmas at 4.35 (43.50 + IVA 15 % 6.53 = 50.03), authorised by the sandbox. */
async function supplierSellsToDemo(): Promise<{ claveAcceso: string; numero: string }> {
  const supplier = await registerSupplierSellingTo(call, { outboxFiles: () => e2e.srv.outboxFiles(), ruc: SUPPLIER_RUC, razonSocial: 'Suministros del Austro Cía. Ltda.', dirMatriz: 'Av. Solano 2-45, Cuenca', estab: '001', ptoEmi: '004', buyer: { ruc: DEMO_RUC, razonSocial: 'Empresa Demo S.A.' } });
  return supplier.sell(10);
}

/** The demo company registers its agente de retención resolution (Empresa settings, through the API). */
async function demoIsAgenteRetencion(): Promise<void> {
  const t = String((await call('PUT', '/auth/login', DEMO_USER)).token);
  const company = await call('GET', '/api/admin/company', undefined, t);
  await call('PUT', '/api/admin/company', { razonSocial: company.razonSocial, email: company.email, dirMatriz: company.dirMatriz, agenteRetencion: '1' }, t);
}

describe('comprobante de retención in Chromium', () => {
  it('from a received factura: proposed codes confirmed, values and total shown, issued AUTORIZADA, RIDE downloaded', async () => {
    const { page, errors } = e2e.b;
    const sale = await supplierSellsToDemo();

    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    if (!(await nav.getByRole('link', { name: 'Recibidos', exact: true }).isVisible())) await nav.getByText('Compras', { exact: true }).click();
    await nav.getByRole('link', { name: 'Recibidos', exact: true }).click();
    await page.getByRole('heading', { name: 'Comprobantes recibidos' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByLabel('Clave de acceso (49 dígitos)').fill(sale.claveAcceso);
    await page.getByRole('button', { name: 'Consultar al SRI y registrar' }).click();
    await page.getByRole('heading', { name: `Factura ${sale.numero}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Emitir retención' }).click();

    // The editor starts from the proposal: the supplier, the factura, renta 3440 and IVA 30 %.
    await page.getByRole('heading', { name: 'Nuevo comprobante de retención' }).waitFor();
    // Not yet an agente de retención nor a contribuyente especial: the editor says so before the form is
    // filled (Reglamento LRTI art. 92), pointing at the Empresa card, and Emitir waits with that reason.
    const notice = page.getByTestId('withholder-notice');
    await expect.poll(() => notice.textContent(), { timeout: 15_000 }).toMatch(/no es agente de retención ni contribuyente especial.*Empresa › «Datos de la empresa y del SRI»/);
    await expect.poll(() => page.getByTestId('issue-blocker').textContent(), { timeout: 15_000 }).toMatch(/resolución de agente de retención/);
    await screenshot(page, 'withholding-05-not-an-agent');
    await demoIsAgenteRetencion();
    await page.reload();
    await page.getByRole('heading', { name: 'Nuevo comprobante de retención' }).waitFor();
    const docBox = page.getByTestId('doc-sustento');
    await expect.poll(() => docBox.textContent(), { timeout: 15_000 }).toContain(`Factura ${sale.numero}`);
    expect(await docBox.textContent()).toContain('$ 50.03');
    expect(await docBox.textContent()).toContain(sale.claveAcceso);
    await expect.poll(() => page.getByLabel('Código de la retención 1').inputValue()).toBe('3440');
    expect(await page.getByLabel('Código de la retención 2').inputValue()).toBe('1');
    expect(await page.getByLabel('Base imponible de la retención 1').inputValue()).toBe('43.50');
    expect(await page.getByLabel('Base imponible de la retención 2').inputValue()).toBe('6.53');
    await expect.poll(() => page.getByTestId('valor-retenido-0').textContent()).toBe('$ 1.31'); // 3 % of 43.50 = 1.305
    expect(await page.getByTestId('valor-retenido-1').textContent()).toBe('$ 1.96'); // 30 % of 6.53 = 1.959
    expect(await page.getByRole('combobox', { name: 'Sujeto retenido' }).isVisible()).toBe(true);
    expect(await page.locator('#withholding-supplier').locator('xpath=ancestor::div[1]/..').textContent()).toContain('Suministros del Austro');
    await screenshot(page, 'withholding-10-proposal');
    // On a phone (375 px) each retención stacks, without sideways scrolling (issue 28).
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const code = (await page.getByLabel('Código de la retención 1').boundingBox())!;
      const base = (await page.getByLabel('Base imponible de la retención 1').boundingBox())!;
      expect(base.y).toBeGreaterThan(code.y);
      await screenshot(page, 'withholding-11-phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }

    // Goods: the user picks 312 (2 % in force), the sustento "costo o gasto".
    const rentaCode = page.getByLabel('Código de la retención 1');
    expect(await rentaCode.locator('option[value="312"]').textContent()).toContain('(2 %)');
    await rentaCode.selectOption('312');
    await page.getByLabel('Sustento tributario').selectOption('02');
    await expect.poll(() => page.getByTestId('valor-retenido-0').textContent()).toBe('$ 0.87');
    await expect.poll(() => page.getByTestId('total-retenido').textContent()).toBe('$ 2.83');
    expect(await page.getByTestId('withholding-warning').count()).toBe(0);
    expect(await page.getByTestId('withholder-notice').count()).toBe(0);
    await screenshot(page, 'withholding-20-confirmed');

    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('$ 2.83');
    await dialog.getByRole('button', { name: 'Emitir', exact: true }).click();
    const panel = page.getByTestId('issued-panel');
    await panel.waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Autorizada');
    await page.getByRole('heading', { name: /Comprobante de retención 001-001-0+1/ }).waitFor();
    // Issued, it reads as a document (issue 28): each retención a row of text, no inputs.
    const doc = page.getByTestId('issued-document');
    expect(await doc.locator('input, select, textarea').count()).toBe(0);
    const retenciones = await doc.getByRole('row').allTextContents();
    expect(retenciones.some((r) => r.includes('Renta') && r.includes('312') && r.includes('$ 0.87'))).toBe(true);
    expect(retenciones.some((r) => r.includes('IVA') && r.includes('$ 1.96'))).toBe(true);
    await screenshot(page, 'withholding-30-authorised');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file);
    for (const expected of ['COMPROBANTE DE RETENCIÓN', 'Suministros del Austro Cía. Ltda.', SUPPLIER_RUC, sale.numero, 'RENTA 312', 'IVA 1', '43.50', '0.87', '1.96', 'TOTAL RETENIDO', '2.83']) expect(text).toContain(expected);

    // Back in Recibidos the factura is withheld; the list of retenciones shows it.
    const navTo = async (name: string) => nav.getByRole('link', { name, exact: true }).click();
    await navTo('Retenciones');
    const row = page.getByRole('row', { name: /Suministros del Austro/ });
    await row.waitFor();
    for (const part of ['Autorizada', '$ 2.83', sale.numero]) expect(await row.textContent()).toContain(part);
    await screenshot(page, 'withholding-40-list');
    expect(errors).toEqual([]);
  });
});
