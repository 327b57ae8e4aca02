/**
 * Configuración > Pantallas in Chromium (issue 27): a company ADMIN adds "Orden de compra" to its
 * facturas in the screen editor, sees it in the live preview, saves; a new factura shows the field,
 * it is filled and issued, and the RIDE carries it as additional information. Then on Productos a
 * field is hidden (not one the SRI needs) and one moved with the keyboard; on Factura the field is
 * removed (after a confirmation) and brought back from the version history; last, a screen of the
 * company's own (Visitas) is created with its menu entry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER, signInThroughPage } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { apiCaller, navTo, pdfText } from './steps.ts';

const e2e = browserSuite();
const call = apiCaller(() => e2e.srv.url);

describe('screens edited in the app, in Chromium', () => {
  it('an ADMIN adds a field to facturas with a live preview; a factura carries it to the RIDE', async () => {
    const { page, errors } = e2e.b;
    const owner = String((await call('PUT', '/auth/login', DEMO_USER)).token);
    const admin = { email: `admin.pantallas.${Date.now()}@example.com`, password: 'Clave1234!' };
    await call('POST', '/api/user', { ...admin, firstName: 'Andrés', lastName: 'Admin', role: 'ADMIN' }, owner);
    await signInThroughPage(page, e2e.srv.url, admin);

    await navTo(page, 'Pantallas');
    await page.getByRole('row', { name: /Factura/ }).first().click();
    await page.getByRole('heading', { name: /^Pantalla: Factura/ }).waitFor();
    await page.getByRole('button', { name: 'Agregar campo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar campo' });
    await dialog.getByLabel(/^Título/).fill('Orden de compra');
    await dialog.getByLabel(/^Máximo de caracteres/).fill('40');
    await dialog.getByLabel(/^Texto de ayuda/).fill('El número que nos dio el cliente');
    await screenshot(page, 'screens-01-add-field');
    await dialog.getByRole('button', { name: 'Agregar' }).click();

    // the field is listed, and the preview (the server's merge of the draft) shows it as users will
    const fields = page.getByTestId('screen-fields');
    await fields.getByText('Orden de compra').waitFor();
    const preview = page.getByTestId('screen-preview');
    await preview.getByLabel('Orden de compra').waitFor();
    await preview.getByText('El número que nos dio el cliente').waitFor();
    await page.getByTestId('screen-list').getByLabel('Columna para agregar').selectOption({ label: 'Orden de compra' });
    await page.getByTestId('screen-list').getByRole('button', { name: 'Agregar columna' }).click();
    await preview.getByRole('tab', { name: 'Lista' }).click();
    await preview.getByRole('columnheader', { name: 'Orden de compra' }).waitFor();
    await preview.getByRole('tab', { name: 'Formulario' }).click();
    await screenshot(page, 'screens-02-preview');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('Pantalla guardada').last().waitFor();
    await page.getByTestId('screen-versions').getByText('1 (en vigor)').waitFor();
    await screenshot(page, 'screens-03-saved');

    // a new factura shows the field; filled and issued, the RIDE carries it
    await navTo(page, 'Facturas');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await page.getByLabel('Cliente', { exact: true }).fill('María');
    await page.getByRole('option', { name: /María Fernanda Lozada/ }).click();
    await page.getByLabel('Producto de la línea 1').fill('MOU-01 — Mouse inalámbrico');
    await page.getByLabel('Cantidad de la línea 1').fill('2');
    await page.getByRole('button', { name: /Usar el total/ }).click();
    await page.getByTestId('custom-fields').getByLabel('Orden de compra').fill('OC-2026-0042');
    await screenshot(page, 'screens-04-factura-field');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.getByText('Borrador guardado').waitFor();
    // the saved draft opens at its own address before it is issued
    await page.waitForURL(/#\/invoicing\/invoice\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Borrador de factura' }).waitFor();
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    await expect.poll(() => page.getByTestId('issued-panel').textContent(), { timeout: 30_000 }).toContain('Autorizada');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    const text = await pdfText((await download.path())!);
    expect(text).toContain('Orden de compra');
    expect(text).toContain('OC-2026-0042');
    // Issued, the company's field is read as its title and value, not as an input.
    const custom = page.getByTestId('custom-fields');
    await expect.poll(() => custom.textContent()).toContain('OC-2026-0042');
    expect(await custom.textContent()).toContain('Orden de compra');
    expect(await custom.locator('input, textarea, select').count()).toBe(0);
    await screenshot(page, 'screens-05-factura-issued');
    expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // Productos: what the SRI needs cannot be hidden; another field is hidden, one is moved with the keyboard
    await navTo(page, 'Pantallas');
    await page.getByRole('row', { name: /Producto/ }).first().click();
    await page.getByRole('heading', { name: /^Pantalla: Producto/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Visible Código principal' }).isDisabled()).toBe(true);
    await page.getByText('Visible Código auxiliar').click();
    await page.getByRole('button', { name: 'Bajar Descripción' }).focus();
    await page.keyboard.press('Enter');
    const order = () => page.getByTestId('screen-fields').locator('[data-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
    await expect.poll(order).toEqual(['codigoPrincipal', 'codigoAuxiliar', 'precioUnitario', 'descripcion', 'codigoPorcentajeIva']);
    const productPreview = page.getByTestId('preview-form');
    await expect.poll(() => productPreview.getByText('Código auxiliar', { exact: true }).count()).toBe(0);
    await productPreview.getByLabel(/^Descripción/).waitFor();
    await screenshot(page, 'screens-06-product');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByTestId('screen-versions').getByText('1 (en vigor)').waitFor();

    // Factura: removing the field asks first; the version history restores it
    await navTo(page, 'Pantallas');
    await page.getByRole('row', { name: /Factura/ }).first().click();
    await page.getByRole('heading', { name: /^Pantalla: Factura/ }).waitFor();
    await page.getByRole('button', { name: 'Eliminar Orden de compra' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByTestId('screen-fields').getByText('Todavía no hay campos de la empresa').waitFor();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByTestId('screen-versions').getByText('2 (en vigor)').waitFor();
    await page.getByRole('button', { name: 'Restaurar la versión 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurar' }).click();
    await page.getByTestId('screen-versions').getByText('3 (en vigor)').waitFor();
    await page.getByTestId('screen-versions').getByText('Restauró la versión 1').waitFor();
    await page.getByTestId('screen-fields').getByText('Orden de compra').waitFor();
    await screenshot(page, 'screens-07-restored');

    // A screen of its own: title and menu group, one field; saved, it is in the menu with its list
    await navTo(page, 'Pantallas');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Nueva pantalla' }).waitFor();
    await page.getByLabel(/^Título/).fill('Visitas');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: /^Pantalla: Visitas/ }).waitFor();
    await page.getByRole('button', { name: 'Agregar campo' }).click();
    await page.getByRole('dialog', { name: 'Agregar campo' }).getByLabel(/^Título/).fill('Lugar');
    await page.getByRole('dialog', { name: 'Agregar campo' }).getByRole('button', { name: 'Agregar' }).click();
    await page.getByTestId('preview-form').getByText('Lugar', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL(/#\/config\/screens\/visitas$/, { waitUntil: 'commit' });
    await page.getByTestId('screen-versions').getByText('1 (en vigor)').waitFor();
    await navTo(page, 'Visitas');
    await page.getByRole('columnheader', { name: 'Lugar' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    expect(errors).toEqual([]);
  });
});
