// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import CreditNoteEditor from '../../../src/renderers/comprobantes/credit-note/Editor.tsx';
import InvoiceEditor from '../../../src/renderers/comprobantes/invoice/Editor.tsx';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import { session } from '../../../src/engine/session.ts';
import { onNotify } from '../../../src/engine/notify.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';

const IVA = [
  { _id: '4', code: '4', name: '15 %', data: { tarifa: 15 }, active: true, position: 1 },
  { _id: '0', code: '0', name: '0 %', data: { tarifa: 0 }, active: true, position: 2 },
];
const factura = {
  _id: 'f1',
  status: 'AUTORIZADA',
  numero: '001-001-000000123',
  claveAcceso: '1'.repeat(49),
  establishment: 'e1',
  ptoEmi: '001',
  customer: 'c1',
  identificacionComprador: '1714307103',
  razonSocialComprador: 'María Lozada',
  fechaEmision: '2026-11-02',
  detalles: [
    { product: 'p1', codigoPrincipal: 'SILLA-01', descripcion: 'Silla', cantidad: 2, precioUnitario: 100, descuento: 0, codigoPorcentajeIva: '4' },
    { product: 'p2', codigoPrincipal: 'LIB-99', descripcion: 'Libro', cantidad: 1, precioUnitario: 30, descuento: 0, codigoPorcentajeIva: '0' },
  ],
  pagos: [{ formaPago: '20', total: 260 }],
  infoAdicional: [],
  mensajes: [],
  importeTotal: 260,
};
const creditable = {
  importeTotal: 260,
  credited: 115,
  remaining: 145,
  byRate: [{ codigoPorcentaje: '4', tarifa: 15, baseImponible: 200, credited: 100, remaining: 100 }],
  notes: [{ _id: 'n1', numero: '001-001-000000007', status: 'AUTORIZADA', importeTotal: 115 }],
};
const user = { ...USER, permissions: { ...USER.permissions, invoice: ['read', 'create', 'update', 'delete', 'issue'] } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

const common = {
  'GET /api/invoice/f1': () => ({ body: factura }),
  'GET /api/invoice/f1/creditable': () => ({ body: creditable }),
  'GET /api/establishment': () => ({ body: [{ _id: 'e1', estab: '001', nombre: 'Matriz', puntosEmision: [{ ptoEmi: '001' }] }] }),
  'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }),
  'GET /api/admin/table/forma_pago/catalog': () => ({ body: [] }),
};

describe('nota de crédito editor', () => {
  it("starts from the factura's buyer (locked) and lines; the user removes a line, writes the motivo and saves", async () => {
    const calls = mockApi({ ...common, 'POST /api/credit-note': ({ body }) => ({ status: 201, body: { _id: 'n2', status: 'BORRADOR', ...(body as object) } }) });
    renderScreen(
      [
        { path: '/invoicing/credit-note/new', element: <CreditNoteEditor entry={BUNDLED['credit-note']} id="new" basePath="/invoicing/credit-note" /> },
        { path: '/invoicing/credit-note/:id', element: <p>abierta</p> },
      ],
      '/invoicing/credit-note/new?invoice=f1',
      user,
    );
    await screen.findByText('Nueva nota de crédito');
    // the buyer is the factura's, shown and not editable; the lines are the factura's, product and price fixed
    const buyer = await screen.findByTestId('locked-buyer');
    expect(buyer.textContent).toContain('María Lozada');
    expect(screen.queryByLabelText('Cliente')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('importe-total').textContent).toContain('260.00'));
    expect(screen.getByLabelText<HTMLInputElement>('Producto de la línea 1').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Precio unitario de la línea 1').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Cantidad de la línea 1').disabled).toBe(false);
    expect(screen.queryByText('Agregar línea')).toBeNull();
    // 260 is more than the 145 left to credit: said, and Emitir waits
    expect(screen.getByText(/supera el saldo por acreditar/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Quitar la línea 2'));
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('importe-total').textContent).toContain('115.00'));
    expect(screen.queryByText(/supera el saldo/)).toBeNull();
    // the last line cannot be removed
    expect(screen.queryByLabelText('Quitar la línea 1')).toBeNull();

    const said: string[] = [];
    const stop = onNotify((n) => said.push(n.message));
    fireEvent.click(screen.getByText('Guardar borrador'));
    await waitFor(() => expect(said).toContain('Escriba la razón de la modificación'));
    stop();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText(/Devolución de mercadería/), { target: { value: 'Devolución de una silla' } });
    fireEvent.click(screen.getByText('Guardar borrador'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      invoice: 'f1',
      motivo: 'Devolución de una silla',
      establishment: 'e1',
      ptoEmi: '001',
      fechaEmision: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      detalles: [{ product: 'p1', codigoPrincipal: 'SILLA-01', descripcion: 'Silla', cantidad: 1, precioUnitario: 100, descuento: 0, codigoPorcentajeIva: '4' }],
      infoAdicional: [],
    });
  });
});

