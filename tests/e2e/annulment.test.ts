/**
 * Anulación in Chromium (DESIGN.md §10, issue 24), on the demo company with SRI_ENV=sandbox: issue a
 * factura, see it in the month's sales, annul it from its page (the deadline shown, the motivo in
 * the confirmation dialog), see "Anulada" and the request's details, and the dashboard's figure drop.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { annulmentDeadline } from '../../core/annulment-rules.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const usd = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('anulación in Chromium', () => {
  it('annuls an authorised factura from its page: deadline, motivo, confirmation, Anulada, and the dashboard figure drops', async () => {
    const { page, errors } = e2e.b;
    // Issue one of the demo drafts.
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=BORRADOR`);
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('button', { name: 'Emitir' }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    const panel = page.getByTestId('issued-panel');
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Autorizada');
    const factura = page.url();
    const numero = /\d{3}-\d{3}-\d{9}/.exec((await panel.textContent()) ?? '')?.[0];
    expect(numero).toBeTruthy();

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio', exact: true }).click();
    const kpi = page.getByTestId('kpi-Ventas del mes');
    await expect.poll(async () => usd(await kpi.textContent()), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = usd(await kpi.textContent());

    await page.goto(factura);
    const deadline = annulmentDeadline(guayaquilDate(new Date())).split('-').reverse().join('/');
    await expect.poll(() => page.getByTestId('annulment-deadline').textContent(), { timeout: 15_000 }).toBe(`Se puede anular en línea hasta el ${deadline}.`);
    await screenshot(page, '90-annulment-offer');
    await page.getByRole('button', { name: 'Solicitar anulación' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`hasta el ${deadline}`);
    // No motivo, no request.
    expect(await dialog.getByRole('button', { name: 'Solicitar anulación' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo').fill('Error en los datos del comprador');
    await screenshot(page, '91-annulment-dialog');
    await dialog.getByRole('button', { name: 'Solicitar anulación' }).click();
    await page.getByText('El SRI anuló el comprobante').first().waitFor();

    await expect.poll(() => panel.locator('[data-status]').first().textContent(), { timeout: 15_000 }).toBe('Anulada');
    await expect.poll(() => page.getByTestId('annulment-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('ANULADA');
    const section = (await page.getByTestId('annulment').textContent()) ?? '';
    expect(section).toContain('Motivo: Error en los datos del comprador');
    expect(section).toContain(`Plazo para anular en línea: hasta el ${deadline}`);
    expect(section).toContain('responde ANULADO');
    await expect.poll(() => page.getByRole('button', { name: 'Solicitar anulación' }).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, '92-annulled');

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio', exact: true }).click();
    await expect.poll(async () => usd(await kpi.textContent()), { timeout: 15_000 }).toBeLessThan(before);
    await screenshot(page, '93-dashboard-after-annulment');

    // The list's "Anulada" filter finds it.
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=ANULADA`);
    await page.getByRole('row', { name: new RegExp(numero!) }).waitFor();
    expect(errors).toEqual([]);
  });
});
