/**
 * The monthly close in Chromium (issue 25): the demo company issues its drafts and buys from a
 * supplier (one factura registered by key, one uploaded as XML: not confirmed). In Contabilidad >
 * ATS del mes the check names the purchase without sustento (an error, download disabled) and the
 * unconfirmed upload (a warning with a link to it); the user picks a sustento for purchases without
 * retención in the ATS settings, the error goes, and "Descargar ATS" saves ATmmaaaa.xml, valid
 * against the SRI's XSD. Then the 104 with a casillero's documents, the libro de ventas exported,
 * and the dashboard's next obligation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, DEMO_USER } from '../helpers/browser-suite.ts';
import { xmllintValidate } from '../helpers/xml-tools.ts';
import { guayaquilDate } from '../../core/guayaquil-date.ts';
import { screenshot } from './browser.ts';
import { apiCaller, registerSupplierSellingTo } from './steps.ts';

const e2e = browserSuite({ signIn: DEMO_USER });
const call = apiCaller(() => e2e.srv.url);
const DEMO_RUC = '1790016919001';
const period = guayaquilDate(new Date()).slice(0, 7);
const atsName = `AT${period.slice(5)}${period.slice(0, 4)}.xml`;

/** Choose `period` in a month select pair (Spanish month name and year) labelled `label`. */
async function pickMonth(page: import('playwright-core').Page, label: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption(String(Number(period.slice(5))));
  await page.getByLabel(`${label}: año`, { exact: true }).selectOption(period.slice(0, 4));
}

/** Through the API: the demo drafts issued; a supplier's two facturas, one by key, one as XML. */
async function monthOfDocuments(): Promise<{ byKey: string; uploaded: string }> {
  // The supplier first: its activation is the first mail of the outbox (the demo's sales mail later).
  const supplier = await registerSupplierSellingTo(call, { outboxFiles: () => e2e.srv.outboxFiles(), ruc: '0190072002001', razonSocial: 'Suministros del Austro Cía. Ltda.', dirMatriz: 'Av. Solano 2-45, Cuenca', estab: '001', ptoEmi: '004', buyer: { ruc: DEMO_RUC, razonSocial: 'Empresa Demo S.A.' } });
  const token = String((await call('PUT', '/auth/login', DEMO_USER)).token);
  const drafts = (await call('GET', '/api/invoice?status=BORRADOR&per_page=20', undefined, token)) as unknown as Array<{ _id: string }>;
  for (const d of drafts) await call('POST', `/api/invoice/${d._id}/issue`, {}, token);
  const first = await supplier.sell(10);
  await call('POST', '/api/received-document', { claveAcceso: first.claveAcceso }, token);
  const second = await supplier.sell(4);
  const list = (await call('GET', `/api/invoice?q=${second.numero}`, undefined, supplier.token)) as unknown as Array<{ _id: string }>;
  const res = await fetch(`${e2e.srv.url}/api/invoice/${list[0]._id}/xml?format=autorizacion`, { headers: { authorization: `Bearer ${supplier.token}` } });
  await call('POST', '/api/received-document', { xml: await res.text() }, token);
  return { byKey: first.numero, uploaded: second.numero };
}

describe('monthly close in Chromium', () => {
  it('ATS: the check, a setting that clears its error, the file downloaded and valid', async () => {
    const { page, errors } = e2e.b;
    const docs = await monthOfDocuments();
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    if (!(await nav.getByRole('link', { name: 'ATS del mes', exact: true }).isVisible())) await nav.getByText('Contabilidad', { exact: true }).click();
    await nav.getByRole('link', { name: 'ATS del mes', exact: true }).click();
    await page.getByRole('heading', { name: 'Anexo Transaccional Simplificado' }).waitFor();
    await pickMonth(page, 'Mes del cierre');
    const problems = page.getByTestId('ats-problems');
    await expect.poll(() => problems.textContent(), { timeout: 30_000 }).toContain(`La compra ${docs.byKey}`);
    expect(await problems.textContent()).toContain(`${docs.uploaded}`);
    expect(await problems.textContent()).toContain('no está confirmado con el SRI');
    expect(await page.getByRole('button', { name: 'Descargar ATS' }).isDisabled()).toBe(true);
    await screenshot(page, 'close-10-ats-check');

    // The unconfirmed upload's link opens it.
    await problems.locator('div', { hasText: docs.uploaded }).getByRole('link', { name: 'Abrir documento' }).last().click();
    await page.getByRole('heading', { name: `Factura ${docs.uploaded}` }).waitFor();
    await page.goBack();

    await page.getByLabel('Sustento tributario de compras sin retención').selectOption({ label: '01 Crédito tributario para declaración de IVA' });
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect.poll(() => problems.textContent(), { timeout: 30_000 }).not.toContain(`La compra ${docs.byKey}`);
    await page.getByRole('button', { name: 'Descargar ATS' }).waitFor({ state: 'visible' });
    await expect.poll(() => page.getByRole('button', { name: 'Descargar ATS' }).isEnabled()).toBe(true);
    await screenshot(page, 'close-20-ats-settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar ATS' }).click()]);
    expect(download.suggestedFilename()).toBe(atsName);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xmllintValidate(xml, 'ats/at.xsd')).toMatchObject({ ok: true });
    expect(xml).toContain(`<IdInformante>${DEMO_RUC}</IdInformante>`);
    expect(xml).toContain('<codSustento>01</codSustento>');
    expect(errors).toEqual([]);
  });

  it('formulario 104 laid out by section, a casillero opened to its documents', async () => {
    const { page, errors } = e2e.b;
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Formularios 104 y 103', exact: true }).click();
    await page.getByRole('heading', { name: 'Formularios 104 y 103', exact: true }).first().waitFor();
    await page.getByText('Pulse un casillero para ver sus documentos', { exact: false }).waitFor();
    await pickMonth(page, 'Mes del cierre');
    const form = page.getByTestId('form-104');
    await form.getByText('Resumen de ventas y otras operaciones del período que declara', { exact: false }).waitFor();
    const row = form.locator('tr[data-casillero="401"]');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/401.*gravadas tarifa diferente de cero — valor bruto.*doc\..*\$/);
    await screenshot(page, 'close-30-form-104');
    await row.click();
    const drill = page.getByTestId('casillero-documents');
    await drill.waitFor();
    expect(await drill.getByRole('row').count()).toBeGreaterThan(1);
    await screenshot(page, 'close-40-casillero-401');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click();
    await page.getByRole('tab', { name: 'Formulario 103 (Renta)' }).click();
    await page.getByTestId('form-103').getByText('Total de retención de impuesto a la renta').waitFor();
    expect(errors).toEqual([]);
  });

  it('libro de ventas filtered by month and exported; the dashboard says what is due next', async () => {
    const { page, errors } = e2e.b;
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Libro de ventas', exact: true }).click();
    await page.getByRole('group', { name: 'Filtros' }).waitFor();
    await pickMonth(page, 'Mes');
    await page.getByRole('cell', { name: 'Factura' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'close-50-sales-book');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Fecha,Tipo,Número,Identificación,Cliente,Base 0 %,Base 5 %,Base 15 %/);
    expect(lines.length).toBeGreaterThan(1);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^libro-de-ventas-\d{4}-\d{2}(-\d{2})?\.xlsx$/);

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio', exact: true }).click();
    const next = page.getByTestId('next-obligation');
    await next.waitFor();
    expect(await next.textContent()).toMatch(/Próxima obligación: .+ vence el \d{2}\/\d{2}\/\d{4}/);
    await screenshot(page, 'close-60-dashboard');
    expect(errors).toEqual([]);
  });
});
