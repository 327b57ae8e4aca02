/** Master data for API tests: an establishment, customers and products in one company. */
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export async function post(t: TestApp, auth: Record<string, string>, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json() as Record<string, unknown> & { _id: string };
}

export async function seedMasterData(t: TestApp, auth: Record<string, string>) {
  const establishment = await post(t, auth, '/api/establishment', {
    estab: '001',
    nombre: 'Matriz',
    dirEstablecimiento: 'Av. Amazonas y Naciones Unidas, Quito',
    puntosEmision: [{ ptoEmi: '001', descripcion: 'Caja 1' }, { ptoEmi: '002' }],
  });
  const customer = await post(t, auth, '/api/customer', {
    tipoIdentificacion: '05',
    identificacion: '1714307103',
    razonSocial: 'María Fernanda Lozada',
    email: 'maria@example.com',
    direccion: 'Cuenca',
  });
  const consumidorFinal = await post(t, auth, '/api/customer', { tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL' });
  const laptop = await post(t, auth, '/api/product', { codigoPrincipal: 'LAP-01', descripcion: 'Laptop 14"', precioUnitario: 850, codigoPorcentajeIva: '4' });
  const book = await post(t, auth, '/api/product', { codigoPrincipal: 'LIB-01', descripcion: 'Libro de contabilidad', precioUnitario: 12.5, codigoPorcentajeIva: '0' });
  return { establishment, customer, consumidorFinal, laptop, book };
}

/** Uploads a test certificate (generated, RSA 2048) so the company can sign. */
export async function uploadTestCertificate(t: TestApp, auth: Record<string, string>, p: { ruc?: string; razonSocial?: string } = {}) {
  const { generateTestP12 } = await import('../../server/domain/comprobantes/test-certificate.ts');
  const p12 = generateTestP12({ ruc: p.ruc ?? '1790016919001', razonSocial: p.razonSocial ?? 'Empresa de prueba', password: 'clave-p12' });
  const up = await t.app.inject({ method: 'POST', url: '/api/admin/company/certificate', headers: auth, payload: { p12: p12.toString('base64'), password: 'clave-p12' } });
  expect(up.statusCode, up.body).toBe(200);
}

/**
 * Creates a draft at `/api/{resource}` and issues it; the answer of the issue (the sandbox SRI
 * usually authorises within the request).
 */
export async function createAndIssue(t: TestApp, auth: Record<string, string>, resource: string, body: object) {
  const draft = await post(t, auth, `/api/${resource}`, body);
  const issued = await t.app.inject({ method: 'POST', url: `/api/${resource}/${draft._id}/issue`, headers: auth });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as Record<string, unknown> & { _id: string; status: string; claveAcceso: string; numero: string };
}

/** A signed-up company with master data and a certificate: ready to issue. */
export async function issuingCompany(t: TestApp) {
  const { newRuc, signUp } = await import('./test-app.ts');
  const a = await signUp(t, { ruc: await newRuc() });
  const data = await seedMasterData(t, a.auth);
  await uploadTestCertificate(t, a.auth);
  return { a, data };
}

/** A small factura draft: two books at 12.50 (0 %) to the seeded customer, paid 25.00 cash. */
export const bookSale = (data: Awaited<ReturnType<typeof seedMasterData>>) => ({
  establishment: data.establishment._id,
  ptoEmi: '001',
  customer: data.customer._id,
  detalles: [{ product: data.book._id, cantidad: 2, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }],
  pagos: [{ formaPago: '01', total: 25 }],
});

/** A supplier record (/api/supplier): a person without RUC, identified by cédula, with an e-mail. */
export const createSupplier = (t: TestApp, auth: Record<string, string>, over: Record<string, unknown> = {}) =>
  post(t, auth, '/api/supplier', { tipoIdentificacion: '05', identificacion: '1104181183', razonSocial: 'José Quishpe Tipán', email: 'jose.quishpe@example.com', direccion: 'Comuna Tola Chica, Tumbaco', telefono: '0991234567', ...over });
