/**
 * Guías de remisión (codDoc 06) through the shared pipeline, on PGlite and PostgreSQL: carriers as a
 * schema-only resource at /api/carrier with the SRI identification checks; from an AUTORIZADA
 * factura to an AUTORIZADA guía with two destinatarios, the key dated with fechaIniTransporte; the
 * transport dates refused with their field paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRuc, signUp, type TestApp } from '../helpers/test-app.ts';
import { post, seedMasterData, uploadTestCertificate } from '../helpers/fixtures.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let data: Awaited<ReturnType<typeof seedMasterData>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { ruc: await newRuc() });
  data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = a.auth) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('carriers (transportistas)', () => {
  it('are stored from their schema alone at /api/carrier, and a bad RUC or cédula is refused with its field path', async () => {
    const carrier = await post(t, a.auth, '/api/carrier', { tipoIdentificacion: '04', identificacion: ' 1710744424001 ', razonSocial: 'Transportes Andinos', placa: 'PBA-1234' });
    expect(carrier).toMatchObject({ identificacion: '1710744424001', razonSocial: 'Transportes Andinos', placa: 'PBA-1234' });
    expect((await api('GET', `/api/carrier/${carrier._id}`)).json()).toMatchObject({ razonSocial: 'Transportes Andinos' });
    const list = await api('GET', '/api/carrier?q=andinos');
    expect(list.headers['x-total-count']).toBe('1');

    const badRuc = await api('POST', '/api/carrier', { tipoIdentificacion: '04', identificacion: '1710744425001', razonSocial: 'Mal RUC' });
    expect(badRuc.statusCode).toBe(400);
    expect(badRuc.json().details[0]).toMatchObject({ path: 'identificacion', message: expect.stringMatching(/RUC/) });
    const badCedula = await api('PUT', `/api/carrier/${carrier._id}`, { tipoIdentificacion: '05', identificacion: '1714307104', razonSocial: 'X' });
    expect(badCedula.statusCode).toBe(400);
    expect(badCedula.json().details[0].path).toBe('identificacion');
    const consumidorFinal = await api('POST', '/api/carrier', { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CF' });
    expect(consumidorFinal.statusCode).toBe(400);
    expect(consumidorFinal.json().details[0].path).toBe('tipoIdentificacion');
  });
});
