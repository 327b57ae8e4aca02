import { Badge } from '@chakra-ui/react';
import { STATUS } from './format.ts';

/**
 * The invoice status as a coloured badge.
 * @example <StatusBadge status="AUTORIZADA" />
 */
export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge colorPalette={s.color} variant="subtle" data-status={status}>
      {s.label}
    </Badge>
  );
}
