// @vitest-environment jsdom
/**
 * On a phone the aging lists (Cuentas por cobrar / por pagar) are cards; their totals row comes
 * last as a card of its own, each total under its column's title, formatted like the cells.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { ListCards } from '../../../src/renderers/list/ListCards.tsx';
import type { ListColumn } from '../../../src/engine/schema-registry.ts';

afterEach(cleanup);

const columns: ListColumn[] = [
  { field: 'razonSocial', title: 'Cliente' },
  { field: 'documents', title: 'Doc.', align: 'right' },
  { field: 'over90', title: 'Más de 90 días', format: 'money', align: 'right' },
  { field: 'total', title: 'Total', format: 'money', align: 'right' },
];
const rows = [
  { _id: 'a', razonSocial: 'Ferretería Quito', documents: 2, over90: 100, total: 230 },
  { _id: 'b', razonSocial: 'Comercial Guayas', documents: 1, over90: 0, total: 1234.5 },
];

const show = (p: { rows: typeof rows; footer?: { label: string; values: Record<string, unknown> } }) =>
  render(
    <ChakraProvider value={defaultSystem}>
      <ListCards columns={columns} rows={p.rows} sort="" loading={false} onSort={() => {}} onOpen={() => {}} footer={p.footer} />
    </ChakraProvider>,
  );

describe('ListCards with totals', () => {
  it('ends with a Total card: each total under its column title, money as money', () => {
    show({ rows, footer: { label: 'Total', values: { documents: 3, over90: 100, total: 1464.5 } } });
    expect(screen.getAllByTestId('list-card')).toHaveLength(2);
    const card = screen.getByTestId('list-totals-card');
    expect(card.getAttribute('aria-label')).toBe('Total');
    const text = card.textContent ?? '';
    expect(text.startsWith('Total')).toBe(true);
    expect(text).toContain('Doc.3');
    expect(text).toContain('Más de 90 días$ 100.00');
    expect(text).toContain('$ 1,464.50');
    // A column without a total (Cliente) is not in the card.
    expect(text).not.toContain('Cliente');
  });

  it('shows no totals card for an empty page or a list without totals', () => {
    show({ rows: [], footer: { label: 'Total', values: { total: 0 } } });
    expect(screen.queryByTestId('list-totals-card')).toBeNull();
    cleanup();
    show({ rows });
    expect(screen.queryByTestId('list-totals-card')).toBeNull();
  });
});
