/**
 * The "Formas de pago" section (factura, nota de débito): the payments editor with the balance
 * against the total, an optional hint under the heading, and the server's message about them.
 * @example <PaymentsCard pagos={d.pagos} importeTotal={totals?.importeTotal} readOnly={false} onChange={(pagos) => update({ pagos })} error={fieldError(errors, 'pagos')} />
 */
import type { ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';
import { PaymentsEditor } from './PaymentsEditor.tsx';
import { paymentGap, type PagoDraft } from './invoice-model.ts';

interface Props {
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

export function PaymentsCard({ pagos, importeTotal, balanceOnlyWithPayments, readOnly, onChange, error, hint }: Props) {
  const gap = paymentGap(pagos, importeTotal);
  const shownTotal = balanceOnlyWithPayments && pagos.length === 0 ? undefined : importeTotal;
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Formas de pago</Heading>
        {hint}
      </Card.Header>
      <Card.Body>
        <PaymentsEditor pagos={pagos} gapCents={importeTotal ? gap : 0} importeTotal={shownTotal} readOnly={readOnly} onChange={onChange} />
        {error && (
          <Text color="red.600" fontSize="sm" mt="2" role="alert">
            {error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