describe('nota de crédito editor, as the user types', () => {
  const open = () =>
    renderScreen([{ path: '/invoicing/credit-note/new', element: <CreditNoteEditor entry={BUNDLED['credit-note']} id="new" basePath="/invoicing/credit-note" /> }], '/invoicing/credit-note/new?invoice=f1', user);

  it('flags a return above what the factura sold on its line and in what blocks issuing', async () => {
    mockApi({ ...common, 'GET /api/invoice/f1/creditable': () => ({ body: { ...creditable, credited: 0, remaining: 260, byRate: [{ codigoPorcentaje: '4', tarifa: 15, baseImponible: 200, credited: 0, remaining: 200 }, { codigoPorcentaje: '0', tarifa: 0, baseImponible: 30, credited: 0, remaining: 30 }] } }) });
    open();
    await screen.findByText('Nueva nota de crédito');
    fireEvent.change(await screen.findByPlaceholderText(/Devolución de mercadería/), { target: { value: 'Devolución' } });
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByText('Cantidad: la factura vendió 2')).toBeTruthy());
    expect(screen.getByTestId('issue-blocker').textContent).toBe('Para emitir: línea 1, cantidad: la factura vendió 2');
    // the totals still show what the lines add up to
    expect(screen.getByTestId('importe-total').textContent).toContain('375.00');
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByText('Cantidad: la factura vendió 2')).toBeNull());
    expect(screen.queryByTestId('issue-blocker')).toBeNull();
  });

  it('checks each IVA rate against what is left at that rate, not only the total', async () => {
    // 145 left in total, but only 50 of the 15 % base: one silla (100) fits the total, not the rate
    mockApi({ ...common, 'GET /api/invoice/f1/creditable': () => ({ body: { ...creditable, byRate: [{ codigoPorcentaje: '4', tarifa: 15, baseImponible: 200, credited: 150, remaining: 50 }, { codigoPorcentaje: '0', tarifa: 0, baseImponible: 30, credited: 0, remaining: 30 }] } }) });
    open();
    await screen.findByText('Nueva nota de crédito');
    fireEvent.change(await screen.findByPlaceholderText(/Devolución de mercadería/), { target: { value: 'Devolución' } });
    fireEvent.click(await screen.findByLabelText('Quitar la línea 2'));
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('importe-total').textContent).toContain('115.00'));
    const said = 'la base con IVA 15 % ($ 100.00) supera lo que queda por acreditar en esa tarifa ($ 50.00)';
    expect(screen.getByTestId('issue-blocker').textContent).toBe(`Para emitir: ${said}`);
    expect(screen.getByText(`En la nota, ${said}.`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cantidad de la línea 1'), { target: { value: '0.5' } });
    await waitFor(() => expect(screen.queryByTestId('issue-blocker')).toBeNull());
  });
});

describe("an authorised factura's page", () => {
  it('offers both notas, lists its notas and shows what is left to credit', async () => {
    mockApi({ ...common, 'GET /api/debit-note': ({ query }) => ({ body: query.get('invoice') === 'f1' ? [{ _id: 'd1', numero: '001-001-000000003', status: 'BORRADOR', importeTotal: 11.5 }] : [] }) });
    renderScreen([{ path: '/invoicing/invoice/:id', element: <InvoiceEditor entry={BUNDLED.invoice} id="f1" basePath="/invoicing/invoice" /> }], '/invoicing/invoice/f1', user);
    const panel = await screen.findByTestId('issued-panel');
    await waitFor(() => expect(within(panel).getByRole('link', { name: /Emitir nota de crédito/ }).getAttribute('href')).toBe('/invoicing/credit-note/new?invoice=f1'));
    expect(within(panel).getByRole('link', { name: /Emitir nota de débito/ }).getAttribute('href')).toBe('/invoicing/debit-note/new?invoice=f1');
    const notes = await screen.findByTestId('invoice-notes');
    await waitFor(() => expect(within(notes).getAllByTestId('invoice-note')).toHaveLength(2));
    expect(within(notes).getByTestId('creditable-remaining').textContent).toBe('$ 145.00');
    expect(within(notes).getByRole('link', { name: '001-001-000000007' }).getAttribute('href')).toBe('/invoicing/credit-note/n1');
    expect(within(notes).getByRole('link', { name: '001-001-000000003' }).getAttribute('href')).toBe('/invoicing/debit-note/d1');
  });

  it('offers no nota de crédito nor de débito on a consumidor final factura (the server refuses both), and says why', async () => {
    mockApi({ ...common, 'GET /api/invoice/f1': () => ({ body: { ...factura, identificacionComprador: '9999999999999' } }), 'GET /api/debit-note': () => ({ body: [] }) });
    renderScreen([{ path: '/invoicing/invoice/:id', element: <InvoiceEditor entry={BUNDLED.invoice} id="f1" basePath="/invoicing/invoice" /> }], '/invoicing/invoice/f1', user);
    const button = await screen.findByRole('button', { name: /Emitir nota de crédito/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe('No se emiten notas de crédito sobre facturas a consumidor final');
    const debit = screen.getByRole('button', { name: /Emitir nota de débito/ });
    expect((debit as HTMLButtonElement).disabled).toBe(true);
    expect(debit.getAttribute('title')).toBe('No se emiten notas de débito sobre facturas a consumidor final');
  });
});
