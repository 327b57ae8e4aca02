// @vitest-environment jsdom
/**
 * The engine's controller hooks as a screen uses them: useMutation (busy, notifications, field
 * errors), useListController (URL state -> server query -> rows) and useEditController (load, dirty,
 * save with the schema's writable fields, field errors, delete).
 */
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useMutation } from '../../../src/engine/useMutation.ts';
import { useListController } from '../../../src/engine/useListController.ts';
import { useEditController } from '../../../src/engine/useEditController.ts';
import { onNotify, type Notification } from '../../../src/engine/notify.ts';
import { session } from '../../../src/engine/session.ts';
import { mockApi, USER } from '../renderers/harness.tsx';

const swr = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

/** Render a hook inside a memory router at `url` (list state lives in the URL). */
function withRouter(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return swr({ children: <RouterProvider router={router} /> });
  };
  return { wrapper, location: () => router!.state.location };
}

let notes: Notification[] = [];
let off: () => void;
beforeEach(() => {
  notes = [];
  off = onNotify((n) => notes.push(n));
  session.signIn('tok', USER);
});
afterEach(() => {
  off();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('useMutation', () => {
  it('is busy while the call runs, returns its answer and says so in Spanish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockApi({ 'PUT /api/user/password': () => ({ body: { token: 'nuevo' } }) });
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useMutation({
        request: async (pw: { password: string }) => {
          await gate;
          return { method: 'PUT', path: '/api/user/password', body: pw };
        },
        success: 'Contraseña actualizada',
        onSuccess,
      }),
    );
    let answer: Promise<unknown>;
    act(() => {
      answer = result.current.mutate({ password: 'Secreta123' });
    });
    expect(result.current.isPending).toBe(true);
    release();
    await act(async () => {
      expect(await answer).toEqual({ token: 'nuevo' });
    });
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toEqual({ token: 'nuevo' });
    expect(calls[0].body).toEqual({ password: 'Secreta123' });
    expect(onSuccess).toHaveBeenCalledWith({ token: 'nuevo' }, { password: 'Secreta123' });
    expect(notes.map((n) => [n.type, n.message])).toEqual([['success', 'Contraseña actualizada']]);
  });

  it("reports the server's message and keeps its field details; resolves undefined", async () => {
    mockApi({ 'POST /api/customer': () => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ path: 'identificacion', message: 'Cédula inválida' }] } }) });
    const { result } = renderHook(() => useMutation({ request: () => ({ method: 'POST', path: '/api/customer', body: {} }), success: 'Cliente creado' }));
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.mutate();
    });
    expect(answer).toBeUndefined();
    expect(result.current.error).toBe('Datos inválidos');
    expect(result.current.details).toEqual([{ path: 'identificacion', message: 'Cédula inválida' }]);
    expect(notes.map((n) => [n.type, n.message])).toEqual([['danger', 'Datos inválidos']]);
  });

  it('leaves the message to the page with notifyError: false, and says nothing when onError handled it', async () => {
    mockApi({ 'PUT /auth/login': () => ({ status: 409, body: { statusCode: 409, message: 'Elija la empresa', companies: [{ _id: 'c1' }] } }) });
    const inline = renderHook(() => useMutation({ request: () => ({ method: 'PUT', path: '/auth/login', body: {} }), notifyError: false }));
    await act(() => inline.result.current.mutate());
    expect(inline.result.current.error).toBe('Elija la empresa');
    const handled = renderHook(() => useMutation({ request: () => ({ method: 'PUT', path: '/auth/login', body: {} }), onError: () => true }));
    await act(() => handled.result.current.mutate());
    expect(handled.result.current.error).toBeUndefined();
    expect(notes).toEqual([]);
  });

  it('uses the fallback message when the failure carries none', async () => {
    const { result } = renderHook(() => useMutation({ mutationFn: () => Promise.reject(new Error('')), errorMessage: 'No se pudo eliminar' }));
    await act(() => result.current.mutate());
    expect(notes.map((n) => n.message)).toEqual(['No se pudo eliminar']);
  });
});

describe('useListController', () => {
  it('asks the server for the page in the URL, and a new sort or search goes back to page 1', async () => {
    const calls = mockApi({ 'GET /api/product': ({ query }) => ({ body: [{ _id: `p${query.get('page')}` }], headers: { 'x-total-count': '41' } }) });
    const { wrapper, location } = withRouter('/invoicing/product?page=3&status=AUTORIZADA&q=lap');
    const { result } = renderHook(() => useListController({ resource: 'product', defaultSort: 'descripcion', filters: [{ field: 'status', type: 'select', title: 'Estado', options: [] }] }), { wrapper });
    await waitFor(() => expect(result.current.rows).toEqual([{ _id: 'p3' }]));
    expect(result.current.total).toBe(41);
    expect(result.current.filtered).toBe(true);
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/product')!.query)).toEqual({ page: '3', per_page: '20', q: 'lap', sort: 'descripcion', status: 'AUTORIZADA' });
    act(() => result.current.setSort('-precioUnitario'));
    await waitFor(() => expect(result.current.rows).toEqual([{ _id: 'p1' }]));
    expect(location().search).toBe('?status=AUTORIZADA&q=lap&sort=-precioUnitario');
    act(() => result.current.setPerPage(50));
    await waitFor(() => expect(result.current.perPage).toBe(50));
    act(() => result.current.setFilters({ status: undefined }));
    await waitFor(() => expect(result.current.filters).toEqual({ status: undefined }));
    expect(location().search).toBe('?q=lap&sort=-precioUnitario&per_page=50');
  });

  it('ignores a page size the pager does not offer', async () => {
    mockApi({ 'GET /api/product': () => ({ body: [] }) });
    const { wrapper } = withRouter('/invoicing/product?per_page=7');
    const { result } = renderHook(() => useListController({ resource: 'product' }), { wrapper });
    expect(result.current.perPage).toBe(20);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.filtered).toBe(false);
  });
});

