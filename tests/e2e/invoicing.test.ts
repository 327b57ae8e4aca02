import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { apiCaller } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

async function nav(name: string) {
  await e2e.b.page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name, exact: true }).click();
  await e2e.b.page.getByRole('heading', { level: 2, name }).or(e2e.b.page.getByRole('heading', { name, exact: true }).last()).first().waitFor();
  await e2e.b.page.getByTestId('page-title').filter({ hasText: new RegExp(`^${name}$`) }).waitFor();
}

async function createThroughForm(menu: string, fill: () => Promise<void>, expectCell: string) {
  const { page } = e2e.b;
  await nav(menu);
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await fill();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Registro creado').last().waitFor();
  await page.getByRole('cell', { name: expectCell }).first().waitFor();
}

describe('invoicing in Chromium', () => {
  it('creates an establishment, a customer and two products through the generic forms', async () => {
    const { page, errors } = e2e.b;
    await createThroughForm(
      'Establecimientos',
      async () => {
        await page.getByLabel('Código de establecimiento').fill('002');
        await page.getByLabel(/^Nombre\*?$/).fill('Sucursal Guayaquil');
        await page.getByLabel('Dirección del establecimiento').fill('Av. 9 de Octubre 100, Guayaquil');
        // The points are rows (ui:options.layout row), each field named with its row number (issue 28).
        await page.getByLabel(/^Punto de emisión 1\b/).fill('001');
      },
      'Sucursal Guayaquil',
    );
    await screenshot(page, '10-establishment');
    await createThroughForm(
      'Clientes',
      async () => {
        await page.getByLabel('Tipo de identificación').selectOption('04');
        await page.getByLabel(/^Identificación\*?$/).fill('1792060346001');
        await page.getByLabel('Razón social / Nombres y apellidos').fill('Importadora Andina S.A.');
        await page.getByLabel('Correo electrónico').fill('compras@andina.example.com');
      },
      'Importadora Andina S.A.',
    );
    for (const [code, desc, price, iva] of [
      ['SILLA-01', 'Silla ergonómica', '120', '4'],
      ['LIB-99', 'Manual de tributación', '30', '0'],
    ]) {
      await createThroughForm(
        'Productos',
        async () => {
          await page.getByLabel('Código principal').fill(code);
          await page.getByLabel('Descripción').fill(desc);
          await page.getByLabel('Precio unitario (USD)').fill(price);
          await page.getByLabel('Tarifa de IVA').selectOption(iva);
        },
        code,
      );
    }
    await screenshot(page, '11-products');
    expect(errors).toEqual([]);
  });

  it('builds an invoice with two IVA rates and a discount, with live totals; saves, reopens and finds it', async () => {
    const { page, errors } = e2e.b;
    await nav('Facturas');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    // the list has a "Cliente" filter too: wait for the editor before typing into its "Cliente"
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await page.getByLabel('Cliente', { exact: true }).fill('Andina');
    await page.getByRole('option', { name: /Importadora Andina/ }).click();
    await page.getByLabel('Establecimiento', { exact: true }).selectOption({ label: '002 — Sucursal Guayaquil' });

    await page.getByLabel('Producto de la línea 1').fill('SILLA-01 — Silla ergonómica');
    await page.getByLabel('Cantidad de la línea 1').fill('3');
    await page.getByLabel('Descuento de la línea 1').fill('60');
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 345.00'); // (360 − 60) × 1.15
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Producto de la línea 2').fill('LIB-99 — Manual de tributación');
    await page.getByLabel('Cantidad de la línea 2').fill('2');
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 405.00'); // + 60 at 0 %
    const totals = await page.getByTestId('totals').textContent();
    expect(totals).toContain('Subtotal 15 %$ 300.00');
    expect(totals).toContain('Subtotal 0 %$ 60.00');
    expect(totals).toContain('IVA 15 %$ 45.00');
    expect(totals).toContain('Descuento$ 60.00');
    // a line whose text names no product is flagged on the line, left out of the totals, and blocks saving
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Producto de la línea 3').fill('SILLA-99');
    await page.getByLabel('Precio unitario de la línea 3').fill('10');
    await page.getByTestId('line-2').getByText('Elija un producto de la lista o quite la línea').waitFor();
    // …and named under the buttons as what blocks issuing (issue 28)
    expect(await page.getByTestId('issue-blocker').textContent()).toContain('Línea 3: Elija un producto de la lista');
    expect(await page.getByTestId('importe-total').textContent()).toBe('$ 405.00');
    await screenshot(page, '12a-line-without-product');
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.getByText('Línea 3: Elija un producto de la lista o quite la línea').last().waitFor();
    await page.getByRole('button', { name: 'Quitar la línea 3' }).click();
    await page.getByRole('button', { name: /Usar el total/ }).click();
    // The payment's value reads whole at 1280 px (its column has a minimum width, issue 28).
    const valor = page.getByLabel('Valor del pago 1');
    await expect.poll(() => valor.inputValue()).toMatch(/^\d+\.\d{2}$/);
    expect(await valor.evaluate((el) => [el.scrollWidth, el.clientWidth])).toSatisfy(([scroll, client]: number[]) => scroll <= client);
    await screenshot(page, '12-invoice-editor');

    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.getByText('Borrador guardado').waitFor();
    await page.waitForURL(/#\/invoicing\/invoice\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    await page.reload();
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 405.00');
    await expect(page.getByLabel('Cantidad de la línea 2').inputValue()).resolves.toBe('2');

    await nav('Facturas');
    const row = page.getByRole('row', { name: /Importadora Andina/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('$ 405.00');
    expect(await row.textContent()).toContain('Borrador');
    await screenshot(page, '13-invoice-list');
    expect(errors).toEqual([]);
  });

  it('issues it: AUTORIZADA, RIDE downloads, and the customer gets the XML and the RIDE by mail', async () => {
    const { page, errors } = e2e.b;
    await page.getByRole('row', { name: /Importadora Andina/ }).click();
    await page.getByRole('button', { name: 'Emitir' }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByTestId('issued-panel').waitFor();
    await expect.poll(() => page.getByTestId('issued-panel').textContent()).toContain('Autorizada');
    const clave = (await page.getByTestId('clave-acceso').textContent())!;
    expect(clave).toMatch(/^\d{49}$/);
    // Issued, it reads as a document (issue 28): text, no inputs, money as dollars.
    const doc = page.getByTestId('issued-document');
    expect(await doc.locator('input, select, textarea').count()).toBe(0);
    expect(await doc.getByTestId('issued-facts').textContent()).toContain('Importadora Andina');
    expect(await doc.getByTestId('issued-lines').getByRole('row').count()).toBe(3);
    expect(await doc.getByTestId('importe-total').textContent()).toMatch(/^\$ [\d,]+\.\d{2}$/);
    await screenshot(page, '14-invoice-authorised');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'RIDE (PDF)' }).click();
    const file = await (await download).path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');

    // The worker mails the buyer in the background.
    await expect
      .poll(
        async () => {
          for (const f of e2e.srv.outboxFiles()) {
            const m = await simpleParser(readFileSync(f));
            if (m.subject?.includes('Factura electrónica')) return m.attachments.map((a) => a.contentType).sort();
          }
          return [];
        },
        { timeout: 20_000 },
      )
      .toEqual(['application/pdf', 'application/xml']);

    await nav('Facturas');
    const row = page.getByRole('row', { name: /Importadora Andina/ });
    await expect.poll(() => row.textContent()).toContain('Autorizada');
    await page.getByLabel('Estado', { exact: true }).selectOption('AUTORIZADA');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await screenshot(page, '15-list-authorised');
    expect(errors).toEqual([]);
  });

  it('issues ten drafts at once: select them, Emitir seleccionados, watch the progress, all authorised', async () => {
    const { page, errors } = e2e.b;
    const call = apiCaller(() => e2e.srv.url);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const list = async (path: string) => (await fetch(`${e2e.srv.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const [establishment] = (await list('/api/establishment?q=002')) as Array<{ _id: string }>;
    const [customer] = (await list('/api/customer?q=Andina')) as Array<{ _id: string }>;
    const [product] = (await list('/api/product?q=LIB-99')) as Array<{ _id: string }>;
    for (let i = 1; i <= 10; i += 1) {
      await call('POST', '/api/invoice', { establishment: establishment._id, ptoEmi: '001', customer: customer._id, detalles: [{ product: product._id, cantidad: i, precioUnitario: 30, descuento: 0, codigoPorcentajeIva: '0' }], pagos: [{ formaPago: '01', total: 30 * i }] }, token);
    }

    // Drafts made by another program: the open app learns of them on reload (its list cache is per session).
    await page.reload();
    await nav('Facturas');
    await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Todos' });
    // The whole list (the demo's drafts too) before searching, so the search is not lost to the filter's reload.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(12);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Andina');
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    // The ten drafts and the factura authorised above; only the drafts can be selected.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBe(12);
    await page.getByRole('checkbox', { name: 'Seleccionar todos' }).check();
    await page.getByRole('button', { name: 'Emitir seleccionados (10)' }).click();
    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    await screenshot(page, '16-batch-progress');
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toContain('Terminado: 10 autorizados, 0 rechazados de 10');
    await expect.poll(() => page.getByTestId('batch-items').locator('tbody tr[data-status="AUTORIZADA"]').count()).toBe(10);
    await screenshot(page, '17-batch-authorised');
    await page.getByRole('button', { name: 'Cerrar' }).last().click();
    // The list reloads: all eleven authorised, with their números, and nothing left to select.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Autorizada' }).count()).toBe(11);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Borrador' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Emitir seleccionados' }).isDisabled()).toBe(true);
    await screenshot(page, '18-batch-list');
    expect(errors).toEqual([]);
  });
});
