import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const productsWith = (key: string) => fetch(`${e2e.srv.url}/api/product`, { headers: { 'x-api-key': key } });

describe('Empresa > Integraciones in Chromium', () => {
  it('creates an API key, shows it once, and revokes it', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/pages/company`);
    const section = page.getByRole('region', { name: 'Integraciones' });
    await section.getByRole('heading', { name: 'Claves de API' }).waitFor();
    await section.getByText('Aún no hay claves de API.').waitFor();

    await section.getByLabel('Nombre de la clave').fill('Caja 1');
    await section.getByLabel('Rol de la clave').selectOption('EMISOR');
    await section.getByRole('button', { name: 'Crear clave' }).click();
    const shown = section.getByLabel('Clave de API nueva');
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^emk_[A-Za-z0-9_-]{43}$/);
    await section.getByText(/no se volverá a mostrar/).waitFor();
    const row = section.getByRole('row', { name: /Caja 1/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${key.slice(0, 12)}…`);
    expect(await row.textContent()).toMatch(/Emisor.*Demo/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, '30-api-key-created');
    // The key works against the API, with the Emisor role.
    expect((await productsWith(key)).status).toBe(200);

    // Shown once: gone after "Ya la guardé" and after a reload; the list keeps the prefix only.
    await section.getByRole('button', { name: 'Ya la guardé' }).click();
    expect(await section.getByLabel('Clave de API nueva').count()).toBe(0);
    await page.reload();
    await section.getByRole('row', { name: /Caja 1/ }).waitFor();
    expect(await page.content()).not.toContain(key);

    await section.getByRole('button', { name: 'Revocar la clave Caja 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('¿Revocar la clave «Caja 1»?').waitFor();
    await screenshot(page, '31-api-key-revoke-confirm');
    await dialog.getByRole('button', { name: 'Revocar' }).click();
    await section.getByRole('row', { name: /Caja 1/ }).getByText('Revocada').waitFor();
    expect(await section.getByRole('button', { name: 'Revocar la clave Caja 1' }).count()).toBe(0);
    await screenshot(page, '32-api-key-revoked');
    expect((await productsWith(key)).status).toBe(401);
    expect(errors).toEqual([]);
  });
});
