/**
 * The "Formas de pago" section (factura, liquidación de compra, nota de débito): the schema's
 * `pagos` array edited as rows (SchemaArrayField, the layout from the schema folder's ui.json), and
 * around it what needs the computed total, which is not form data: "Usar el total", what is missing
 * or over, the amount a new payment starts with; an optional hint under the heading, and the
 * server's message about the payments.
 * @example <PaymentsCard entry={entry} pagos={d.pagos} importeTotal={totals?.importeTotal} readOnly={false} onChange={(pagos) => update({ pagos })} error={fieldError(errors, 'pagos')} />
 */
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import { SchemaArrayField } from '../SchemaArrayField.tsx';
import { money } from '../format.ts';
import { pagoRows, pagosFromRows, paymentGap, type PagoDraft } from './sale-model.ts';

interface Props {
  /** The comprobante's schema entry: its `pagos` property and uiSchema draw the rows. */
  entry: SchemaEntry;
  pagos: PagoDraft[];
  /** The comprobante's total; undefined while it cannot be computed. */
  importeTotal: string | undefined;
  /** Show the balance (what is missing or over) only once a payment is entered: the nota de débito's are optional. */
  balanceOnlyWithPayments?: boolean;
  readOnly: boolean;
  onChange: (pagos: PagoDraft[]) => void;
  error?: string;
  hint?: ReactNode;
}

export function PaymentsCard({ entry, pagos, importeTotal, balanceOnlyWithPayments, readOnly, onChange, error, hint }: Props) {
  const gapCents = importeTotal ? paymentGap(pagos, importeTotal) : 0;
  const shownTotal = balanceOnlyWithPayments && pagos.length === 0 ? undefined : importeTotal;
  // The rows only change when the payments do: typing in a line (a new total) does not redraw them.
  const rows = useMemo(() => pagoRows(pagos), [pagos]);
  const latest = useRef({ pagos, gapCents, onChange });
  latest.current = { pagos, gapCents, onChange };
  const onRows = useCallback((next: Array<Record<string, unknown>>) => {
    const { pagos: before, gapCents: gap, onChange: change } = latest.current;
    change(pagosFromRows(next, before, gap));
  }, []);
  // The same heading on every keystroke: not redrawn.
  const header = useMemo(
    () => (
      <Card.Header>
        <Heading size="md">Formas de pago</Heading>
        {hint}
      </Card.Header>
    ),
    [hint],
  );
  return (
    <Card.Root>
      {header}
      <Card.Body>
        <Stack gap="2">
          <SchemaArrayField entry={entry} property="pagos" value={rows} disabled={readOnly} onChange={onRows} />
          {!readOnly && gapCents !== 0 && shownTotal && pagos.length <= 1 && (
            <Button size="xs" variant="subtle" alignSelf="flex-start" onClick={() => onChange([{ ...(pagos[0] ?? { formaPago: '01' }), total: Number(shownTotal).toFixed(2) }])}>
              Usar el total ({money(shownTotal)})
            </Button>
          )}
          {gapCents !== 0 && shownTotal && (
            <Text fontSize="sm" color="orange.600" role="status">
              {gapCents > 0 ? `Faltan ${money(gapCents / 100)} por asignar a una forma de pago` : `Los pagos superan el total en ${money(-gapCents / 100)}`}
            </Text>
          )}
        </Stack>
        {error && (
          <Text color="red.600" fontSize="sm" mt="2" role="alert">
            {error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
