/**
 * The factura's header fields: customer (lookup with quick-create), then where and when it is
 * issued (`EmissionPointFields`, shared with the notas). Memoised on its own values, so typing in a
 * line does not redraw it.
 * @example <InvoiceHeaderFields customer={d.customer} establishmentId={d.establishment} ptoEmi={d.ptoEmi} fechaEmision={d.fechaEmision} ... />
 */
import { memo } from 'react';
import { Box, Card, Field, Grid } from '@chakra-ui/react';
import { EmissionPointFields, type EmissionPointFieldsProps } from '../../comprobante/EmissionPointFields.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { fieldError, type InvoiceDraft } from '../../comprobante/sale-model.ts';

interface Props extends Omit<EmissionPointFieldsProps, 'update'> {
  customer?: string;
  update: (patch: Partial<InvoiceDraft>) => void;
}

export const InvoiceHeaderFields = memo(function InvoiceHeaderFields({ customer, establishmentId, ptoEmi, fechaEmision, establishments, errors, readOnly, update }: Props) {
  const customerError = fieldError(errors, 'customer');
  return (
    <Card.Root>
      <Card.Body>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: '2fr 1fr 1fr' }} gap="4">
          <Field.Root invalid={Boolean(customerError)} required>
            <Field.Label>Cliente</Field.Label>
            <Box w="full">
              <CustomerPicker value={customer} disabled={readOnly} onChange={(customer) => update({ customer })} />
            </Box>
            <Field.ErrorText>{customerError}</Field.ErrorText>
          </Field.Root>
          <EmissionPointFields establishmentId={establishmentId} ptoEmi={ptoEmi} fechaEmision={fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update} />
        </Grid>
      </Card.Body>
    </Card.Root>
  );
});
