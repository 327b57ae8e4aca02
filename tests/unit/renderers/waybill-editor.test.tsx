// @vitest-environment jsdom
/**
 * The guía de remisión editor: opened from an authorised factura (`?invoice=`) its destinatario
 * cites the factura and the draft saves with it (the server fills buyer, address, lines and
 * sustento); an issued guía's view loads back into the form without its computed fields.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import WaybillEditor from '../../../src/renderers/comprobantes/waybill/Editor.tsx';
import { EmitWaybillAction } from '../../../src/renderers/comprobantes/waybill/EmitWaybillAction.tsx';
import { fromWaybill } from '../../../src/renderers/comprobantes/waybill/waybill-model.ts';
import { BUNDLED } from '../../../src/engine/schema-registry.ts';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';

const user = { ...USER, permissions: { ...USER.permissions, invoice: ['read', 'create', 'update', 'delete', 'issue'] } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('guía de remisión editor', () => {
  it('started from a factura, shows its buyer and lines and saves a draft whose destinatario cites it', async () => {
    const calls = mockApi({
      'GET /api/invoice/f1': () => ({
        body: { _id: 'f1', status: 'AUTORIZADA', establishment: 'e1', ptoEmi: '002', identificacionComprador: '1710034065', razonSocialComprador: 'Ana Quispe', detalles: [{ codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14"', cantidad: 2, precioUnitario: 700 }] },
      }),
      'GET /api/establishment': () => ({ body: [] }),
      'GET /api/carrier': () => ({ body: [] }),
      'POST /api/waybill': ({ body }) => ({ status: 201, body: { _id: 'g1', status: 'BORRADOR', ...(body as object) } }),
    });
    renderScreen(
      [
        { path: '/invoicing/waybill/new', element: <WaybillEditor entry={BUNDLED.waybill} id="new" basePath="/invoicing/waybill" /> },
        { path: '/invoicing/waybill/:id', element: <p>abierta</p> },
      ],
      '/invoicing/waybill/new?invoice=f1',
      user,
    );
    await screen.findByText('Nueva guía de remisión');
    await screen.findByDisplayValue('Ana Quispe');
    expect(screen.getByDisplayValue('Laptop 14"')).toBeTruthy();
    fireEvent.click(screen.getByText('Guardar borrador'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      establishment: 'e1',
      ptoEmi: '002',
      fechaIniTransporte: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fechaFinTransporte: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      destinatarios: [{ invoice: 'f1', motivoTraslado: 'Venta', identificacion: '1710034065', razonSocial: 'Ana Quispe', detalles: [{ codigoInterno: 'LAP-14', descripcion: 'Laptop 14"', cantidad: 2 }] }],
    });
  });

  it('loads an API view into the form without the computed sustento and null fields', () => {
    const view = {
      _id: 'g1', status: 'AUTORIZADA', numero: '001-001-000000001', establishment: 'e1', ptoEmi: '001', carrier: 'c1', placa: 'PBA-1234', dirPartida: 'Quito',
      fechaIniTransporte: '2026-11-20', fechaFinTransporte: '2026-11-21', infoAdicional: [],
      destinatarios: [{ invoice: 'f1', identificacion: '1714307103', razonSocial: 'María', direccion: 'Cuenca', email: null, motivoTraslado: 'Venta', ruta: null, numDocSustento: '001-001-000000045', numAutDocSustento: '1'.repeat(49), detalles: [{ codigoInterno: 'LIB-01', descripcion: 'Libro', cantidad: 3 }] }],
    };
    expect(fromWaybill(view)).toEqual({
      establishment: 'e1', ptoEmi: '001', carrier: 'c1', placa: 'PBA-1234', dirPartida: 'Quito', fechaIniTransporte: '2026-11-20', fechaFinTransporte: '2026-11-21', infoAdicional: [],
      destinatarios: [{ invoice: 'f1', identificacion: '1714307103', razonSocial: 'María', direccion: 'Cuenca', motivoTraslado: 'Venta', detalles: [{ codigoInterno: 'LIB-01', descripcion: 'Libro', cantidad: 3 }] }],
    });
  });
});

describe('Emitir guía de remisión', () => {
  it('links an authorised factura to a new guía citing it, and offers nothing for a draft', async () => {
    mockApi({});
    renderScreen(
      [
        {
          path: '/invoicing/invoice/:id',
          element: (
            <>
              <EmitWaybillAction invoice={{ _id: 'f1', status: 'AUTORIZADA' }} basePath="/invoicing/invoice" />
              <EmitWaybillAction invoice={{ _id: 'f2', status: 'BORRADOR' }} basePath="/invoicing/invoice" />
            </>
          ),
        },
      ],
      '/invoicing/invoice/f1',
      user,
    );
    const links = await screen.findAllByRole('link', { name: /Emitir guía de remisión/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/invoicing/waybill/new?invoice=f1']);
  });
});
