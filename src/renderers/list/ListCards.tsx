/**
 * The rows of a list page on a phone: one card per row with the columns `cardOf` picks (for the
 * factura list: number and status on top, customer and total under them, the date small), the
 * row's checkbox and actions, a tap or Enter to open. Same props as ListTable, so ListPage swaps
 * one for the other below the `md` breakpoint. Sorting, which the table does from its headers, is
 * an "Ordenar por" select over the same sortable columns, kept in the URL the same way. A list with
 * `totals` ends with a card of them (the table's footer row).
 */
import type { MouseEvent, KeyboardEvent } from 'react';
import { Box, Flex, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Row } from '../../engine/resources.ts';
import type { ListColumn } from '../../engine/schema-registry.ts';
import { formatCell } from './cells.tsx';
import { cardOf } from './list-options.ts';
import type { ListTableProps } from './ListTable.tsx';

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();
// A draft has no number yet: its card says so instead of an empty first line.
const blank = (col: ListColumn | undefined, row: Row) => !col || row[col.field] === undefined || row[col.field] === null || row[col.field] === '';
const show = (col: ListColumn | undefined, row: Row) => (col ? formatCell(col, row[col.field], row) : null);

/** "Ordenar por": each sortable column up and down, as the table's header clicks would set `sort`. */
function SortSelect({ columns, sort, onSort }: Pick<ListTableProps, 'columns' | 'sort' | 'onSort'>) {
  const sortable = columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  return (
    <Box px="3" pt="2" pb="1">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label="Ordenar por" value={sort} onChange={(e) => onSort(e.target.value)}>
          <option value="">Ordenar por: predeterminado</option>
          {sortable.flatMap((c) => [
            <option key={c.field} value={c.field}>
              {`Ordenar por ${c.title ?? c.field}, ascendente`}
            </option>,
            <option key={`-${c.field}`} value={`-${c.field}`}>
              {`Ordenar por ${c.title ?? c.field}, descendente`}
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

/** The list's footer row (list.json `totals`) as the last card: its label, then each total under its column's title. */
function TotalsCard({ columns, footer }: { columns: ListColumn[]; footer: NonNullable<ListTableProps['footer']> }) {
  const shown = columns.filter((c) => c.field in footer.values);
  return (
    <Box px="3" py="2.5" borderTopWidth="2px" bg="bg.subtle" data-testid="list-totals-card" role="group" aria-label={footer.label}>
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {footer.label}
      </Text>
      <Stack gap="0.5">
        {shown.map((c) => (
          <Flex key={c.field} justify="space-between" gap="2" fontSize="sm">
            <Text color="fg.muted">{c.title ?? c.field}</Text>
            <Text fontWeight="semibold" whiteSpace="nowrap">
              {formatCell(c, footer.values[c.field])}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

export function ListCards(p: ListTableProps) {
  const { title, subtitle, badge, amount, meta } = cardOf(p.columns, p.card);
  const { selection, actions } = p;
  if (p.loading && p.rows.length === 0) {
    return (
      <Stack gap="2" p="2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height="16" data-testid="skeleton-row" />
        ))}
      </Stack>
    );
  }
  return (
    <>
    <SortSelect columns={p.columns} sort={p.sort} onSort={p.onSort} />
    <Stack gap="0" role="list" aria-label="Registros">
      {p.rows.map((row) => {
        const checked = selection?.selected.has(row._id) ?? false;
        return (
          <Box
            key={row._id}
            role="listitem"
            data-testid="list-card"
            tabIndex={0}
            cursor="pointer"
            px="3"
            py="2.5"
            borderBottomWidth="1px"
            _last={{ borderBottomWidth: 0 }}
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
            onClick={() => p.onOpen(row)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') p.onOpen(row);
            }}
          >
            <Flex gap="2" align="flex-start">
              {selection?.selectable(row) && (
                <input
                  type="checkbox"
                  aria-label={`Seleccionar ${String(row.numero ?? row._id)}`}
                  style={{ width: 18, height: 18, marginTop: 2, cursor: 'pointer', accentColor: 'var(--chakra-colors-blue-600)' }}
                  checked={checked}
                  onClick={stop}
                  onKeyDown={stop}
                  onChange={() => {
                    const next = new Set(selection.selected);
                    if (checked) next.delete(row._id);
                    else next.add(row._id);
                    selection.onChange(next);
                  }}
                />
              )}
              <Stack gap="0.5" flex="1" minW="0">
                <Flex justify="space-between" align="flex-start" gap="2">
                  <Text fontWeight="semibold" fontSize="sm" truncate data-testid="card-title" color={blank(title, row) ? 'fg.muted' : undefined}>
                    {blank(title, row) ? `Sin ${(title?.title ?? 'dato').toLowerCase()}` : show(title, row)}
                  </Text>
                  {badge && (
                    <Box flexShrink={0} data-testid="card-badge">
                      {show(badge, row)}
                    </Box>
                  )}
                </Flex>
                <Flex justify="space-between" align="baseline" gap="2">
                  <Text fontSize="sm" color="fg.muted" truncate data-testid="card-subtitle">
                    {show(subtitle, row)}
                  </Text>
                  {amount && (
                    <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap" data-testid="card-amount">
                      {show(amount, row)}
                    </Text>
                  )}
                </Flex>
                {meta && (
                  <Text fontSize="xs" color="fg.subtle">
                    {show(meta, row)}
                  </Text>
                )}
              </Stack>
              {actions && (
                <HStack gap="1" flexShrink={0} onClick={stop} onKeyDown={stop}>
                  {actions(row)}
                </HStack>
              )}
            </Flex>
          </Box>
        );
      })}
    </Stack>
    {p.footer && p.rows.length > 0 && <TotalsCard columns={p.columns} footer={p.footer} />}
    </>
  );
}
