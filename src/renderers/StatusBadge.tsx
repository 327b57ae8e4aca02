import { Badge } from '@chakra-ui/react';
import { STATUS_DISPLAY, isComprobanteStatus } from '../../core/comprobante-status.ts';

/**
 * A comprobante's status (core/comprobante-status.ts) as a coloured badge.
 * @example <StatusBadge status="AUTORIZADA" />
 */
export function StatusBadge({ status }: { status: string }) {
  const s = isComprobanteStatus(status) ? STATUS_DISPLAY[status] : { label: status, color: 'gray' };
  return (
    <Badge colorPalette={s.color} variant="subtle" data-status={status}>
      {s.label}
    </Badge>
  );
}
