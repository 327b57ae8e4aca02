/**
 * The rows of a list page (sorting and paging done by the server): sortable
 * headers (`field`, then `-field`), skeleton rows on the first load, row click or Enter to open.
 * The rows and cells are plain `<tr>`/`<td>`, styled once at the table from the theme's table recipe
 * (the Chakra row and cell components styled each cell on every draw: half of a list's first draw,
 * issue 30); they look as Table.Row / Table.Cell do. The columns are a plain list (no table library:
 * @tanstack/table-core was 11.6 kB as sent of every cold list, for mapping columns over rows).
 */
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, HStack, Skeleton, Table, VisuallyHidden, useSlotRecipe } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp } from 'react-icons/lu';
import type { Row } from '../../engine/resources.ts';
import type { CardConfig, ListColumn } from '../../engine/schema-registry.ts';
import { formatCell } from './cells.tsx';

type Align = 'left' | 'right' | 'center';
type Meta = { align?: Align; format?: ListColumn['format'] } | undefined;
const alignOf = (meta: unknown) => (meta as Meta)?.align;
// Amounts, dates, codes shown by name and badges read badly when wrapped; the table scrolls instead.
const noWrap = (meta: unknown) => Boolean((meta as Meta)?.format && (meta as Meta)?.format !== 'text');
/** A body cell's own style (its column's alignment, no wrapping), one object per kind of column. */
const cellStyles = new Map<string, CSSProperties | undefined>();
function cellStyle(meta: unknown): CSSProperties | undefined {
  const align = alignOf(meta);
  const nowrap = noWrap(meta);
  const key = `${align ?? ''}:${nowrap}`;
  if (!cellStyles.has(key)) cellStyles.set(key, align || nowrap ? { ...(align ? { textAlign: align } : {}), ...(nowrap ? { whiteSpace: 'nowrap' } : {}) } : undefined);
  return cellStyles.get(key);
}
/** The table's variants (the header keeps Chakra's components; the body rows and cells take the same recipe's styles). */
const VARIANTS = { size: 'sm', interactive: true, stickyHeader: true } as const;

/** A column of the table: its header, its cell for a row, whether the header sorts, its alignment. */
interface Column {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable: boolean;
  meta?: Meta;
}

export interface ListTableProps {
  columns: ListColumn[];
  rows: Row[];
  sort: string;
  loading: boolean;
  onSort: (sort: string) => void;
  onOpen: (row: Row) => void;
  /** Buttons at the end of each row (clicks there do not open the row). */
  actions?: (row: Row) => ReactNode;
  /** Row selection (list.json `bulkActions`): a checkbox on the rows that may be selected, and one in the header for all of them. */
  selection?: RowSelection;
  /** list.json's `card`: what ListCards shows of a row on a phone (the table ignores it). */
  card?: CardConfig;
  /** A footer row (list.json `totals`): `label` in the first column, each value under its field's column. */
  footer?: { label: string; values: Record<string, unknown> };
}

