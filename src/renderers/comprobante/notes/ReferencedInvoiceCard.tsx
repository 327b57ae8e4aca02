/**
 * A nota's header: the factura it modifies (number, date, total, a link back to it) and its buyer,
 * locked (the nota goes to the factura's buyer; the server takes it from there), then where and
 * when the nota is issued. A new nota started from its list (not from a factura) picks the factura here.
 * @example <ReferencedInvoiceCard reference={ref} resource="credit-note" basePath="/invoicing/credit-note" … />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Card, Field, Grid, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Row } from '../../../engine/resources.ts';
import { date, money } from '../../format.ts';
import { RefSelect } from '../../widgets/RefSelect.tsx';
import { EmissionPointFields, type EmissionPoint } from '../EmissionPointFields.tsx';
import { fieldError } from '../sale-model.ts';
import { noteBlocker, siblingPath, type NoteResource } from './note-links.ts';
import type { ReferencedInvoice } from './useReferencedInvoice.ts';

export interface ReferencedInvoiceCardProps {
  reference: ReferencedInvoice;
  resource: NoteResource;
  /** The nota's list route; the factura lives beside it. */
  basePath: string;
  emission: EmissionPoint;
  establishments: Row[] | undefined;
  errors: Array<{ path: string; message: string }>;
  readOnly: boolean;
  update: (patch: EmissionPoint) => void;
  /** What is left to credit on the factura (notas de crédito), when known. */
  remaining?: number;
}

export function ReferencedInvoiceCard({ reference, resource, basePath, emission, establishments, errors, readOnly, update, remaining }: ReferencedInvoiceCardProps) {
  const { invoice, loading, choosable } = reference;
  const invoiceError = fieldError(errors, 'invoice');
  const blocker = invoice && !readOnly ? noteBlocker(invoice, resource, remaining) : undefined;
  return (
    <Card.Root>
      <Card.Body>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: '2fr 1fr 1fr' }} gap="4">
          <Stack gap="3">
            <Field.Root invalid={Boolean(invoiceError)} required>
              <Field.Label>Factura que se modifica</Field.Label>
              {choosable && (
                <Box w="full">
                  <RefSelect resource="invoice" value={reference.invoiceId} onChange={(id) => reference.pick(id)} inputId="note-invoice" label="Factura que se modifica" placeholder="Buscar factura autorizada por número o cliente…" disabled={readOnly} />
                </Box>
              )}
              {!choosable && invoice && (
                <Link asChild colorPalette="blue" fontWeight="semibold" data-testid="modified-invoice">
                  <RouterLink to={`${siblingPath(basePath, 'invoice')}/${encodeURIComponent(invoice._id)}`}>Factura {String(invoice.numero ?? '')}</RouterLink>
                </Link>
              )}
              <Field.ErrorText>{invoiceError}</Field.ErrorText>
            </Field.Root>
            {loading && <Spinner size="sm" aria-label="Cargando la factura" />}
            {invoice && (
              <Box fontSize="sm" data-testid="locked-buyer">
                <Text>
                  <Text as="span" color="fg.muted">
                    Cliente:{' '}
                  </Text>
                  <strong>{String(invoice.razonSocialComprador ?? '')}</strong> ({String(invoice.identificacionComprador ?? '')})
                </Text>
                <Text color="fg.muted">
                  Emitida el {date(invoice.fechaEmision)} por {money(invoice.importeTotal)}. El cliente de la nota es el de la factura.
                </Text>
              </Box>
            )}
            {blocker && (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Description>{blocker}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
          <EmissionPointFields establishmentId={emission.establishment} ptoEmi={emission.ptoEmi} fechaEmision={emission.fechaEmision} establishments={establishments} errors={errors} readOnly={readOnly} update={update} />
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
