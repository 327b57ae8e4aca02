// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListPage } from '../../../src/renderers/ListPage.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';
import { onNotify, type Notification } from '../../../src/engine/notify.ts';
import { invalidate } from '../../../src/engine/resources.ts';

let off = () => {};

const products = Array.from({ length: 45 }, (_, i) => ({
  _id: `p${i + 1}`,
  codigoPrincipal: `P-${String(i + 1).padStart(3, '0')}`,
  descripcion: `Producto ${i + 1}`,
  precioUnitario: i === 2 ? 12.123456 : 10 + i + 0.5,
  codigoPorcentajeIva: i % 2 ? '0' : '4',
}));

const IVA = [
  { _id: '0', code: '0', name: '0 %', data: { tarifa: 0 }, active: true, position: 0 },
  { _id: '4', code: '4', name: '15 %', data: { tarifa: 15 }, active: true, position: 1 },
];

function productApi(items = products) {
  return mockApi({
    'GET /api/product': ({ query }) => {
      const page = Number(query.get('page'));
      const perPage = Number(query.get('per_page'));
      const sorted = query.get('sort') === '-descripcion' ? [...items].reverse() : items;
      return { body: sorted.slice((page - 1) * perPage, page * perPage), headers: { 'x-total-count': String(items.length) } };
    },
    'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }),
    'DELETE /api/product/p2': () => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'El producto se usa en 3 facturas' } }),
    'DELETE /api/product/p1': () => ({ status: 204 }),
  });
}

const routes = [
  { path: '/invoicing/product', element: <ListPage schemaName="product" basePath="/invoicing/product" title="Productos" /> },
  { path: '/invoicing/product/:id', element: <p>formulario</p> },
];

afterEach(() => {
  off();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('ListPage', () => {
  it('renders the rows of the first page from the API with list.json formats', async () => {
    const calls = productApi();
    renderScreen(routes, '/invoicing/product');
    expect(await screen.findByText('Producto 1')).toBeTruthy();
    expect(screen.getByText('Productos', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('P-020')).toBeTruthy();
    expect(screen.queryByText('Producto 21')).toBeNull();
    expect(screen.getByText('$ 10.50')).toBeTruthy(); // money, at least 2 decimals
    expect(screen.getByText('$ 12.123456')).toBeTruthy(); // and up to list.json's 6 for a unit price
    await screen.findAllByText('15 %'); // catalog code shown by its name
    expect(screen.getByTestId('list-range').textContent).toBe('1–20 de 45');
    const list = calls.find((c) => c.path === '/api/product')!;
    expect(Object.fromEntries(list.query)).toEqual({ page: '1', per_page: '20', sort: 'codigoPrincipal' });
  });

  it('paginates on the server, keeping the page in the URL', async () => {
    const calls = productApi();
    const { router } = renderScreen(routes, '/invoicing/product');
    await screen.findByText('Producto 1');
    fireEvent.click(screen.getByLabelText('Página siguiente'));
    expect(await screen.findByText('Producto 21')).toBeTruthy();
    expect(screen.getByTestId('list-range').textContent).toBe('21–40 de 45');
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.filter((c) => c.path === '/api/product').at(-1)!.query.get('page')).toBe('2');
    fireEvent.click(screen.getByLabelText('Página siguiente'));
    expect(await screen.findByText('Producto 45')).toBeTruthy();
    expect((screen.getByLabelText('Página siguiente') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sorts by a column header and searches, resetting the page', async () => {
    const calls = productApi();
    const { router } = renderScreen(routes, '/invoicing/product?page=2');
    await screen.findByText('Producto 21');
    fireEvent.click(screen.getByText('Descripción'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=descripcion'));
    fireEvent.click(screen.getByText('Descripción'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-descripcion'));
    expect(await screen.findByText('Producto 45')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Buscar…'), { target: { value: 'tornillo' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(calls.at(-1)!.query.get('q')).toBe('tornillo'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('tornillo');
  });

  it('opens a row to edit it', async () => {
    productApi();
    const { router } = renderScreen(routes, '/invoicing/product');
    fireEvent.click(await screen.findByText('Producto 3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoicing/product/p3'));
  });

  it('shows the empty state with a create button', async () => {
    productApi([]);
    const { router } = renderScreen(routes, '/invoicing/product');
    expect(await screen.findByText('No hay registros todavía.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear el primero' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoicing/product/new'));
  });

  it('hides create and delete from a user who may only read', async () => {
    productApi();
    renderScreen(routes, '/invoicing/product', { ...USER, permissions: { product: ['read'] } });
    await screen.findByText('Producto 1');
    expect(screen.queryByText('Nuevo')).toBeNull();
    expect(screen.queryAllByLabelText('Eliminar')).toEqual([]);
  });

  it('deletes after confirmation, and says why when the record is in use', async () => {
    const calls = productApi();
    const notes: Notification[] = [];
    off = onNotify((n) => notes.push(n));
    renderScreen(routes, '/invoicing/product');
    const row = (await screen.findByText('Producto 2')).closest('tr')!;
    fireEvent.click(within(row).getByLabelText('Eliminar'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Eliminar este registro?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/product/p2')).toBe(true));
    await waitFor(() => expect(notes).toContainEqual(expect.objectContaining({ type: 'danger', message: 'El producto se usa en 3 facturas' })));
    expect(screen.getByText('Producto 2')).toBeTruthy();
  });

  it('refetches the rows on screen when the resource is invalidated from outside the list (a CSV import)', async () => {
    const items = products.slice(0, 3);
    productApi(items);
    renderScreen(routes, '/invoicing/product');
    expect(await screen.findByText('Producto 1')).toBeTruthy();
    items.push({ ...products[3]!, descripcion: 'Café tostado' });
    await invalidate('/api/product');
    expect(await screen.findByText('Café tostado')).toBeTruthy();
  });

  it('shows the aging report with a footer of the server totals over every customer (x-totals), not the sum of the page', async () => {
    const row = (i: number) => ({ _id: `c${i}`, razonSocial: `Cliente ${i}`, identificacion: `170000000${i}`, documents: 1, current: 10, d1_30: 0, d31_60: 0, d61_90: 0, over90: 0, total: 10 });
    mockApi({
      'GET /api/reports/receivables': () => ({
        body: [row(1), row(2)],
        headers: { 'x-total-count': '45', 'x-totals': JSON.stringify({ documents: 61, current: 450, d1_30: 120.5, d31_60: 0, d61_90: 0, over90: 1000, total: 1570.5 }) },
      }),
    });
    renderScreen([{ path: '/accounting/receivable', element: <ListPage schemaName="receivable" basePath="/accounting/receivable" title="Cuentas por cobrar" /> }], '/accounting/receivable', { ...USER, permissions: { ...USER.permissions, receivable: ['read'], payment: ['read', 'create'] } });
    const footer = await screen.findByTestId('list-totals');
    const cells = within(footer).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[0]).toBe('Total');
    expect(cells).toEqual(expect.arrayContaining(['61', '$ 450.00', '$ 120.50', '$ 1,000.00', '$ 1,570.50']));
    expect(await screen.findByRole('button', { name: /Importar estado de cuenta bancario/ })).toBeTruthy();
  });
});
