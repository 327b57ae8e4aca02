/**
 * CSS (a Chakra `css` object) that turns an editable table into stacked cards below the `md`
 * breakpoint (768 px): the header row hides, each row is a two-column grid card, each cell shows
 * its `data-label` above its input, and a cell with `data-wide` takes the whole width (product,
 * description); a footer row (a total) stays one line. At 768 px and up the table is unchanged. Used by the lines of every comprobante
 * editor, so a 375 px phone edits a line without scrolling sideways.
 * @example <Table.Root css={STACK_ON_PHONE}> … <Table.Cell data-label="Cantidad">…</Table.Cell>
 */
import { PHONE_QUERY } from '../engine/useMediaQuery.ts';

export const STACK_ON_PHONE = {
  [`@media screen and ${PHONE_QUERY}`]: {
    '&': { display: 'block', width: '100%' },
    '& thead': { display: 'none' },
    '& tbody, & tfoot': { display: 'block' },
    // A footer row (a total) as one line: label left, amount right.
    '& tfoot > tr': { display: 'flex', justifyContent: 'space-between', gap: '0.5rem', padding: '0.75rem', borderTopWidth: '1px' },
    '& tfoot > tr > td': { display: 'block', padding: 0, border: 0, whiteSpace: 'nowrap' },
    '& tfoot > tr > td:empty': { display: 'none' },
    '& tbody > tr': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      columnGap: '0.5rem',
      rowGap: '0.5rem',
      padding: '0.75rem',
      borderBottomWidth: '1px',
    },
    '& tbody > tr:last-of-type': { borderBottomWidth: 0 },
    '& tbody > tr > td': { display: 'block', width: 'auto', minWidth: 0, padding: 0, border: 0, textAlign: 'left' },
    '& tbody > tr > td[data-wide]': { gridColumn: '1 / -1' },
    '& tbody > tr > td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'var(--chakra-font-sizes-xs)',
      color: 'var(--chakra-colors-fg-muted)',
      marginBottom: '0.125rem',
    },
    '& tbody > tr > td:empty': { display: 'none' },
  },
} as const;
