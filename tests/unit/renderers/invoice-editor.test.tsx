// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import InvoiceEditor from '../../../src/renderers/comprobantes/invoice/Editor.tsx';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import { session } from '../../../src/engine/session.ts';
import { MISSING_PRODUCT } from '../../../src/renderers/comprobante/sale-model.ts';
import { mockApi, renderScreen, USER, type Call } from './harness.tsx';

const IVA = [
  { _id: '4', code: '4', name: '15 %', data: { tarifa: 15 }, active: true, position: 1 },
  { _id: '0', code: '0', name: '0 %', data: { tarifa: 0 }, active: true, position: 2 },
];
const FORMAS = [
  { _id: '01', code: '01', name: 'Sin utilización del sistema financiero', active: true, position: 1 },
  { _id: '19', code: '19', name: 'Tarjeta de crédito', active: true, position: 2 },
];
const PRODUCTS = [
  { _id: 'p1', codigoPrincipal: 'LAP-01', descripcion: 'Laptop', precioUnitario: 850, codigoPorcentajeIva: '4' },
  { _id: 'p2', codigoPrincipal: 'LIB-01', descripcion: 'Libro', precioUnitario: 12.5, codigoPorcentajeIva: '0' },
];
const invoice = {
  _id: 'i1',
  status: 'BORRADOR',
  establishment: 'e1',
  ptoEmi: '001',
  customer: 'c1',
  fechaEmision: '2026-01-05',
  detalles: [{ product: 'p1', codigoPrincipal: 'LAP-01', descripcion: 'Laptop', cantidad: 1, precioUnitario: 850, descuento: 0, codigoPorcentajeIva: '4' }],
  pagos: [],
  infoAdicional: [],
};
const user = { ...USER, permissions: { ...USER.permissions, invoice: ['read', 'create', 'update'], customer: ['read', 'create'] } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

function renderEditor() {
  const calls = mockApi({
    'GET /api/invoice/i1': () => ({ body: invoice }),
    'GET /api/establishment': () => ({ body: [{ _id: 'e1', estab: '001', nombre: 'Matriz', puntosEmision: [{ ptoEmi: '001' }] }] }),
    'GET /api/customer': () => ({ body: [] }),
    'GET /api/customer/c1': () => ({ body: { _id: 'c1', razonSocial: 'María Lozada', identificacion: '1714307103' } }),
    'GET /api/product': ({ query }) => ({ body: PRODUCTS.filter((p) => p.codigoPrincipal.startsWith((query.get('q') ?? '').slice(0, 3))) }),
    'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }),
    'GET /api/admin/table/forma_pago/catalog': () => ({ body: FORMAS }),
    'PUT /api/invoice/i1': ({ body }) => ({ body: { ...invoice, ...(body as object) } }),
  });
  renderScreen([{ path: '/invoicing/invoice/:id', element: <InvoiceEditor entry={BUNDLED.invoice} id="i1" basePath="/invoicing/invoice" /> }], '/invoicing/invoice/i1', user);
  return calls;
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('invoice editor lines', () => {
  it('drops the product when the typed code names none, shows why, and does not save the line against it', async () => {
    const calls = renderEditor();
    const cell = await screen.findByLabelText('Producto de la línea 1');
    await waitFor(() => expect(screen.getByTestId('importe-total').textContent).toContain('977.50'));

    fireEvent.change(cell, { target: { value: 'LAP-01x' } });
    expect(await screen.findByText(MISSING_PRODUCT)).toBeTruthy();
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    // the totals no longer count a line that would not be saved
    expect(screen.queryByTestId('importe-total')?.textContent ?? '').toContain('0.00');
    fireEvent.click(screen.getByText('Guardar borrador'));
    await new Promise((r) => setTimeout(r, 50));
    expect(puts(calls)).toHaveLength(0);

    // typing another product's code takes that product once the lookup answers
    fireEvent.change(cell, { target: { value: 'LIB-01' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Precio unitario de la línea 1').value).toBe('12.50'));
    expect(screen.queryByText(MISSING_PRODUCT)).toBeNull();
    fireEvent.click(screen.getByText('Guardar borrador'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0].body as { detalles: unknown[] }).detalles).toEqual([{ product: 'p2', descripcion: 'Libro', cantidad: 1, precioUnitario: 12.5, descuento: 0, codigoPorcentajeIva: '0' }]);
  });

  it('offers as many additional-info rows as the schema allows', async () => {
    renderEditor();
    const add = await screen.findByText('Agregar dato');
    const max = BUNDLED.invoice.schema.properties!.infoAdicional.maxItems as number;
    for (let i = 0; i < max; i += 1) fireEvent.click(screen.getByText('Agregar dato'));
    expect(screen.getAllByLabelText(/^Nombre del dato adicional/)).toHaveLength(max);
    expect(screen.queryByText('Agregar dato')).toBeNull();
    expect(add).toBeTruthy();
  });
});

describe('invoice editor payments (the schema\'s pagos as rows)', () => {
  it('balances against the live total: Usar el total, the gap, a new payment for what is missing, and saves them', async () => {
    const calls = renderEditor();
    await waitFor(() => expect(screen.getByTestId('importe-total').textContent).toContain('977.50'));
    expect(screen.getByRole('status').textContent).toMatch(/^Faltan \$\s?977\.50 por asignar/);
    fireEvent.click(screen.getByRole('button', { name: /^Usar el total/ }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Valor del pago 1').value).toBe('977.50'));
    expect(screen.getByLabelText<HTMLSelectElement>('Forma de pago 1').value).toBe('01');
    expect(screen.queryByRole('status')).toBeNull();

    // less than the total: a new payment starts with what is missing
    fireEvent.change(screen.getByLabelText('Valor del pago 1'), { target: { value: '900' } });
    expect((await screen.findByRole('status')).textContent).toMatch(/Faltan \$\s?77\.50/);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar pago' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Valor del pago 2').value).toBe('77.50'));
    fireEvent.change(screen.getByLabelText('Forma de pago 2'), { target: { value: '19' } });
    fireEvent.change(screen.getByLabelText('Plazo del pago 2'), { target: { value: '30' } });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Unidad del pago 2').value).toBe('dias'));
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.click(screen.getByText('Guardar borrador'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0].body as { pagos: unknown[] }).pagos).toEqual([
      { formaPago: '01', total: 900 },
      { formaPago: '19', total: 77.5, plazo: 30, unidadTiempo: 'dias' },
    ]);
  });
});
