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
