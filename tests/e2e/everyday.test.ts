/**
 * Everyday use (issue 28) in Chromium: the app opened from another PC of the office over plain HTTP
 * at a LAN name renders; a form's errors in plain Spanish, a code that pads itself, a nota de
 * crédito that says what blocks it, a factura that asks before issuing, on a phone a list of cards and
 * an editor whose lines stack, a header select wide enough for
 * its establishment, a textarea that stops at its limit.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { launch, screenshot } from './browser.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

describe('everyday use', () => {
  it('opened over plain HTTP at a LAN name (http://oficina.local:PORT) the login page renders', async () => {
    const port = new URL(e2e.srv.url).port;
    const lan = await launch({ args: ['--host-resolver-rules=MAP oficina.local 127.0.0.1'] });
    try {
      const requested: string[] = [];
      lan.page.on('request', (r) => requested.push(r.url()));
      await lan.page.goto(`http://oficina.local:${port}/`);
      await lan.page.getByRole('button', { name: 'Ingresar' }).waitFor({ timeout: 20_000 });
      await screenshot(lan.page, 'everyday-01-lan-login');
      // A favicon of its own, and "Iniciar sesión" written one way.
      expect(await lan.page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
      expect(await lan.page.getByRole('link', { name: 'Iniciar sesión', exact: true }).count()).toBe(1);
      expect(requested.filter((u) => u.startsWith('https://'))).toEqual([]);
      expect(lan.errors).toEqual([]);
    } finally {
      await lan.close();
    }
  });

  it('a form says what is wrong in plain Spanish, inputs stop at their limit and codes pad themselves', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/product/new`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Obligatorio').first().waitFor();
    const text = (await page.locator('form').textContent()) ?? '';
    expect(text).not.toMatch(/propiedad requerida|debe coincidir|must|\^|\$\)/);
    expect(await page.getByLabel('Código principal').getAttribute('maxlength')).toBe('25');
    await screenshot(page, 'everyday-02-product-errors');

    await page.goto(`${e2e.srv.url}/#/invoicing/establishment/new`);
    const estab = page.getByLabel('Código de establecimiento');
    await estab.fill('7');
    await estab.blur();
    await expect.poll(() => estab.inputValue()).toBe('007');
    await screenshot(page, 'everyday-03-establishment-padded');
    // React warns (twice) about flushSync when rjsf focuses the first field in error on a failed
    // submit; it is a console warning, not a page error. Anything else counts.
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it('a nota de crédito says what blocks Emitir, and a factura asks before issuing', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/credit-note/new`);
    const blocker = page.getByTestId('issue-blocker');
    await expect.poll(() => blocker.textContent()).toBe('Para emitir: elija la factura que se modifica');
    expect(await page.getByRole('button', { name: 'Emitir', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'everyday-04-credit-note-blocker');

    await page.goto(`${e2e.srv.url}/#/invoicing/invoice?status=BORRADOR`);
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('heading', { name: 'Borrador de factura' }).waitFor();
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('¿Emitir la factura?').waitFor();
    expect(await dialog.textContent()).toMatch(/por \$ [\d,]+\.\d{2}; no se puede deshacer/);
    await screenshot(page, 'everyday-05-factura-confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('heading', { name: 'Borrador de factura' }).isVisible()).toBe(true);
    // (The flushSync warnings are the failed submit's above.)
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it('on a phone (375 px) the invoice list shows cards and the editor stacks each line, without sideways scrolling; 1280 px keeps the table', async () => {
    const { page, errors } = e2e.b;
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.goto(`${e2e.srv.url}/#/invoicing/invoice`);
      const card = page.getByTestId('list-card').first();
      await card.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('table').count()).toBe(0);
      // Number, customer, status and total on the card.
      expect(await card.getByTestId('card-title').textContent()).toMatch(/^(\d{3}-\d{3}-\d{9}|Sin número)$/);
      expect((await card.getByTestId('card-subtitle').textContent())?.trim()).not.toBe('');
      expect(await card.getByTestId('card-badge').textContent()).toMatch(/Borrador|Autorizada|Devuelta|Anulada|Firmada|En proceso|Recibida|No autorizada/);
      expect(await card.getByTestId('card-amount').textContent()).toMatch(/^\$ [\d,]+\.\d{2}$/);
      expect(await scrollWidth()).toBeLessThanOrEqual(375);
      await screenshot(page, 'everyday-06-phone-invoice-list');
      // Sorted from an "Ordenar por" select, as the table sorts from its headers.
      await page.getByLabel('Ordenar por').selectOption('-importeTotal');
      await page.waitForURL(/sort=-importeTotal/, { waitUntil: 'commit' });
      const amounts = async () => (await page.getByTestId('card-amount').allTextContents()).map((t) => Number(t.replace(/[$,\s]/g, '')));
      await expect.poll(async () => { const a = await amounts(); return a.length > 1 && a.every((v, i) => i === 0 || a[i - 1] >= v); }).toBe(true);

      await page.goto(`${e2e.srv.url}/#/invoicing/invoice/new`);
      const product = page.getByLabel('Producto de la línea 1');
      await product.fill('MOU-01 — Mouse inalámbrico');
      await page.getByLabel('Cantidad de la línea 1').fill('3');
      await expect.poll(() => page.getByTestId('line-total-0').textContent()).toMatch(/\$ [\d,]+\.\d{2}/);
      // Money as it is written: the product's 18.500000 shows as 18.50, a typed 2.5 as 2.50 once left.
      expect(await page.getByLabel('Precio unitario de la línea 1').inputValue()).toBe('18.50');
      await page.getByLabel('Descuento de la línea 1').fill('2.5');
      await page.getByLabel('Cantidad de la línea 1').focus();
      expect(await page.getByLabel('Descuento de la línea 1').inputValue()).toBe('2.50');
      // The line is stacked: product above quantity and price, every part inside the screen.
      const box = async (label: string) => (await page.getByLabel(label).boundingBox())!;
      const [p, q, price, iva, subtotal] = [await box('Producto de la línea 1'), await box('Cantidad de la línea 1'), await box('Precio unitario de la línea 1'), await box('IVA de la línea 1'), (await page.getByTestId('line-total-0').boundingBox())!];
      expect(q.y).toBeGreaterThan(p.y + p.height - 1);
      for (const b of [p, q, price, iva, subtotal]) expect(b.x + b.width).toBeLessThanOrEqual(375);
      expect(await page.getByRole('columnheader', { name: 'Cantidad' }).count()).toBe(0); // the header row is hidden, each cell labels itself
      expect(await scrollWidth()).toBeLessThanOrEqual(375);
      await screenshot(page, 'everyday-07-phone-invoice-editor');
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice`);
    await page.getByRole('table').waitFor();
    expect(await page.getByTestId('list-card').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Cliente' }).isVisible()).toBe(true);
    await screenshot(page, 'everyday-08-desktop-invoice-list');
    // The customer filter's menu opens over the table's sticky header, not behind it: every point
    // of the open menu (every 4 px down its middle) shows the menu, so what is read there is clicked.
    await page.getByLabel('Cliente', { exact: true }).click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option').nth(1).waitFor();
    const hidden = await listbox.evaluate((menu) => {
      const r = menu.getBoundingClientRect();
      const covered: number[] = [];
      for (let y = r.top + 1; y < r.bottom - 1; y += 4) {
        const top = document.elementFromPoint(r.left + r.width / 2, y);
        if (!top || !menu.contains(top)) covered.push(Math.round(y));
      }
      return covered;
    });
    expect(hidden).toEqual([]);
    await screenshot(page, 'everyday-08b-customer-filter-menu');
    await page.keyboard.press('Escape');
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it('a negative quantity is flagged on its line and the valid lines keep their totals; every editor says what blocks Emitir', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice/new`);
    await page.getByLabel('Producto de la línea 1').fill('MOU-01 — Mouse inalámbrico');
    await page.getByLabel('Cantidad de la línea 1').fill('2');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Producto de la línea 2').fill('SRV-SOP — Soporte técnico (hora)');
    await page.getByLabel('Cantidad de la línea 2').fill('-1');
    // 2 × 18.50 = 37.00 + 15 % IVA = 42.55: the bad line is left out, not every total.
    await expect.poll(() => page.getByTestId('importe-total').textContent()).toBe('$ 42.55');
    await page.getByTestId('line-1').getByText('Cantidad: no puede ser negativo').waitFor();
    expect(await page.getByLabel('Producto de la línea 2').getAttribute('aria-invalid')).toBe('true');
    // A new line's discount is money too.
    expect(await page.getByLabel('Descuento de la línea 2').inputValue()).toBe('0.00');
    expect(await page.getByRole('button', { name: 'Emitir', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'everyday-09-negative-quantity');

    const blockers: Array<[string, string]> = [
      ['/invoicing/debit-note/new', 'Para emitir: elija la factura que se modifica'],
      ['/invoicing/waybill/new', 'Para emitir: elija el transportista'],
      ['/purchases/purchase-settlement/new', 'Para emitir: elija el proveedor'],
    ];
    for (const [route, text] of blockers) {
      await page.goto(`${e2e.srv.url}/#${route}`);
      await expect.poll(() => page.getByTestId('issue-blocker').textContent()).toBe(text);
      expect(await page.getByRole('button', { name: 'Emitir', exact: true }).isDisabled()).toBe(true);
    }
    await screenshot(page, 'everyday-10-settlement-blocker');
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it('a header select shows "001 — Matriz Quito" whole, and a textarea stops at its limit', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/invoice/new`);
    const estab = page.getByLabel('Establecimiento', { exact: true });
    const point = page.getByLabel('Punto de emisión', { exact: true });
    await expect.poll(() => estab.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? '')).toBe('001 — Matriz Quito');
    await expect.poll(() => point.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? '')).toMatch(/^001 — ./);
    // the chosen option's text, in the select's own font, fits between its paddings (the indicator sits in the right one)
    const room = (el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = style.font;
      return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ctx.measureText(el.selectedOptions[0]!.text).width;
    };
    expect(await estab.evaluate(room)).toBeGreaterThanOrEqual(0);
    expect(await point.evaluate(room)).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'everyday-11-header-select');

    await page.goto(`${e2e.srv.url}/#/invoicing/customer/new`);
    const direccion = page.getByLabel('Dirección', { exact: true });
    expect(await direccion.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await direccion.getAttribute('maxlength')).toBe('300');
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });
});
