// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { FormPage } from '../../../src/renderers/FormPage.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen } from './harness.tsx';

const IVA = [{ _id: '4', code: '4', name: '15 %', data: { tarifa: 15 }, active: true, position: 1 }];
const laptop = { _id: 'p1', codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14 pulgadas', precioUnitario: 899.5, codigoPorcentajeIva: '4', createdAt: '2026-01-01T00:00:00Z' };

const routes = (id: string) => [
  { path: '/invoicing/product', element: <p>lista de productos</p> },
  { path: '/invoicing/product/:id', element: <FormPage schemaName="product" basePath="/invoicing/product" id={id} /> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});


describe('FormPage', () => {
  it('shows the server details on their fields and stays on the form', async () => {
    const calls = mockApi({
      'GET /api/product/p1': () => ({ body: laptop }),
      'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }),
      'PUT /api/product/p1': () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ path: 'codigoPrincipal', message: 'ya existe otro producto con el código LAP-14' }] },
      }),
    });
    const { router } = renderScreen(routes('p1'), '/invoicing/product/p1');
    const code = await screen.findByDisplayValue('LAP-14');
    fireEvent.click(screen.getByText('Guardar'));
    const error = await screen.findByText('ya existe otro producto con el código LAP-14');
    // on the field itself: rjsf's error list of `codigoPrincipal`, and the input marked invalid
    expect(error.closest('[id$="__error"]')?.id).toBe(`${code.id}__error`);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const put = calls.find((c) => c.method === 'PUT')!;
    // read-only and bookkeeping fields are not sent back
    expect(put.body).toEqual({ codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14 pulgadas', precioUnitario: 899.5, codigoPorcentajeIva: '4' });
    expect(router.state.location.pathname).toBe('/invoicing/product/p1');
  });

  it('validates in Spanish before calling the server', async () => {
    const calls = mockApi({ 'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }) });
    renderScreen(routes('new'), '/invoicing/product/new');
    fireEvent.click(await screen.findByText('Guardar'));
    expect((await screen.findAllByText('Obligatorio')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/propiedad requerida|must have/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a record and goes back to the list', async () => {
    const calls = mockApi({
      'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }),
      'POST /api/product': ({ body }) => ({ status: 201, body: { _id: 'p9', ...(body as object) } }),
    });
    const { router } = renderScreen(routes('new'), '/invoicing/product/new');
    fireEvent.change(await screen.findByLabelText(/Código principal/), { target: { value: 'TOR-1' } });
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: 'Tornillo' } });
    fireEvent.change(screen.getByLabelText(/Precio unitario/), { target: { value: '0.125' } });
    await screen.findByText('4 — 15 %');
    fireEvent.click(screen.getByText('Guardar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoicing/product'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ codigoPrincipal: 'TOR-1', descripcion: 'Tornillo', precioUnitario: 0.125, codigoPorcentajeIva: '4' });
  });

  it('asks before leaving only after the user changed something', async () => {
    mockApi({ 'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderScreen(routes('new'), '/invoicing/product/new');
    await screen.findByText('4 — 15 %'); // defaults filled in by the form are not a change
    fireEvent.click(screen.getByText('Cancelar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoicing/product'));
    expect(confirm).not.toHaveBeenCalled();
    await router.navigate('/invoicing/product/new');
    const description = await waitFor(() => screen.getByLabelText(/Descripción/));
    fireEvent.change(description, { target: { value: 'Tornillo' } });
    fireEvent.click(screen.getByText('Cancelar'));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Hay cambios sin guardar. ¿Desea salir y descartarlos?'));
    expect(router.state.location.pathname).toBe('/invoicing/product/new');
  });
});
