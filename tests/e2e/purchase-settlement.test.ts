/**
 * Liquidaciones de compra in Chromium (#13): a demo customer copied as a supplier from the
 * Proveedores list ("Copiar desde clientes", refused the second time), then Compras >
 * Liquidaciones de compra: a new one for that supplier with a catalog product at 15 % and a free
 * line at 0 %, live totals, Emitir, AUTORIZADA, the RIDE downloaded with the proveedor band and
 * TOTAL DESCUENTO, the mail to the supplier, and the "Emitir retención" link to the retención editor.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { navTo, pdfText } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const nav = (name: string) => navTo(e2e.b.page, name);

describe('liquidación de compra in Chromium', () => {
  it('copies a customer as a supplier from the Proveedores list, and refuses to copy it twice', async () => {
    const { page, errors } = e2e.b;
    await nav('Proveedores');
    await page.getByTestId('empty-state').waitFor();
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Copiar desde clientes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Copiar un cliente como proveedor' });
      await dialog.getByLabel('Cliente', { exact: true }).fill('María');
      await page.getByRole('option', { name: /María Fernanda Lozada/ }).click();
      await dialog.getByTestId('copy-customer-summary').filter({ hasText: '1714307103' }).waitFor();
      await dialog.getByRole('button', { name: 'Crear proveedor' }).click();
      if (attempt === 1) {
        await page.getByText('Proveedor María Fernanda Lozada creado desde clientes').last().waitFor();
        await page.getByRole('row', { name: /María Fernanda Lozada/ }).waitFor();
      } else {
        await dialog.getByText(/Ya existe un proveedor con la identificación 1714307103/).waitFor();
        await screenshot(page, 'settlement-10-copy-refused');
        await dialog.getByRole('button', { name: 'Cancelar' }).click();
      }
    }
    await expect.poll(() => page.getByRole('row', { name: /María Fernanda Lozada/ }).count()).toBe(1);
    const row = (await page.getByRole('row', { name: /María Fernanda Lozada/ }).textContent()) ?? '';
    expect(row).toContain('maria.lozada@example.com');
    await screenshot(page, 'settlement-11-suppliers');
    expect(errors).toEqual([]);
  });

  it('issues a liquidación with lines at 15 % and 0 %: AUTORIZADA, the RIDE, and "Emitir retención"', async () => {
    const { page, errors } = e2e.b;
    await nav('Liquidaciones de compra');
    await page.getByTestId('empty-state').getByText('No hay registros todavía.').waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Nueva liquidación de compra' }).waitFor();
    await page.getByLabel('Proveedor', { exact: true }).fill('María');
    await page.getByRole('option', { name: /María Fernanda Lozada/ }).click();

    await page.getByLabel('Producto de la línea 1').fill('SRV-SOP — Soporte técnico (hora)');
    await expect.poll(() => page.getByLabel('Descripción de la línea 1').inputValue()).toBe('Soporte técnico (hora)');
    await page.getByLabel('Cantidad de la línea 1').fill('2');
    await page.getByLabel('Descuento de la línea 1').fill('5');
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 74.75'); // (70 − 5) × 1.15
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    // A purchase of something not in the catalog: a typed code and a description.
    await page.getByLabel('Producto de la línea 2').fill('PAPA-QQ');
    await page.getByLabel('Descripción de la línea 2').fill('Papa chola (quintal)');
    await page.getByLabel('Cantidad de la línea 2').fill('3');
    await page.getByLabel('Precio unitario de la línea 2').fill('18.75');
    await page.getByLabel('IVA de la línea 2').selectOption('0');
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 131.00'); // 74.75 + 56.25 at 0 %
    const totals = await page.getByTestId('totals').textContent();
    expect(totals).toContain('Subtotal 15 %$ 65.00');
    expect(totals).toContain('Subtotal 0 %$ 56.25');
    expect(totals).toContain('Descuento$ 5.00');
    expect(totals).toContain('IVA 15 %$ 9.75');
    await screenshot(page, 'settlement-12-editor');

    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    const panel = page.getByTestId('issued-panel');
    await panel.waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Autorizada');
    expect(await page.getByTestId('clave-acceso').textContent()).toMatch(/^\d{8}03\d{39}$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const ride = await pdfText(file);
    for (const expected of ['LIQUIDACIÓN DE COMPRA', 'Razón Social / Nombres y Apellidos del Proveedor: María Fernanda Lozada', '1714307103', 'Papa chola (quintal)', 'TOTAL DESCUENTO 5.00', 'VALOR TOTAL 131.00']) expect(ride).toContain(expected);

    const withholding = panel.getByRole('link', { name: 'Emitir retención' });
    const id = /purchase-settlement\/([0-9a-f-]{36})/.exec(page.url())![1];
    expect(await withholding.getAttribute('href')).toBe(`#/purchases/withholding/new?purchaseSettlement=${id}`);
    await screenshot(page, 'settlement-13-authorised');

    // The worker mails the authorised liquidación to the supplier, with the XML and the RIDE.
    await expect
      .poll(
        async () => {
          for (const f of e2e.srv.outboxFiles()) {
            const m = await simpleParser(readFileSync(f));
            if (m.subject?.includes('Liquidación de compra')) return { to: (Array.isArray(m.to) ? m.to[0] : m.to)?.text, types: m.attachments.map((x) => x.contentType).sort() };
          }
          return null;
        },
        { timeout: 20_000 },
      )
      .toEqual({ to: 'maria.lozada@example.com', types: ['application/pdf', 'application/xml'] });

    await nav('Liquidaciones de compra');
    const row = page.getByRole('row', { name: /María Fernanda Lozada/ });
    await expect.poll(() => row.textContent()).toContain('Autorizada');
    expect(await row.textContent()).toContain('$ 131.00');
    await screenshot(page, 'settlement-14-list');
    expect(errors).toEqual([]);
  });
});
