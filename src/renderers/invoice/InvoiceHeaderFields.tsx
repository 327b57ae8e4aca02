/**
 * The invoice's header fields: customer (lookup with quick-create), establishment and emission
 * point, fecha de emisión. Memoised on its own values, so typing in a line does not redraw it.
 * @example <InvoiceHeaderFields customer={d.customer} establishmentId={d.establishment} ptoEmi={d.ptoEmi} fechaEmision={d.fechaEmision} ... />
 */
import { memo } from 'react';
import { Box, Card, Field, Grid, HStack, Input, NativeSelect } from '@chakra-ui/react';
import type { Row } from '../../engine/resources.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { CustomerPicker } from './CustomerPicker.tsx';
import { fieldError, type Establishment, type InvoiceDraft } from './invoice-model.ts';

interface Props {
  customer?: string;
  establishmentId?: string;
  ptoEmi?: string;
  fechaEmision?: string;
  establishments: Row[] | undefined;
  /** The server's field errors of the last save ({path, message}). */
  errors: Array<{ path: string; message: string }>;
  readOnly: boolean;
  update: (patch: Partial<InvoiceDraft>) => void;
}

export const InvoiceHeaderFields = memo(function InvoiceHeaderFields({ customer, establishmentId, ptoEmi, fechaEmision, establishments, errors, readOnly, update }: Props) {
  const errorAt = (path: string) => fieldError(errors, path);
  const establishment = establishments?.find((e) => e._id === establishmentId) as Establishment | undefined;
  return (
    <Card.Root>
      <Card.Body>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: '2fr 1fr 1fr' }} gap="4">
          <Field.Root invalid={Boolean(errorAt('customer'))} required>
            <Field.Label>Cliente</Field.Label>
            <Box w="full">
              <CustomerPicker value={customer} disabled={readOnly} onChange={(customer) => update({ customer })} />
            </Box>
            <Field.ErrorText>{errorAt('customer')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorAt('establishment') || errorAt('ptoEmi'))} required>
            <Field.Label>Establecimiento y punto de emisión</Field.Label>
            <HStack w="full">
              <NativeSelect.Root size="sm" disabled={readOnly}>
                <NativeSelect.Field aria-label="Establecimiento" value={establishmentId ?? ''} onChange={(e) => {
                  const est = establishments?.find((x) => x._id === e.target.value) as Establishment | undefined;
                  update({ establishment: e.target.value, ptoEmi: est?.puntosEmision[0]?.ptoEmi });
                }}>
                  {!establishments?.length && <option value="">Cree un establecimiento primero</option>}
                  {establishments?.map((e) => (
                    <option key={String(e._id)} value={String(e._id)}>
                      {String(e.estab)} — {String(e.nombre)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <NativeSelect.Root size="sm" maxW="150px" disabled={readOnly}>
                <NativeSelect.Field aria-label="Punto de emisión" value={ptoEmi ?? ''} onChange={(e) => update({ ptoEmi: e.target.value })}>
                  {establishment?.puntosEmision.map((p) => (
                    <option key={p.ptoEmi} value={p.ptoEmi}>
                      {p.ptoEmi}
                      {p.descripcion ? ` — ${p.descripcion}` : ''}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
            <Field.ErrorText>{errorAt('establishment') ?? errorAt('ptoEmi')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorAt('fechaEmision'))}>
            <Field.Label>Fecha de emisión</Field.Label>
            <Input size="sm" type="date" value={fechaEmision ?? ''} disabled={readOnly} onChange={(e) => update({ fechaEmision: e.target.value })} max={guayaquilDate(new Date())} />
            <Field.ErrorText>{errorAt('fechaEmision')}</Field.ErrorText>
          </Field.Root>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
});
