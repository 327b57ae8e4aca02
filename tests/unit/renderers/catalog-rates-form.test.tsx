// @vitest-environment jsdom
/**
 * The catalog entry form edits a withholding code's rates with their validity (data.rates), and
 * saving keeps the entry's other data (e.g. tarifa_iva's `tarifa`) untouched.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { FormPage } from '../../../src/renderers/FormPage.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, USER } from './harness.tsx';

const entry312 = { _id: '312', code: '312', name: 'Transferencia de bienes muebles de naturaleza corporal', data: { rates: [{ percent: 1.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 2, validFrom: '2026-03-01' }], source: 'NAC-DGERCGC26-00000009' }, active: true, position: 7 };

const routes = (id: string) => [
  { path: '/admin/table/retencion_renta/catalog', element: <p>catálogo</p> },
  { path: '/admin/table/retencion_renta/catalog/:id', element: <FormPage schemaName="catalog" basePath="/admin/table/retencion_renta/catalog" id={id} apiParams={{ table: 'retencion_renta' }} /> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('catalog entry form: withholding rates', () => {
  it('shows the rate periods, saves an edited percent and keeps the other data', async () => {
    const calls = mockApi({
      'GET /api/admin/table/retencion_renta/catalog/312': () => ({ body: entry312 }),
      'PATCH /api/admin/table/retencion_renta/catalog/312': ({ body }) => ({ body: { ...entry312, ...(body as object) } }),
    });
    renderScreen(routes('312'), '/admin/table/retencion_renta/catalog/312', { ...USER, isStaff: true });
    await screen.findAllByText('Porcentaje (%)');
    const percents = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLInputElement>('input[id*="rates"][id$="percent"]')];
      expect(found).toHaveLength(2);
      return found;
    });
    expect(percents.map((i) => i.value)).toEqual(['1.75', '2']);
    expect(screen.getByDisplayValue('2026-03-01')).toBeTruthy();
    fireEvent.change(percents[1], { target: { value: '2.5' } });
    fireEvent.click(screen.getByText('Guardar'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')!.body as { data: Record<string, unknown> };
    expect(body.data).toEqual({ rates: [{ percent: 1.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 2.5, validFrom: '2026-03-01' }], source: 'NAC-DGERCGC26-00000009' });
  });
});
