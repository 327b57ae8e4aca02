import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import path from 'node:path';
import { screenshot, SCREENS_DIR } from './browser.ts';
import { buildClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { createSriClient, sriEndpoints } from '../../server/sri/soap-client.ts';
import { buildFacturaXml } from '../../server/domain/comprobantes/factura/build-factura-xml.ts';
import { signComprobante } from '../../server/domain/comprobantes/sign-xades.ts';
import { loadSigningCredentials } from '../../server/domain/comprobantes/signing-credentials.ts';
import { generateTestP12 } from '../../server/domain/comprobantes/test-certificate.ts';
import { sampleFactura } from '../helpers/factura-sample.ts';

const DEMO_RUC = '1790016919001';

const e2e = browserSuite({ signIn: DEMO_USER });

async function issueDraftOf(customer: RegExp) {
  const { page } = e2e.b;
  await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=BORRADOR`);
  await page.getByRole('row', { name: customer }).click();
  await page.getByRole('button', { name: 'Emitir' }).click();
  // The factura asks before issuing, as the other five types do (issue 28).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByTestId('issued-panel').waitFor();
}

describe('dashboard in Chromium', () => {
  it('shows the empty-state hints for a company without invoices', async () => {
    // The demo company has drafts only: no chart data yet, but drafts are counted by status.
    const { page } = e2e.b;
    await page.getByText('Ventas del mes').waitFor();
    expect(await page.getByTestId('kpi-Ventas del mes').textContent()).toBe('$ 0.00');
    // No authorised sale yet: the chart card holds the hint and a way to the drafts, not empty axes.
    const hint = page.getByTestId('dashboard-empty');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(/Aún no hay ventas autorizadas en los últimos 12 meses.*Tiene \d+ borradores? en el periodo/);
    expect(await page.getByTestId('sales-chart').count()).toBe(0);
    await screenshot(page, '19-dashboard-empty');
    await hint.getByRole('link', { name: 'Ver borradores' }).click();
    // the drafts of the dashboard's period, the ones the hint counts
    await page.waitForURL(/#\/invoicing\/invoice\?status=BORRADOR&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/, { waitUntil: 'commit' });
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).waitFor();
  });

  it('after two invoices shows their total and the chart; a DEVUELTA one is under attention and its link opens it', async () => {
    const { page, errors } = e2e.b;
    await issueDraftOf(/María Fernanda Lozada/);
    await issueDraftOf(/Distribuidora Austral/);
    // Another system already used 001-001-000000003 for this RUC: the SRI will refuse ours (45).
    const doc = sampleFactura({ ruc: DEMO_RUC, secuencial: 3 });
    doc.infoTributaria.claveAcceso = buildClaveAcceso({ fechaEmision: guayaquilDate(new Date()), codDoc: '01', ruc: DEMO_RUC, ambiente: '1', estab: '001', ptoEmi: '001', secuencial: 3, codigoNumerico: '11223344' });
    const sri = createSriClient(sriEndpoints('sandbox', e2e.srv.url));
    const other = generateTestP12({ ruc: DEMO_RUC, razonSocial: 'Otro sistema', password: 'x' });
    expect((await sri.validarComprobante(signComprobante(buildFacturaXml(doc), loadSigningCredentials(other, 'x')))).estado).toBe('RECIBIDA');
    await issueDraftOf(/CONSUMIDOR FINAL/);
    await expect.poll(() => page.getByTestId('issued-panel').textContent()).toContain('Devuelta');
    await page.getByTestId('sri-message').first().waitFor();
    await screenshot(page, '20-devuelta');

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio', exact: true }).click();
    await expect.poll(() => page.getByTestId('kpi-Ventas del mes').textContent()).toBe('$ 1,354.85'); // 987.45 + 367.40
    // Ventas del mes includes IVA: its help says the base and the IVA, which add up to it
    const help = (await page.getByTestId('kpi-Ventas del mes').locator('xpath=..').textContent()) ?? '';
    const [, base, iva] = /Base \$ ([\d,]+\.\d{2}) \+ IVA \$ ([\d,]+\.\d{2})/.exec(help) ?? [];
    expect(Math.round((Number(base.replace(/,/g, '')) + Number(iva.replace(/,/g, ''))) * 100)).toBe(135485);
    expect(Number(iva.replace(/,/g, ''))).toBeGreaterThan(0);
    // the period's comprobantes are counted per type, each labelled (not all as facturas)
    await expect.poll(() => page.getByTestId('by-type').textContent()).toMatch(/Factura: \d+ comprobantes/);
    await page.getByTestId('sales-chart').locator('.recharts-bar-rectangle').first().waitFor();
    const attention = page.getByTestId('attention');
    await expect.poll(() => attention.textContent()).toContain('Rechazada por el SRI: [45]');
    await screenshot(page, '21-dashboard');
    // The sticky sidebar is 100vh: a full-page screenshot ends it at the first screen, but scrolled
    // to the bottom in a real viewport it still fills the window from top to bottom.
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const r = document.querySelector('aside[aria-label="Barra lateral"]')!.getBoundingClientRect();
      return { scrollY: window.scrollY, top: r.top, bottom: r.bottom, height: window.innerHeight };
    });
    expect(scrolled.scrollY).toBeGreaterThan(0);
    expect(scrolled).toMatchObject({ top: 0, bottom: scrolled.height });
    await page.screenshot({ path: path.join(SCREENS_DIR, '22-dashboard-scrolled.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await attention.getByRole('link', { name: 'Factura 001-001-000000003' }).click();
    await page.waitForURL(/#\/invoicing\/invoice\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('issued-panel').textContent()).toContain('001-001-000000003');

    // The invoice list says why the SRI refused it, under the badge, and offers no delete for it.
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=DEVUELTA`);
    const devuelta = page.getByRole('row', { name: /001-001-000000003/ });
    await expect.poll(() => devuelta.getByTestId('row-message').textContent()).toBe('[45] ERROR SECUENCIAL REGISTRADO');
    expect(await devuelta.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '23-invoice-list-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(errors).toEqual([]);
  });
});
