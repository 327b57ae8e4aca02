/**
 * Guía de remisión in Chromium (#14): a carrier typed in Facturación > Transportistas, then from an
 * authorised demo factura "Emitir guía de remisión": the first destinatario arrives with the factura's
 * buyer and lines, a second destinatario is added by hand, the guía is issued, AUTORIZADA, and its
 * RIDE carries the plate, the carrier and both destinatarios. A carrier can also be created from the
 * guía's own picker; its plate is written in capitals and checked (issue 28).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';
import { navTo, pdfText } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });

const nav = (name: string) => navTo(e2e.b.page, name);

describe('guía de remisión in Chromium', () => {
  it('types a carrier with its default plate', async () => {
    const { page, errors } = e2e.b;
    await nav('Transportistas');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('textbox', { name: /^Identificación/ }).fill('1710034065001');
    await page.getByLabel('Razón social / Nombres y apellidos').fill('Transportes Andinos Quispe');
    // A carrier is identified by RUC, cédula or pasaporte: never "consumidor final"; its help in plain words (issue 28).
    const tipos = await page.getByLabel('Tipo de identificación').locator('option').allTextContents();
    expect(tipos.map((t) => t.slice(0, 2))).toEqual(['04', '05', '06']);
    expect((await page.locator('form').textContent()) ?? '').not.toMatch(/consumidor final|tipoIdentificacion|_id\b/i);
    // The plate is checked in plain Spanish and written in capitals.
    const placa = page.getByLabel('Placa (por defecto)');
    await placa.fill('pba 1234');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Use letras y números, con guion si la placa lo lleva, p. ej. PBA-1234').waitFor();
    await screenshot(page, 'waybill-01-carrier-plate-error');
    await placa.fill('pba-1234 ');
    await placa.blur();
    await expect.poll(() => placa.inputValue()).toBe('PBA-1234');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await nav('Transportistas');
    await expect.poll(() => page.getByRole('row', { name: /Transportes Andinos Quispe/ }).textContent()).toContain('PBA-1234');
    // (React's flushSync warning comes from rjsf focusing the field in error on the failed submit.)
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it("creates a carrier from the guía's picker, as a factura's customer, and chooses it", async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/invoicing/waybill/new`);
    // A new guía starts at the company's first establishment and emission point, as a factura does (issue 28).
    await expect.poll(() => page.getByRole('textbox', { name: /^Punto de emisión/ }).inputValue()).toBe('001');
    await page.getByRole('button', { name: 'Nuevo transportista' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo transportista' }).waitFor();
    await dialog.getByLabel('Tipo de identificación').selectOption('05');
    await dialog.getByRole('textbox', { name: /^Identificación/ }).fill('0926687856');
    await dialog.getByLabel('Razón social / Nombres y apellidos').fill('Fletes Costa Azul');
    await dialog.getByLabel('Placa (por defecto)').fill('gbc-0457');
    await screenshot(page, 'waybill-02-new-carrier-dialog');
    await dialog.getByRole('button', { name: 'Crear transportista' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // chosen at once in the picker
    await expect.poll(() => page.locator('form').textContent(), { timeout: 15_000 }).toContain('Fletes Costa Azul (0926687856)');
    await screenshot(page, 'waybill-03-carrier-chosen');
    page.once('dialog', (d) => void d.accept()); // "Hay cambios sin guardar…": leave the unsaved guía
    await nav('Transportistas');
    await expect.poll(() => page.getByRole('row', { name: /Fletes Costa Azul/ }).textContent()).toContain('GBC-0457');
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });

  it('issues a guía from an authorised factura with a second destinatario: AUTORIZADA and its RIDE', async () => {
    const { page, errors } = e2e.b;
    await nav('Facturas');
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('heading', { name: 'Borrador de factura' }).waitFor();
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    // The factura asks before issuing, as the other five types do (issue 28).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    await expect.poll(() => page.getByTestId('issued-panel').textContent(), { timeout: 30_000 }).toContain('Autorizada');
    const invoiceNumero = ((await page.getByRole('heading', { name: /^Factura \d{3}-\d{3}-\d{9}$/ }).textContent()) ?? '').replace('Factura ', '');

    await page.getByRole('link', { name: 'Emitir guía de remisión' }).click();
    await page.waitForURL(/#\/invoicing\/waybill\/new\?invoice=/, { waitUntil: 'commit' });
    // the first destinatario is the factura's buyer with its lines, before anything is saved
    const first = page.getByLabel('Razón social del destinatario').first();
    await expect.poll(() => first.inputValue(), { timeout: 15_000 }).toContain('María Fernanda Lozada');
    await expect.poll(() => page.getByRole('textbox', { name: /^Descripción/ }).count()).toBeGreaterThan(0);
    // establishment and emission point come from the factura
    expect(await page.getByRole('textbox', { name: /^Punto de emisión/ }).inputValue()).toBe('001');

    // carrier (plate from its default) and a second destinatario typed by hand
    await page.getByLabel('Transportista').first().fill('Quispe');
    await page.getByRole('option', { name: /Transportes Andinos Quispe/ }).click();
    await page.getByLabel('Placa', { exact: true }).fill('PBA-1234');
    await page.getByLabel('Dirección de partida').fill('Av. Amazonas N34-120, Quito');
    await screenshot(page, 'waybill-10-from-factura');
    // the form's "Agregar" buttons, in order: each destinatario's Mercadería, Destinatarios, Información adicional
    const agregar = page.getByRole('button', { name: 'Agregar' });
    const descripciones = page.getByRole('textbox', { name: /^Descripción/ });
    const factureLines = await descripciones.count();
    await agregar.nth((await agregar.count()) - 2).click();
    await expect.poll(() => page.getByLabel('Razón social del destinatario').count()).toBe(2);
    await page.getByLabel('Identificación del destinatario').nth(1).fill('0926687856');
    await page.getByLabel('Razón social del destinatario').nth(1).fill('Bodega Sur Guayaquil');
    await page.getByLabel('Dirección de destino').nth(1).fill('Km 10 vía a Daule, Guayaquil');
    await page.getByLabel('Motivo del traslado').nth(1).fill('Traslado entre bodegas');
    if ((await descripciones.count()) === factureLines) await agregar.nth((await agregar.count()) - 3).click();
    await expect.poll(() => descripciones.count()).toBe(factureLines + 1);
    await descripciones.last().fill('Cajas de archivo');
    await page.getByRole('spinbutton', { name: /^Cantidad/ }).or(page.getByRole('textbox', { name: /^Cantidad/ })).last().fill('12');
    await screenshot(page, 'waybill-11-two-destinatarios');

    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
    await page.getByRole('alertdialog').getByText('2 destinatarios').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emitir', exact: true }).click();
    const panel = page.getByTestId('issued-panel');
    await panel.waitFor({ timeout: 30_000 });
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Autorizada');
    await page.waitForURL(/#\/invoicing\/waybill\/[0-9a-f-]{36}$/, { waitUntil: 'commit' });
    const numero = ((await page.getByRole('heading', { name: /^Guía de remisión \d{3}-\d{3}-\d{9}$/ }).textContent()) ?? '').replace('Guía de remisión ', '');
    await screenshot(page, 'waybill-12-authorised');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'RIDE (PDF)' }).click()]);
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file);
    for (const expected of ['GUÍA DE REMISIÓN', numero, 'PBA-1234', 'Transportes Andinos Quispe', 'María Fernanda Lozada', 'Bodega Sur Guayaquil', 'Traslado entre bodegas', 'Cajas de archivo', invoiceNumero]) {
      expect(text).toContain(expected);
    }

    await nav('Guías de remisión');
    const row = page.getByRole('row', { name: new RegExp(numero) });
    await expect.poll(() => row.textContent()).toContain('Autorizada');
    await expect.poll(() => row.textContent()).toContain('PBA-1234');
    await screenshot(page, 'waybill-13-list');
    expect(errors.filter((e) => !e.includes('flushSync was called'))).toEqual([]);
  });
});