describe('useEditController', () => {
  const laptop = { _id: 'p1', codigoPrincipal: 'LAP-14', descripcion: 'Laptop', precioUnitario: 899.5, codigoPorcentajeIva: '4', createdAt: '2026-01-01T00:00:00Z' };

  it('loads the record, marks changes by the user as dirty, and saves only writable fields', async () => {
    const calls = mockApi({ 'GET /api/product/p1': () => ({ body: laptop }), 'PUT /api/product/p1': ({ body }) => ({ body: { ...laptop, ...(body as object) } }) });
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useEditController<Record<string, unknown>>({ resource: 'product', id: 'p1', toForm: (r) => r, success: (_, created) => (created ? 'Registro creado' : 'Cambios guardados'), onSuccess }), { wrapper: swr });
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.data).toEqual(laptop));
    expect(result.current.editing).toBe(true);
    act(() => result.current.setData((d) => ({ ...d, codigoPrincipal: 'LAP-14' }), false));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setData((d) => ({ ...d, descripcion: 'Laptop 14' })));
    expect(result.current.dirty).toBe(true);
    await act(async () => {
      await result.current.save();
    });
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14', precioUnitario: 899.5, codigoPorcentajeIva: '4' });
    expect(result.current.dirty).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ descripcion: 'Laptop 14' }), false);
    expect(notes.map((n) => n.message)).toEqual(['Cambios guardados']);
  });

  it("creates with POST and keeps the server's field errors when it refuses", async () => {
    mockApi({ 'POST /api/product': () => ({ status: 400, body: { statusCode: 400, message: 'Datos inválidos', details: [{ path: 'codigoPrincipal', message: 'Ya existe' }] } }) });
    const { result } = renderHook(() => useEditController<Record<string, unknown>>({ resource: 'product', id: 'new', toForm: (r) => r, initial: { descripcion: 'Tornillo' } }), { wrapper: swr });
    expect(result.current.editing).toBe(false);
    expect(result.current.data).toEqual({ descripcion: 'Tornillo' });
    let saved: unknown = 'unset';
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBeUndefined();
    expect(result.current.errors).toEqual([{ path: 'codigoPrincipal', message: 'Ya existe' }]);
    expect(notes.map((n) => [n.type, n.message])).toEqual([['danger', 'Datos inválidos']]);
  });

  it('edits a singleton at its API path and refreshes the form from what was saved', async () => {
    const company = { ruc: '1790016919001', razonSocial: 'Demo S.A.', nombreComercial: null, email: 'a@b.ec', dirMatriz: 'Quito' };
    const calls = mockApi({ 'GET /api/admin/company': () => ({ body: company }), 'PUT /api/admin/company': ({ body }) => ({ body: { ...company, ...(body as object) } }) });
    const { result } = renderHook(() => useEditController({ resource: 'company', singleton: true, refreshFormOnSave: true, toForm: (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, loaded: true }) }), { wrapper: swr });
    await waitFor(() => expect(result.current.data).toMatchObject({ loaded: true, razonSocial: 'Demo S.A.' }));
    await act(async () => {
      await result.current.save({ ...result.current.data!, razonSocial: 'Demo Dos S.A.' });
    });
    expect(calls.find((c) => c.method === 'PUT')!.path).toBe('/api/admin/company');
    expect(result.current.data).toMatchObject({ razonSocial: 'Demo Dos S.A.', loaded: true });
  });

  it('deletes and answers whether it could', async () => {
    mockApi({ 'GET /api/product/p1': () => ({ body: laptop }), 'DELETE /api/product/p1': () => ({ status: 409, body: { statusCode: 409, message: 'El producto se usa en 3 facturas' } }) });
    const { result } = renderHook(() => useEditController<Record<string, unknown>>({ resource: 'product', id: 'p1', toForm: (r) => r }), { wrapper: swr });
    let deleted: boolean | undefined;
    await act(async () => {
      deleted = await result.current.remove();
    });
    expect(deleted).toBe(false);
    expect(notes.map((n) => n.message)).toEqual(['El producto se usa en 3 facturas']);
  });
});
