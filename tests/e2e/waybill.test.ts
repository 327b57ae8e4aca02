/**
 * Guía de remisión in Chromium (#14): a carrier typed in Facturación > Transportistas, then from an
 * authorised demo factura "Emitir guía de remisión": the first destinatario arrives with the factura's
 * buyer and lines, a second destinatario is added by hand, the guía is issued, AUTORIZADA, and its
 * RIDE carries the plate, the carrier and both destinatarios.
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
    await page.getByLabel('Placa (por defecto)').fill('PBA-1234');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await nav('Transportistas');
    await page.getByRole('row', { name: /Transportes Andinos Quispe/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('issues a guía from an authorised factura with a second destinatario: AUTORIZADA and its RIDE', async () => {
    const { page, errors } = e2e.b;
    await nav('Facturas');
    await page.getByRole('row', { name: /María Fernanda Lozada/ }).first().click();
    await page.getByRole('heading', { name: 'Borrador de factura' }).waitFor();
    await page.getByRole('button', { name: 'Emitir', exact: true }).click();
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
    expect(errors).toEqual([]);
  });
});
