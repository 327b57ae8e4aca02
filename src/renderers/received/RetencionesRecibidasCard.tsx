/**
 * On an issued factura: the retenciones its buyer issued on it that we registered as received
 * (`retencionesRecibidas` of GET /api/invoice/{_id}), each linked to its received document, with
 * the total withheld. Nothing when there are none.
 * @example <RetencionesRecibidasCard invoice={record} />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, Heading, Link, Table } from '@chakra-ui/react';
import { date, money } from '../format.ts';
import type { RetencionRecibida } from '../../../core/retencion-recibida.ts';

export function RetencionesRecibidasCard({ invoice }: { invoice: Record<string, unknown> }) {
  const items = (invoice.retencionesRecibidas as RetencionRecibida[] | undefined) ?? [];
  if (!items.length) return null;
  const total = items.reduce((s, r) => s + r.valorRetenido, 0);
  return (
    <Card.Root data-testid="retenciones-recibidas">
      <Card.Header pb="0">
        <Heading as="h3" size="sm">
          Retenciones recibidas
        </Heading>
      </Card.Header>
      <Card.Body>
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Número</Table.ColumnHeader>
                <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                <Table.ColumnHeader>Emitida por</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="right">Valor retenido</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((r) => (
                <Table.Row key={r._id}>
                  <Table.Cell>
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/purchases/received-document/${encodeURIComponent(r._id)}`}>{r.numero}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{date(r.fechaEmision)}</Table.Cell>
                  <Table.Cell>{r.razonSocialEmisor}</Table.Cell>
                  <Table.Cell textAlign="right">{money(r.valorRetenido)}</Table.Cell>
                </Table.Row>
              ))}
              {items.length > 1 && (
                <Table.Row>
                  <Table.Cell colSpan={3} fontWeight="bold">
                    Total retenido
                  </Table.Cell>
                  <Table.Cell textAlign="right" fontWeight="bold">
                    {money(total)}
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
