/**
 * Receivables in Chromium (issue 26): issue a factura, register a partial payment from its page
 * (the Pagos card) and see Parcial with the saldo; the facturas list shows the saldo and the badge;
 * Contabilidad > Cuentas por cobrar lists the customer; its row opens the estado de cuenta, whose
 * PDF downloads; "Registrar cobro" on the selected factura pays its saldo. Cuentas por cobrar shows
 * the totals of all customers in a footer row, and "Importar estado de cuenta bancario" previews a
 * bank statement (a payment and two rows with errors), refuses «todo o nada» and records the valid row;
 * on a phone the totals are the last card.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { apiCaller } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

describe('receivables in Chromium', () => {
  it('registers a payment from the invoice page, sees Parcial, opens Cuentas por cobrar and downloads the estado de cuenta PDF', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=BORRADOR`);
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('button', { name: 'Emitir' }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByTestId('issued-panel').waitFor();
    // The sandbox authorises in the background: the Pagos card comes with the authorised factura.
    for (let i = 0; i < 20 && (await page.getByTestId('payments-card').count()) === 0; i += 1) {
      await page.waitForTimeout(1000);
      if (i % 4 === 3) await page.reload();
    }
    const card = page.getByTestId('payments-card');
    await card.waitFor();
    const total = Number((await card.getByTestId('saldo').textContent())!.replace(/[^\d.]/g, ''));
    expect(total).toBeGreaterThan(10);
    expect(await card.textContent()).toContain('Pendiente');

    await card.getByRole('button', { name: 'Registrar pago' }).click();
    const form = card.getByRole('form', { name: 'Registrar pago' });
    await form.getByLabel('Valor').fill('10.00');
    await form.getByLabel('Referencia').fill('Transferencia 4471');
    // The form is the payment schema's (src/schemas/payment) drawn by the engine: its fields and the catalog's forma de pago.
    expect(await form.getByLabel('Forma de pago').count()).toBeGreaterThan(0);
    await screenshot(page, '59-registrar-pago-formulario');
    await form.getByRole('button', { name: 'Guardar pago' }).click();
    await expect.poll(() => card.textContent()).toContain('Parcial');
    await expect.poll(() => card.getByTestId('saldo').textContent()).toBe(`$ ${(total - 10).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(await card.getByTestId('payments').textContent()).toContain('Transferencia 4471');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, '60-invoice-payment-parcial');

    // Over the saldo: refused with the server's Spanish message naming it.
    await card.getByRole('button', { name: 'Registrar pago' }).click();
    await form.getByLabel('Valor').fill(String(total));
    await form.getByRole('button', { name: 'Guardar pago' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/supera el saldo de la factura .*: /);
    await form.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?paymentStatus=PARCIAL`);
    const row = page.getByRole('row', { name: /María Fernanda Lozada/ }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Parcial');
    await screenshot(page, '61-invoices-parcial');

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cuentas por cobrar' }).click();
    await page.waitForURL(/#\/accounting\/receivable$/, { waitUntil: 'commit' });
    await page.getByRole('columnheader', { name: 'Más de 90 días' }).waitFor();
    const customer = page.getByRole('row', { name: /María Fernanda Lozada/ });
    await customer.waitFor();
    await screenshot(page, '62-cuentas-por-cobrar');
    await customer.getByRole('link', { name: 'Documentos' }).click();
    await page.getByRole('row', { name: /Factura/ }).first().waitFor();
    await screenshot(page, '63-cuentas-por-cobrar-documentos');
    await page.goBack();
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).getByRole('cell').first().click();

    const statement = page.getByTestId('customer-statement');
    await statement.getByTestId('statement-lines').waitFor();
    expect(await statement.textContent()).toContain('Transferencia 4471');
    await screenshot(page, '64-estado-de-cuenta');
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^estado-de-cuenta-.*\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // "Registrar cobro" on the selected facturas: each paid its whole saldo.
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?paymentStatus=PARCIAL`);
    const partial = page.getByRole('row', { name: /María Fernanda Lozada/ }).first();
    await partial.waitFor();
    await partial.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Registrar cobro \(1\)/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Referencia').fill('Depósito 9001');
    await screenshot(page, '65a-registrar-cobro-formulario');
    await dialog.getByRole('button', { name: /^Registrar \$/ }).click();
    await expect.poll(() => dialog.getByTestId('bulk-payments').textContent()).toContain('Pagada');
    await screenshot(page, '65-registrar-cobro');
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?paymentStatus=PAGADA`);
    await expect.poll(() => page.getByRole('row', { name: /María Fernanda Lozada/ }).first().textContent()).toContain('Pagada');
    expect(errors).toEqual([]);
  });

  it('shows the aging totals of every customer and imports a bank statement: preview with per-row errors, todo o nada blocked, solo filas válidas records one payment', async () => {
    const { page, errors } = e2e.b;
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? sessionStorage.getItem('auth_token'));
    const headers = { authorization: `Bearer ${token}` };
    // The two demo drafts left, issued: two facturas owed in full.
    const call = apiCaller(() => e2e.srv.url);
    const drafts = (await (await fetch(`${e2e.srv.url}/api/invoice?status=BORRADOR&per_page=5`, { headers })).json()) as Array<{ _id: string }>;
    for (const d of drafts.slice(0, 2)) await call('POST', `/api/invoice/${d._id}/issue`, {}, token!);
    const openInvoices = async () => (await (await fetch(`${e2e.srv.url}/api/invoice?paymentStatus=PENDIENTE,VENCIDA&sort=-saldo&per_page=2`, { headers })).json()) as Array<{ numero: string; saldo: number }>;
    await expect.poll(async () => (await openInvoices()).length, { timeout: 30_000 }).toBe(2);
    const open = await openInvoices();
    // The aging report counts a factura once it is authorized (issuing is asynchronous): wait for both.
    const agingTotals = async () => JSON.parse((await fetch(`${e2e.srv.url}/api/reports/receivables`, { headers })).headers.get('x-totals')!) as { total: number; documents: number };
    await expect.poll(async () => (await agingTotals()).documents, { timeout: 30_000 }).toBe(2);
    const totals = await agingTotals();
    const usd = (n: number) => `$ ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    await page.goto(`${e2e.srv.url}/#/accounting/receivable`);
    const footer = page.getByTestId('list-totals');
    await footer.waitFor();
    // The footer sums every customer (the server's x-totals), not only the rows of the page.
    expect(await footer.textContent()).toContain('Total');
    await expect.poll(() => footer.textContent()).toContain(usd(totals.total));
    await screenshot(page, '66-cuentas-por-cobrar-totales');

    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const csv = [
      'Número;Fecha;Valor;Referencia',
      `${open[0].numero};${today};5,00;Extracto 7781`,
      `${open[1].numero};${today};${(open[1].saldo + 1000).toFixed(2).replace('.', ',')};Extracto 7782`,
      `001-001-999999999;${today};3,00;Extracto 7783`,
    ].join('\r\n');
    await page.getByRole('button', { name: 'Importar estado de cuenta bancario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Archivo CSV del estado de cuenta').setInputFiles({ name: 'extracto.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = dialog.getByTestId('payment-import-report');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/Pagos que se registrarán: 1 por \$ 5\.00 · Filas con errores: 2/);
    expect(await dialog.getByTestId('payment-import-rows').textContent()).toContain(open[0].numero);
    const errorRows = await dialog.getByTestId('payment-import-errors').getByRole('row').allInnerTexts();
    expect(errorRows[1]).toMatch(/^3\s/);
    expect(errorRows[1]).toMatch(/saldo/i);
    expect(errorRows[2]).toMatch(/^4\s/);
    // Todo o nada with errors records nothing: the button waits.
    expect(await dialog.getByRole('button', { name: 'Registrar pagos' }).isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain('Con «todo o nada» no se registra ningún pago');
    await screenshot(page, '67-importar-extracto-vista-previa');
    await dialog.getByText('Solo filas válidas', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Registrar pagos' }).click();
    await expect.poll(() => dialog.getByTestId('payment-import-report').getAttribute('data-done')).toBe('true');
    expect(await dialog.getByTestId('payment-import-report').textContent()).toMatch(/Pagos registrados: 1 por \$ 5\.00/);
    await screenshot(page, '68-importar-extracto-resultado');
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    // The totals follow the payment.
    await expect.poll(() => page.getByTestId('list-totals').textContent()).toContain(usd(totals.total - 5));
    const [after] = (await (await fetch(`${e2e.srv.url}/api/invoice?q=${open[0].numero}`, { headers })).json()) as Array<{ saldo: number; paymentStatus: string }>;
    expect(after.saldo).toBeCloseTo(open[0].saldo - 5, 2);

    // On a phone the customers are cards and the totals the last card, with the same total.
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const card = page.getByTestId('list-totals-card');
      await card.waitFor();
      await expect.poll(() => card.textContent()).toContain(usd(totals.total - 5));
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, '68b-cuentas-por-cobrar-telefono-totales');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    expect(errors).toEqual([]);
  });
});
