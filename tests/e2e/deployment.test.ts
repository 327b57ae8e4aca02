import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';

const e2e = browserSuite({ env: { SCHEMAS_DIR: path.resolve('examples/deployment') }, signIn: DEMO_USER });

describe('a deployment folder (SCHEMAS_DIR=examples/deployment) in Chromium', () => {
  it('adds the Vehículos screen: menu entry, list and form, with no code', async () => {
    const { page, errors } = e2e.b;
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Vehículos', exact: true }).click();
    await page.getByTestId('page-title').filter({ hasText: /^Vehículos$/ }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByLabel(/^Placa/).fill('PBC-1234');
    await page.getByLabel(/^Marca/).fill('Chevrolet');
    await page.getByLabel(/^Modelo/).fill('D-Max');
    await page.getByLabel(/^Año/).fill('2021');
    await page.getByLabel('Cliente').fill('María');
    await page.getByRole('option', { name: /María Fernanda Lozada/ }).click();
    await screenshot(page, '30-vehiculo-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Registro creado').last().waitFor();
    await page.getByRole('cell', { name: 'PBC-1234' }).waitFor();
    expect(await page.getByRole('row', { name: /PBC-1234/ }).textContent()).toContain('D-Max');
    await screenshot(page, '31-vehiculo-list');
    expect(errors).toEqual([]);
  });

  it('shows the custom product field and stores it', async () => {
    const { page, errors } = e2e.b;
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos', exact: true }).click();
    await page.getByTestId('page-title').filter({ hasText: /^Productos$/ }).waitFor();
    await page.getByRole('cell', { name: 'LAP-14' }).click();
    await page.getByLabel('Garantía (meses)').fill('24');
    await page.getByLabel('Código de barras').waitFor();
    await screenshot(page, '32-product-custom-field');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Cambios guardados').last().waitFor();
    await page.getByRole('cell', { name: 'LAP-14' }).click();
    await expect.poll(() => page.getByLabel('Garantía (meses)').inputValue()).toBe('24');
    expect(errors).toEqual([]);
  });
});
