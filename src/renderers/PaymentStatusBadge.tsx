import { Badge } from '@chakra-ui/react';

/** How each payment status (core/receivables.ts) shows: label and colour. */
export const PAYMENT_STATUS_DISPLAY: Record<string, { label: string; color: string }> = {
  PENDIENTE: { label: 'Pendiente', color: 'gray' },
  PARCIAL: { label: 'Parcial', color: 'blue' },
  PAGADA: { label: 'Pagada', color: 'green' },
  VENCIDA: { label: 'Vencida', color: 'red' },
};

/**
 * A document's payment status (DESIGN.md §12: PENDIENTE, PARCIAL, PAGADA, VENCIDA) as a coloured
 * badge; nothing for a document outside the books (null).
 * @example <PaymentStatusBadge status="PARCIAL" />
 */
export function PaymentStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const s = PAYMENT_STATUS_DISPLAY[status] ?? { label: status, color: 'gray' };
  return (
    <Badge colorPalette={s.color} variant="surface" data-payment-status={status}>
      {s.label}
    </Badge>
  );
}
