// @vitest-environment jsdom
/**
 * useCatalog keeps the identity of what it returns while the catalog is the same: memoised rows
 * (the invoice editor's lines) get `active` as a prop, and a new array per render redrew all 100
 * lines on every keystroke (bench/ui.ts measured 115 ms a keystroke).
 */
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { useCatalog } from '../../../src/engine/catalogs.ts';
import { mockApi } from '../renderers/harness.tsx';

const IVA = [
  { code: '0', name: '0 %', data: { tarifa: 0 }, active: true },
  { code: '2', name: '12 %', data: { tarifa: 12 }, active: false },
  { code: '4', name: '15 %', data: { tarifa: 15 }, active: true },
];

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCatalog', () => {
  it('returns the same entries, active list and labelOf on every render of the same data', async () => {
    mockApi({ 'GET /api/admin/table/tarifa_iva/catalog': () => ({ body: IVA }) });
    const { result, rerender } = renderHook(() => useCatalog('tarifa_iva'), { wrapper });
    await waitFor(() => expect(result.current.entries).toHaveLength(3));
    const first = result.current;
    expect(first.active.map((e) => e.code)).toEqual(['0', '4']);
    expect(first.labelOf('4')).toBe('15 %');
    rerender();
    expect(result.current.active).toBe(first.active);
    expect(result.current.entries).toBe(first.entries);
    expect(result.current.labelOf).toBe(first.labelOf);
  });
});
