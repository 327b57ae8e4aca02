import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { browserSuite, chooseProfileMenuItem, signInThroughPage } from '../helpers/browser-suite.ts';
import { newRuc } from '../helpers/test-app.ts';
import { screenshot } from './browser.ts';

const e2e = browserSuite();

async function signIn(email: string, password: string) {
  await signInThroughPage(e2e.b.page, e2e.srv.url, { email, password });
}

async function logOut() {
  await chooseProfileMenuItem(e2e.b.page, 'Cerrar Sesión', /#\/(pages|auth)\/login/);
}

describe('the shell in Chromium', () => {
  it('registers a company, activates it from the mailed link, signs in and opens every menu entry', async () => {
    const { page, errors } = e2e.b;
    const ruc = await newRuc();
    const email = `e2e${Date.now()}@example.com`;
    await page.goto(`${e2e.srv.url}/`);
    await page.waitForURL(/#\/auth\/login/, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Registrar Empresa' }).click();
    await page.getByLabel('RUC').fill(ruc);
    await page.getByLabel('Razón social').fill('Ferretería El Tornillo');
    await page.getByLabel('Dirección matriz').fill('Av. 6 de Diciembre, Quito');
    await page.getByLabel('Nombres').fill('Lucía');
    await page.getByLabel('Apellidos').fill('Andrade');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill('Clave1234!');
    await page.getByLabel('Repita la contraseña').fill('Clave1234?');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Las contraseñas no coinciden').waitFor();
    await screenshot(page, '01-register-mismatch');
    await page.getByLabel('Repita la contraseña').fill('Clave1234!');
    await screenshot(page, '01-register');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('heading', { name: 'Revise su correo' }).waitFor();
    await screenshot(page, '02-registered');

    const mail = await simpleParser(readFileSync(e2e.srv.outboxFiles()[0]));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(email);
    const link = /(http\S+#\/auth\/activate\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    await page.goto(link);
    await page.getByText('Cuenta activada').waitFor();
    await screenshot(page, '03-activated');

    // The activation message's own link (the page's "Acceso" navigation has one too).
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).last().click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('Clave1234!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
    await expect(page.getByTestId('sidebar-user').textContent()).resolves.toContain('Lucía Andrade');
    await screenshot(page, '04-dashboard');

    const entries = ['Facturas', 'Clientes', 'Productos', 'Establecimientos', 'Usuarios', 'Inicio'];
    for (const name of entries) {
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name, exact: true }).click();
      await page.getByTestId('page-title').filter({ hasText: new RegExp(`^${name}$`) }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `05-menu-${name}`);
      if (name === 'Usuarios' || name === 'Establecimientos') {
        await page.getByRole('button', { name: 'Nuevo' }).click();
        await page.getByRole('button', { name: 'Guardar' }).waitFor();
        await screenshot(page, `05-form-${name}`);
        await page.getByRole('button', { name: 'Cancelar' }).click();
        await page.getByRole('button', { name: 'Nuevo' }).waitFor();
      }
    }
    expect(errors).toEqual([]);
    await logOut();
  });

  it('questions a sociedad RUC whose check digit fails, registers it when confirmed, corrects it from the activation link, and shows Empresa in the sidebar', async () => {
    const { page, errors } = e2e.b;
    // A Pichincha sociedad RUC whose módulo 11 check digit is wrong (the SRI's algorithm, SRI.md).
    const body = `179${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const sum = [4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(body[i]), 0);
    const expected = sum % 11 === 0 ? 0 : 11 - (sum % 11);
    const questionable = `${body}${expected === 9 ? 0 : expected === 10 ? 1 : expected + 1}001`;
    const email = `ruc${Date.now()}@example.com`;
    await page.goto(`${e2e.srv.url}/#/auth/register`);
    await page.getByLabel('RUC').fill(questionable);
    await page.getByLabel('Razón social').fill('Importadora Dígito S.A.');
    await page.getByLabel('Dirección matriz').fill('Av. Amazonas, Quito');
    await page.getByLabel('Nombres').fill('Rosa');
    await page.getByLabel('Apellidos').fill('Chicaiza');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel(/^Contraseña/).fill('Clave1234!');
    await page.getByLabel('Repita la contraseña').fill('Clave1234!');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await expect.poll(() => page.getByTestId('ruc-question').textContent(), { timeout: 15000 }).toMatch(/dígito verificador.*confírmelo; si no, corríjalo/);
    await screenshot(page, '07-register-ruc-questioned');
    await page.getByRole('button', { name: 'El RUC es correcto: registrar' }).click();
    await page.getByRole('heading', { name: 'Revise su correo' }).waitFor();

    const file = e2e.srv.outboxFiles().find((f) => readFileSync(f, 'utf8').includes(email))!;
    const mail = await simpleParser(readFileSync(file));
    const link = /(http\S+#\/auth\/activate\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    await page.goto(link);
    await expect.poll(() => page.getByTestId('activation-ruc').textContent(), { timeout: 15000 }).toContain(questionable);
    const right = await newRuc();
    await page.getByLabel('RUC correcto').fill(right);
    await screenshot(page, '08-activation-correct-ruc');
    await page.getByRole('button', { name: 'Corregir y activar' }).click();
    await page.getByText('Cuenta activada').waitFor();

    await signIn(email, 'Clave1234!');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Empresa', exact: true }).click();
    await page.getByRole('heading', { name: 'Datos de la empresa y del SRI' }).waitFor();
    await expect.poll(() => page.getByLabel('RUC').inputValue(), { timeout: 15000 }).toBe(right);
    await screenshot(page, '09-empresa-from-sidebar');
    expect(errors).toEqual([]);
    await logOut();
  });

  it('sends a visitor without a session to login with returnUrl, and back there after login', async () => {
    const { page } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/customer`);
    await page.waitForURL(/#\/login\?returnUrl=%2Finvoicing%2Fcustomer/, { waitUntil: 'commit' });
    await page.getByLabel('Correo electrónico').fill('demo@emite.ec');
    await page.getByLabel('Contraseña').fill('Demo1234!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/#\/invoicing\/customer$/, { waitUntil: 'commit' });
    await page.getByText('María Fernanda Lozada').waitFor();
    await logOut();
  });

  it('lets staff create, edit and delete a catalog entry', async () => {
    const { page, errors } = e2e.b;
    await signIn('staff@emite.ec', 'Staff1234!');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Tablas y catálogos' }).click();
    await page.getByRole('row', { name: /forma_pago/ }).waitFor();
    await screenshot(page, '06a-tables');
    await page.getByRole('row', { name: /forma_pago/ }).getByRole('link', { name: 'Catálogo' }).click();
    await page.getByText('Catálogo: forma_pago').waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByLabel('Código').fill('99');
    await page.getByLabel('Nombre').fill('PAGO DE PRUEBA');
    await screenshot(page, '06b-catalog-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Registro creado').waitFor();
    await page.getByRole('cell', { name: 'PAGO DE PRUEBA' }).waitFor();
    await screenshot(page, '06-catalog-created');
    await page.getByRole('cell', { name: 'PAGO DE PRUEBA' }).click();
    await page.getByLabel('Nombre').fill('PAGO DE PRUEBA EDITADO');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('cell', { name: 'PAGO DE PRUEBA EDITADO' }).waitFor();
    await page.getByRole('row', { name: /PAGO DE PRUEBA EDITADO/ }).getByRole('button', { name: 'Eliminar' }).click();
    await screenshot(page, '07-catalog-confirm-delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('cell', { name: 'PAGO DE PRUEBA EDITADO' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await logOut();
  });

  it('edits the company profile as SUPERADMIN', async () => {
    const { page, errors } = e2e.b;
    await signIn('demo@emite.ec', 'Demo1234!');
    await chooseProfileMenuItem(page, 'Empresa', /#\/pages\/company/);
    await page.getByLabel('Nombre comercial').fill('Demo Emite Norte');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('Datos de la empresa guardados').waitFor();
    await screenshot(page, '08-company');
    await page.reload();
    await expect(page.getByLabel('Nombre comercial').inputValue()).resolves.toBe('Demo Emite Norte');
    await page.getByText('Firma electrónica').waitFor();
    // A checkbox's longer description reads as lines one under the other, above its box.
    const hint = await page.locator('#root_mfaRequired__description').boundingBox();
    const box = await page.getByText('Exigir segundo factor a los administradores').boundingBox();
    expect(hint!.height).toBeGreaterThan(20);
    expect(hint!.y + hint!.height).toBeLessThanOrEqual(box!.y + 1);
    expect(errors).toEqual([]);
    await logOut();
  });

  it('is usable at 360 px: the menu is a drawer that closes on navigation', async () => {
    const { page, errors } = e2e.b;
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await signIn('demo@emite.ec', 'Demo1234!');
      await page.getByTestId('kpi-Ventas del mes').waitFor();
      await screenshot(page, '09-mobile-dashboard');
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.getByRole('link', { name: 'Productos', exact: true }).waitFor();
      // The screenshot shows the drawer in place, not halfway through its slide-in.
      await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await screenshot(page, '09-mobile-drawer');
      await drawer.getByRole('link', { name: 'Productos', exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByTestId('page-title').filter({ hasText: /^Productos$/ }).waitFor();
      // Below 768 px every list shows its rows as cards (issue 28).
      await page.getByTestId('list-card').first().waitFor();
      await screenshot(page, '09-mobile-products');
      await page.getByRole('button', { name: 'Nuevo' }).click();
      await page.getByLabel(/Código principal/).waitFor();
      await screenshot(page, '09-mobile-product-form');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByTestId('page-title').filter({ hasText: /^Productos$/ }).waitFor();
      // The menu is longer than the phone is tall: the drawer scrolls to its last entry.
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const last = drawer.getByRole('link').last();
      await expect(last.textContent()).resolves.toMatch(/Pantallas$/);
      expect((await last.boundingBox())!.y).toBeGreaterThan(740);
      await last.click();
      await page.waitForURL(/#\/config\/screens/, { waitUntil: 'commit' });
      await drawer.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await logOut();
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
