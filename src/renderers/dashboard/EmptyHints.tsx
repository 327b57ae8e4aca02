/**
 * The dashboard's empty states (data-testid `dashboard-empty`): a company without invoices gets the
 * first steps; one with invoices but no authorised sale in 12 months gets, in place of an empty
 * chart, a way to its drafts.
 * @example <NoSalesHint drafts={3} period={{ from: '2026-11-01', to: '2026-11-23' }} />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';

function NewInvoiceButton() {
  return (
    <Button asChild size="sm" colorPalette="blue">
      <RouterLink to="/invoicing/invoice/new">Nueva factura</RouterLink>
    </Button>
  );
}

export function NoInvoicesHint() {
  return (
    <Stack gap="3" align="flex-start" data-testid="dashboard-empty">
      <Heading size="md">Aún no hay facturas</Heading>
      <Text color="fg.muted">Registre un establecimiento, sus clientes y productos, y emita su primera factura.</Text>
      <HStack wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/invoicing/establishment/new">Crear establecimiento</RouterLink>
        </Button>
        <NewInvoiceButton />
      </HStack>
    </Stack>
  );
}

/**
 * @param drafts BORRADOR invoices of the period (0 hides the drafts link).
 * @param period the dashboard's period, 'YYYY-MM-DD': the link lists the drafts the text counts.
 */
export function NoSalesHint({ drafts, period }: { drafts: number; period: { from: string; to: string } }) {
  return (
    <Stack gap="3" align="flex-start" justify="center" minH="200px" data-testid="dashboard-empty">
      <Heading size="sm">Aún no hay ventas autorizadas en los últimos 12 meses</Heading>
      <Text color="fg.muted">
        {drafts > 0 ? `Tiene ${drafts} ${drafts === 1 ? 'borrador' : 'borradores'} en el periodo: emítalos para verlos aquí.` : 'Emita una factura para ver aquí sus ventas de cada mes.'}
      </Text>
      <HStack wrap="wrap">
        {drafts > 0 && (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={`/invoicing/invoice?status=BORRADOR&from=${period.from}&to=${period.to}`}>Ver borradores</RouterLink>
          </Button>
        )}
        <NewInvoiceButton />
      </HStack>
    </Stack>
  );
}
