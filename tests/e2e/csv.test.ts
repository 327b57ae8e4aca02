/** CSV in Chromium: export the invoice list to a file; import products with an error row. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { navTo } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const nav = (name: string) => navTo(e2e.b.page, name);

describe('CSV in Chromium', () => {
  it('exports the invoice list, sorted as shown, to a downloaded file', async () => {
    const { page, errors } = e2e.b;
    await nav('Facturas');
    await page.getByRole('cell').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^facturas-\d{4}-\d{2}(-\d{2})?\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Número,Estado,Fecha,Cliente,Total,Saldo,Cobro,Identificación del cliente,Clave de acceso,Base 15 %,Base 5 %,Base 0 %,Base otras tarifas,No objeto de IVA,Exenta de IVA,IVA');
    expect(lines.length).toBeGreaterThan(1);
    // Default sort of the list: newest first.
    const dates = lines.slice(1).map((l) => /\d{4}-\d{2}-\d{2}/.exec(l)?.[0] ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    await screenshot(page, 'csv-10-invoice-list-export');
    expect(errors).toEqual([]);
  });

  it('imports products from a CSV with an error row and shows the report', async () => {
    const { page, errors } = e2e.b;
    await nav('Productos');
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const csv = ['Código;Descripción;Precio;IVA', 'CSV-01;Café tostado;4,50;0', 'CSV-02;Taza de cerámica;abc;4', 'CSV-03;Azúcar morena;1,25;0'].join('\r\n');
    await page.getByLabel('Archivo CSV').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const table = page.getByTestId('import-errors');
    await table.waitFor();
    await expect(table.getByRole('row').nth(1).innerText()).resolves.toMatch(/3\s+Precio\s+Debe ser un número/);
    await expect(page.getByTestId('import-report').first().innerText()).resolves.toMatch(/Se crearán: 2/);
    // All or nothing is refused while there are errors; only the valid rows can be saved.
    await expect(page.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'csv-20-import-preview');
    await page.getByText('Solo filas válidas', { exact: true }).click();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText(/Creados: 2/).waitFor();
    await screenshot(page, 'csv-30-import-result');
    // The success toast has a "Cerrar" button too: close the dialog's.
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click();
    await page.getByRole('cell', { name: 'Café tostado' }).waitFor();
    await page.getByRole('cell', { name: 'Azúcar morena' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Taza de cerámica' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