export interface RowSelection {
  selectable: (row: Row) => boolean;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

const checkboxStyle = { width: 16, height: 16, cursor: 'pointer', accentColor: 'var(--chakra-colors-blue-600)' } as const;

/** The header checkbox: every selectable row of the page, checked, unchecked or mixed. */
function SelectAll({ rows, selection }: { rows: Row[]; selection: RowSelection }) {
  const ids = rows.filter(selection.selectable).map((r) => r._id);
  const count = ids.filter((id) => selection.selected.has(id)).length;
  return (
    <input
      type="checkbox"
      aria-label="Seleccionar todos"
      style={checkboxStyle}
      disabled={ids.length === 0}
      checked={ids.length > 0 && count === ids.length}
      ref={(el) => {
        if (el) el.indeterminate = count > 0 && count < ids.length;
      }}
      onChange={(e) => selection.onChange(e.target.checked ? new Set([...selection.selected, ...ids]) : new Set([...selection.selected].filter((id) => !ids.includes(id))))}
    />
  );
}

export function ListTable(p: ListTableProps) {
  const { actions, selection, rows } = p;
  const columns = useMemo<Column[]>(
    () => [
      ...(selection
        ? [
            {
              id: '_select',
              header: <SelectAll rows={rows} selection={selection} />,
              sortable: false,
              cell: (row: Row) => {
                if (!selection.selectable(row)) return null;
                const checked = selection.selected.has(row._id);
                return (
                  <input
                    type="checkbox"
                    aria-label={`Seleccionar ${String(row.numero ?? row._id)}`}
                    style={checkboxStyle}
                    checked={checked}
                    onClick={(e) => e.stopPropagation()}
                    onKeyDown={(e) => e.stopPropagation()}
                    onChange={() => {
                      const next = new Set(selection.selected);
                      if (checked) next.delete(row._id);
                      else next.add(row._id);
                      selection.onChange(next);
                    }}
                  />
                );
              },
            },
          ]
        : []),
      ...p.columns.map(
        (col): Column => ({
          id: col.field,
          header: col.title ?? col.field,
          cell: (row) => formatCell(col, row[col.field], row),
          sortable: Boolean(col.sortable),
          meta: { align: col.align, format: col.format },
        }),
      ),
      ...(actions
        ? [
            {
              id: '_actions',
              header: <VisuallyHidden>Acciones</VisuallyHidden>,
              sortable: false,
              cell: (row: Row) => (
                <HStack justify="flex-end" gap="1" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                  {actions(row)}
                </HStack>
              ),
            },
          ]
        : []),
    ],
    [p.columns, actions, selection, rows],
  );

  // The recipe's row and cell styles, applied once to every body row and cell (see the file's note).
  const recipe = useSlotRecipe({ key: 'table' });
  const bodyCss = useMemo(() => {
    const styles = recipe(VARIANTS);
    return { '& > tbody > tr': styles.row, '& > tbody > tr[tabindex]': { cursor: 'pointer' }, '& > tbody > tr > td': styles.cell };
  }, [recipe]);

  return (
    <Table.Root {...VARIANTS} css={bodyCss}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => {
            const field = column.id;
            const direction = p.sort === field ? 'ascending' : p.sort === `-${field}` ? 'descending' : undefined;
            const sortable = column.sortable;
            return (
              <Table.ColumnHeader key={field} aria-sort={sortable ? (direction ?? 'none') : undefined} textAlign={alignOf(column.meta)} whiteSpace="nowrap" fontSize="xs" fontWeight="semibold">
                {sortable ? (
                  <Button variant="plain" size="xs" h="auto" px="0" fontSize="inherit" fontWeight="inherit" color="inherit" onClick={() => p.onSort(p.sort === field ? `-${field}` : field)}>
                    {column.header}
                    {direction === 'ascending' ? <LuArrowUp aria-hidden /> : direction === 'descending' ? <LuArrowDown aria-hidden /> : null}
                  </Button>
                ) : (
                  column.header
                )}
              </Table.ColumnHeader>
            );
          })}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {p.loading && p.rows.length === 0
          ? Array.from({ length: 5 }, (_, i) => (
              <tr key={i} data-testid="skeleton-row">
                {columns.map((_c, j) => (
                  <td key={j}>
                    <Skeleton height="4" />
                  </td>
                ))}
              </tr>
            ))
          : p.rows.map((row) => (
              <tr
                key={String(row._id)}
                tabIndex={0}
                onClick={() => p.onOpen(row)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') p.onOpen(row);
                }}
              >
                {columns.map((column) => (
                  <td key={column.id} style={cellStyle(column.meta)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
      </Table.Body>
      {p.footer && p.rows.length > 0 && (
        <Table.Footer>
          <Table.Row data-testid="list-totals" fontWeight="semibold" bg="bg.muted">
            {columns.map((c, i, all) => {
              const col = p.columns.find((x) => x.field === c.id);
              const labelAt = all.findIndex((x) => x.id !== '_select');
              const value = col && c.id in p.footer!.values ? formatCell(col, p.footer!.values[c.id]) : i === labelAt ? p.footer!.label : null;
              return (
                <Table.Cell key={c.id} textAlign={alignOf(c.meta)} whiteSpace="nowrap">
                  {value}
                </Table.Cell>
              );
            })}
          </Table.Row>
        </Table.Footer>
      )}
    </Table.Root>
  );
}
