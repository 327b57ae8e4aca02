/**
 * Notas de crédito and débito in Chromium (#12): authorise a demo factura, issue a nota de crédito
 * from it (one line removed), see it AUTORIZADA, download its RIDE, and see the factura's remaining
 * creditable amount drop; then a nota de débito the same way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { navTo, pdfText } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const nav = (name: string) => navTo(e2e.b.page, name);

/** Download the RIDE from the issued panel; its text. */
async function downloadRide(): Promise<{ head: string; text: string }> {
  const { page } = e2e.b;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
  const file = (await download.path())!;
  return { head: readFileSync(file).subarray(0, 5).toString(), text: await pdfText(file) };
}

/** Confirm the Emitir dialog and wait for the SRI's answer on the issued panel. */
async function issueConfirmed(): Promise<void> {
  const { page } = e2e.b;
  await page.getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
  const panel = page.getByTestId('issued-panel');
  await panel.waitFor({ timeout: 30_000 });
  await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Autorizada');
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
let invoiceUrl = '';

describe('notas de crédito y débito in Chromium', () => {
  it('authorises a demo factura, which then offers both notas and shows all of it left to credit', async () => {
    const { page, errors } = e2e.b;
    await nav('Facturas');
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('heading', { name: 'Borrador de factura' }).waitFor();
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    await expect.poll(() => page.getByTestId('issued-panel').textContent(), { timeout: 30_000 }).toContain('Autorizada');
    invoiceUrl = page.url();
    const notes = page.getByTestId('invoice-notes');
    await notes.getByText('Esta factura no tiene notas de crédito ni de débito.').waitFor();
    const total = money(await page.getByTestId('importe-total').textContent());
    await expect.poll(async () => money(await page.getByTestId('creditable-remaining').textContent())).toBe(total);
    await screenshot(page, 'notes-10-factura-authorised');
    expect(errors).toEqual([]);
  });

  it('issues a nota de crédito with one line removed: AUTORIZADA, its RIDE, and less left to credit', async () => {
    const { page, errors } = e2e.b;
    const before = money(await page.getByTestId('creditable-remaining').textContent());
    await page.getByRole('link', { name: 'Emitir nota de crédito' }).click();
    await page.getByRole('heading', { name: 'Nueva nota de crédito' }).waitFor();
    // the buyer is the factura's, shown and locked; the lines are the factura's
    await expect.poll(() => page.getByTestId('locked-buyer').textContent()).toContain('María Fernanda Lozada');
    await page.getByLabel('Cantidad de la línea 3').waitFor();
    expect(await page.getByLabel('Producto de la línea 1').isDisabled()).toBe(true);
    const full = money(await page.getByTestId('importe-total').textContent());
    expect(full).toBe(before);
    await page.getByRole('button', { name: 'Quitar la línea 3' }).click();
    await expect.poll(() => page.getByLabel('Cantidad de la línea 3').count()).toBe(0);
    await page.getByLabel('Razón de la modificación').fill('Devolución de mercadería');
    const credited = money(await page.getByTestId('importe-total').textContent());
    expect(credited).toBeGreaterThan(0);
    expect(credited).toBeLessThan(full);
    await screenshot(page, 'notes-20-credit-note-editor');

    await issueConfirmed();
    await page.waitForURL(/#\/invoicing\/credit-note\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    const heading = (await page.getByRole('heading', { name: /^Nota de crédito \d{3}-\d{3}-\d{9}$/ }).textContent())!;
    const numero = heading.replace('Nota de crédito ', '');
    await screenshot(page, 'notes-21-credit-note-authorised');

    const ride = await downloadRide();
    expect(ride.head).toBe('%PDF-');
    expect(ride.text).toContain(numero);
    expect(ride.text).toContain('NOTA DE CRÉDITO');
    expect(ride.text).toContain('Devolución de mercadería');
    // e-mailed again on request, like a factura
    await page.getByRole('button', { name: 'Reenviar por correo' }).click();
    await page.getByText(/^Nota de crédito enviada a maria\.lozada@example\.com/).waitFor();

    // back on the factura: the nota is listed and the remaining amount dropped by its value
    await page.getByTestId('modified-invoice').click();
    await page.waitForURL(invoiceUrl, { waitUntil: 'commit' });
    const notes = page.getByTestId('invoice-notes');
    await notes.getByRole('link', { name: numero }).waitFor();
    await expect.poll(async () => money(await page.getByTestId('creditable-remaining').textContent())).toBeCloseTo(before - credited, 2);
    await screenshot(page, 'notes-22-factura-remaining');

    await nav('Notas de crédito');
    const row = page.getByRole('row', { name: new RegExp(numero) });
    await expect.poll(() => row.textContent()).toContain('Autorizada');
    await screenshot(page, 'notes-23-credit-note-list');
    expect(errors).toEqual([]);
  });

  it('issues a nota de débito with two razones at the factura IVA rate: AUTORIZADA and its RIDE', async () => {
    const { page, errors } = e2e.b;
    await page.goto(invoiceUrl);
    await page.getByRole('link', { name: 'Emitir nota de débito' }).click();
    await page.getByRole('heading', { name: 'Nueva nota de débito' }).waitFor();
    await expect.poll(() => page.getByTestId('locked-buyer').textContent()).toContain('María Fernanda Lozada');
    await page.getByLabel('Razón 1', { exact: true }).fill('Intereses por mora');
    await page.getByLabel('Valor de la razón 1').fill('10');
    await page.getByRole('button', { name: 'Agregar razón' }).click();
    await page.getByLabel('Razón 2', { exact: true }).fill('Gastos de cobranza');
    await page.getByLabel('Valor de la razón 2').fill('5.50');
    // the factura's taxed rate by default
    expect(await page.getByLabel('IVA de las razones').inputValue()).toBe('4');
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 17.83'); // 15.50 + 15 %
    await page.getByRole('button', { name: 'Agregar pago' }).click();
    await expect.poll(() => page.getByLabel('Valor del pago 1').inputValue()).toBe('17.83');
    await screenshot(page, 'notes-30-debit-note-editor');

    // by keyboard: Enter on Emitir asks first, Esc dismisses, Enter again and Enter on the dialog's Emitir issues
    await page.getByRole('button', { name: 'Emitir', exact: true }).press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/nota de débito por \$ 17\.83 que modifica la factura 001-001-\d{9}/).waitFor();
    await screenshot(page, 'notes-30b-debit-note-confirm');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Emitir', exact: true }).press('Enter');
    await confirm.getByRole('button', { name: 'Emitir', exact: true }).press('Enter');
    await expect.poll(() => page.getByTestId('issued-panel').textContent(), { timeout: 30_000 }).toContain('Autorizada');
    await page.waitForURL(/#\/invoicing\/debit-note\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    const heading = (await page.getByRole('heading', { name: /^Nota de débito \d{3}-\d{3}-\d{9}$/ }).textContent())!;
    const numero = heading.replace('Nota de débito ', '');
    await screenshot(page, 'notes-31-debit-note-authorised');
    const ride = await downloadRide();
    expect(ride.head).toBe('%PDF-');
    expect(ride.text).toContain(numero);
    expect(ride.text).toContain('Intereses por mora');

    await page.getByTestId('modified-invoice').click();
    // The factura's nota de crédito (its own series) can carry the same number: find the nota de débito by its link.
    await page.getByTestId('invoice-notes').locator('a[href*="/debit-note/"]', { hasText: numero }).waitFor();
    await screenshot(page, 'notes-32-factura-with-notes');
    expect(errors).toEqual([]);
  });

  it('deletes a nota draft from its editor after a confirmation', async () => {
    const { page, errors } = e2e.b;
    await page.goto(invoiceUrl);
    await page.getByRole('link', { name: 'Emitir nota de débito' }).click();
    await page.getByLabel('Razón 1', { exact: true }).fill('Flete');
    await page.getByLabel('Valor de la razón 1').fill('3');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.getByRole('heading', { name: 'Borrador de nota de débito' }).waitFor();
    const draftPath = new URL(page.url()).hash.replace('#/invoicing', '/api');
    const draftReadsAfterDelete: string[] = [];
    let deleted = false;
    page.on('response', (r) => {
      if (r.request().method() === 'DELETE' && r.url().endsWith(draftPath)) deleted = true;
      else if (deleted && r.request().method() === 'GET' && r.url().endsWith(draftPath)) draftReadsAfterDelete.push(`${r.status()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'Eliminar borrador' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('¿Eliminar este borrador de nota de débito?').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByTestId('page-title').filter({ hasText: /^Notas de débito$/ }).waitFor();
    await page.getByText('Borrador eliminado').waitFor();
    // only the authorised nota is left, and the deleted draft was never asked for again
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Autorizada');
    await screenshot(page, 'notes-40-debit-note-list');
    await page.waitForTimeout(300); // a late refetch would have answered by now
    expect(draftReadsAfterDelete).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('starts a nota de crédito from its list by picking the factura, which brings its buyer and lines', async () => {
    const { page, errors } = e2e.b;
    await nav('Notas de crédito');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Nueva nota de crédito' }).waitFor();
    await page.getByText('Elija la factura para traer sus líneas.').waitFor();
    await page.getByLabel('Factura que se modifica', { exact: true }).fill('001-001-000000001');
    await page.getByRole('option', { name: /001-001-000000001/ }).click();
    await expect.poll(() => page.getByTestId('locked-buyer').textContent()).toContain('María Fernanda Lozada');
    await page.getByLabel('Cantidad de la línea 3').waitFor();
    // a credit note for all of it would exceed what is left after the first nota
    await page.getByText(/supera el saldo por acreditar/).waitFor();
    expect(await page.getByRole('button', { name: 'Emitir', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'notes-50-credit-note-picked');
    expect(errors).toEqual([]);
  });
});
