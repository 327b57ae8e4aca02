/** How list cells show a value by its column's format (money, date, catalog, status badge…). */
import type { ReactNode } from 'react';
import { Badge, Stack, Text } from '@chakra-ui/react';
import { useCatalog } from '../../engine/catalogs.ts';
import type { Row } from '../../engine/resources.ts';
import type { ListColumn } from '../../engine/schema-registry.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { PaymentStatusBadge } from '../PaymentStatusBadge.tsx';
import { date, dateTime, money } from '../format.ts';
import { columnMessage } from './list-options.ts';

function CatalogCell({ table, code }: { table: string; code: unknown }) {
  const { labelOf } = useCatalog(table);
  return <>{labelOf(code)}</>;
}

/**
 * A cell's content: `value` shown by `col.format`; with `col.message` (list-options.ts) and the row,
 * the row's first message goes under the value as wrapping text, readable on a phone (no tooltip).
 * @example formatCell({ field: 'status', format: 'status', message: { field: 'mensajes' } }, 'DEVUELTA', row)
 */
export function formatCell(col: ListColumn, value: unknown, row?: Row): ReactNode {
  const message = row ? columnMessage(col, row) : null;
  if (!message) return formatValue(col, value);
  return (
    <Stack gap="1" align="flex-start">
      {formatValue(col, value)}
      <Text data-testid="row-message" fontSize="xs" color="fg.error" whiteSpace="normal" minW="10rem" maxW="18rem" lineClamp={3} title={message}>
        {message}
      </Text>
    </Stack>
  );
}

function formatValue(col: ListColumn, value: unknown): ReactNode {
  switch (col.format) {
    case 'money':
      return money(value, 2, col.decimals ?? 2);
    case 'date':
      return date(value);
    case 'datetime':
      return dateTime(value);
    case 'status':
      return value ? <StatusBadge status={String(value)} /> : null;
    case 'payment-status':
      return <PaymentStatusBadge status={value ? String(value) : null} />;
    case 'catalog':
      return <CatalogCell table={col.catalog ?? ''} code={value} />;
    case 'boolean':
      return value ? 'Sí' : 'No';
    case 'yes-no':
      return (
        <Badge colorPalette={value ? 'green' : 'gray'} variant="subtle" data-value={value ? 'si' : 'no'}>
          {value ? 'Sí' : 'No'}
        </Badge>
      );
    case 'flag': {
      const flag = col.flags?.[String(value)];
      return flag ? (
        <Badge colorPalette={flag.color} variant="subtle" data-value={String(value)}>
          {flag.label}
        </Badge>
      ) : null;
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
