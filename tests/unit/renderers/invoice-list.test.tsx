// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ListPage } from '../../../src/renderers/ListPage.tsx';
import { session } from '../../../src/engine/session.ts';
import { rowMatches, columnMessage } from '../../../src/renderers/list/list-options.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';

const devuelta = [{ identificador: '45', mensaje: 'ERROR SECUENCIAL REGISTRADO', informacionAdicional: 'ya usado', tipo: 'ERROR' }];
const invoices = [
  { _id: 'i1', numero: null, fechaEmision: '2026-11-19', razonSocialComprador: 'María Lozada', importeTotal: 12.5, status: 'BORRADOR', mensajes: [] },
  { _id: 'i2', numero: '001-001-000000003', fechaEmision: '2026-11-18', razonSocialComprador: 'CONSUMIDOR FINAL', importeTotal: 14.38, status: 'DEVUELTA', mensajes: devuelta },
  { _id: 'i3', numero: '001-001-000000004', fechaEmision: '2026-11-17', razonSocialComprador: 'Distribuidora Austral', importeTotal: 977.5, status: 'NO_AUTORIZADA', mensajes: [{ identificador: '39', mensaje: 'FIRMA INVALIDA', tipo: 'ERROR' }] },
  // An authorised invoice may carry an informative SRI message: the list does not show it.
  { _id: 'i4', numero: '001-001-000000002', fechaEmision: '2026-11-16', razonSocialComprador: 'María Lozada', importeTotal: 977.5, status: 'AUTORIZADA', mensajes: [{ identificador: '60', mensaje: 'AMBIENTE DE PRUEBAS', tipo: 'INFORMATIVO' }] },
];
const customers = [
  { _id: 'c1', identificacion: '1714307103', razonSocial: 'María Lozada', tipoIdentificacion: '05' },
  { _id: 'c2', identificacion: '0190072002001', razonSocial: 'Distribuidora Austral', tipoIdentificacion: '04' },
];

function invoiceApi() {
  return mockApi({
    'GET /api/invoice': ({ query }) => {
      const customer = query.get('customer');
      const rows = customer === 'c2' ? invoices.filter((i) => i.razonSocialComprador === 'Distribuidora Austral') : invoices;
      return { body: rows, headers: { 'x-total-count': String(rows.length) } };
    },
    'GET /api/customer': ({ query }) => ({ body: customers.filter((c) => c.razonSocial.toLowerCase().includes((query.get('q') ?? '').toLowerCase())) }),
    'GET /api/customer/c2': () => ({ body: customers[1] }),
  });
}

const user = { ...USER, permissions: { ...USER.permissions, invoice: ['read', 'create', 'update', 'delete'], customer: ['read'] } };
const routes = [
  { path: '/invoicing/invoice', element: <ListPage schemaName="invoice" basePath="/invoicing/invoice" title="Facturas" /> },
  { path: '/invoicing/invoice/:id', element: <p>factura</p> },
];
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

// The customer filter loads its picker (react-select) when first used: transformed here once, so
// the test's wait is for the picker's answer, not for vitest compiling react-select on a busy machine.
beforeAll(async () => {
  await import('../../../src/renderers/widgets/RefSelect.tsx');
}, 60_000);

// jsdom has no matchMedia; chakra-react-select's menu asks for the breakpoint through it.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('invoice list', () => {
  it('shows the first SRI message under the status of DEVUELTA and NO_AUTORIZADA invoices only', async () => {
    invoiceApi();
    renderScreen(routes, '/invoicing/invoice', user);
    expect(within(await rowOf('CONSUMIDOR FINAL')).getByTestId('row-message').textContent).toBe('[45] ERROR SECUENCIAL REGISTRADO');
    expect(within(await rowOf('Distribuidora Austral')).getByTestId('row-message').textContent).toBe('[39] FIRMA INVALIDA');
    expect(screen.getAllByTestId('row-message')).toHaveLength(2);
    expect(screen.queryByText(/AMBIENTE DE PRUEBAS/)).toBeNull();
  });

  it('offers delete on drafts only (list.json deletableWhen)', async () => {
    invoiceApi();
    renderScreen(routes, '/invoicing/invoice', user);
    const draft = (await screen.findAllByText('María Lozada'))[0].closest('tr')!;
    expect(within(draft).getByLabelText('Eliminar')).toBeTruthy();
    for (const issued of ['CONSUMIDOR FINAL', 'Distribuidora Austral']) expect(within(await rowOf(issued)).queryByLabelText('Eliminar')).toBeNull();
    expect(screen.getAllByLabelText('Eliminar')).toHaveLength(1);
  });

  it('filters by ANULADA and by customer, keeping the customer in the URL and showing its name', async () => {
    const calls = invoiceApi();
    const { router } = renderScreen(routes, '/invoicing/invoice', user);
    await rowOf('CONSUMIDOR FINAL');
    const status = screen.getByLabelText('Estado') as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toContain('Anulada');
    fireEvent.change(status, { target: { value: 'ANULADA' } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/invoice').at(-1)!.query.get('status')).toBe('ANULADA'));

    // The customer filter searches nothing until it is used (issue 30: not on the first screen's path).
    expect(calls.some((c) => c.path === '/api/customer')).toBe(false);
    const customer = screen.getByLabelText('Cliente');
    fireEvent.change(customer, { target: { value: 'austral' } });
    // The picker mounts (react-select's first render) and then searches: over 1 s on a loaded machine.
    fireEvent.click(await screen.findByText('Distribuidora Austral (0190072002001)', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('customer')).toBe('c2'));
    const last = calls.filter((c) => c.path === '/api/invoice').at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({ customer: 'c2', status: 'ANULADA', page: '1' });
  });

  it('shows the customer of a shared link by name', async () => {
    const calls = invoiceApi();
    renderScreen(routes, '/invoicing/invoice?customer=c2', user);
    await rowOf('Distribuidora Austral');
    expect(await screen.findByText('Distribuidora Austral (0190072002001)')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/invoice')!.query.get('customer')).toBe('c2');
  });
});

describe('list options', () => {
  it('matches rows by one value or a list of values', () => {
    const row = { _id: 'x', status: 'DEVUELTA' };
    expect(rowMatches(undefined, row)).toBe(true);
    expect(rowMatches({ status: 'BORRADOR' }, row)).toBe(false);
    expect(rowMatches({ status: ['BORRADOR', 'DEVUELTA'] }, row)).toBe(true);
  });

  it('takes the first message, with its identificador when there is one', () => {
    const col = { field: 'status', message: { field: 'mensajes' } };
    expect(columnMessage(col, { _id: 'x', status: 'DEVUELTA', mensajes: [{ mensaje: 'SIN CODIGO' }, { identificador: '2', mensaje: 'OTRO' }] })).toBe('SIN CODIGO');
    expect(columnMessage(col, { _id: 'x', status: 'DEVUELTA', mensajes: [] })).toBeNull();
    expect(columnMessage({ ...col, message: { field: 'mensajes', when: ['DEVUELTA'] } }, { _id: 'x', status: 'AUTORIZADA', mensajes: [{ identificador: '60', mensaje: 'X' }] })).toBeNull();
  });
});
