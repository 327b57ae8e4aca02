import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuite } from '../helpers/browser-suite.ts';
import { screenshot } from './browser.ts';

let receiver: Server;
let receiverUrl: string;
const received: Array<{ signature: string; body: { type: string } }> = [];

const e2e = browserSuite({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-emite-signature']), body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/emite`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Empresa > Integraciones > Webhooks', () => {
  it('creates a webhook, shows its secret once, sends a test event, shows the delivery log, edits and deletes it', async () => {
    const { page, errors } = e2e.b;
    await page.goto(`${e2e.srv.url}/#/auth/login`);
    await page.getByLabel('Correo electrónico').fill('demo@emite.ec');
    await page.getByLabel('Contraseña').fill('Demo1234!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
    await page.goto(`${e2e.srv.url}/#/pages/company`);
    await page.getByRole('heading', { name: 'Integraciones' }).waitFor();
    await page.getByText('No hay webhooks.').waitFor();

    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const form = page.getByRole('form', { name: 'Nuevo webhook' });
    await form.getByLabel('URL del receptor').fill(receiverUrl);
    await form.getByText('La firma electrónica expira en 30 días o menos').click();
    await form.getByRole('button', { name: 'Crear webhook' }).click();
    const secret = await page.getByTestId('webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByTestId('webhook-endpoint');
    await endpoint.getByText(receiverUrl).waitFor();
    expect(await endpoint.getByText(/^(comprobante|certificate)\./).allTextContents()).toEqual(['comprobante.authorized', 'comprobante.rejected', 'certificate.expiring']);
    await page.getByRole('button', { name: 'Ya lo guardé' }).click();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    await endpoint.getByRole('button', { name: 'Enviar evento de prueba' }).click();
    await page.getByText(/Evento de prueba entregado \(HTTP 204/).waitFor();
    const log = page.getByRole('table', { name: 'Registro de entregas' });
    await log.getByText('Entregado').waitFor();
    await log.getByText('webhook.test').waitFor();
    expect(received).toEqual([{ signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/), body: expect.objectContaining({ type: 'webhook.test' }) }]);
    await screenshot(page, 'webhooks-01-log');

    await endpoint.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('form', { name: 'Editar webhook' });
    await edit.getByLabel('URL del receptor').fill(`${receiverUrl}/v2`);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('webhook-endpoint').getByText(`${receiverUrl}/v2`).waitFor();

    await page.getByTestId('webhook-endpoint').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('No hay webhooks.').waitFor();
    await screenshot(page, 'webhooks-02-deleted');
    expect(errors).toEqual([]);
  });
});
