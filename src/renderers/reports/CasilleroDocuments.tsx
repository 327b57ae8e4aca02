/**
 * The documents behind one casillero (`GET /api/reports/form-<n>/{codigo}?period=`), each with its
 * share and a link to open it; in a dialog over the form.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Link, Skeleton, Table, Text } from '@chakra-ui/react';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { useApiData } from '../../engine/useApiData.ts';
import { recordPath, useMenu } from '../../engine/menu.ts';
import { date, money } from '../format.ts';

interface Drill {
  casillero: { codigo: string; label: string; valor: number };
  documents: Array<{ resource: string; _id: string; numero: string; fechaEmision: string; identificacion: string; razonSocial: string; valor: number }>;
}

const KIND: Record<string, string> = { invoice: 'Factura', 'credit-note': 'Nota de crédito', 'debit-note': 'Nota de débito', 'received-document': 'Recibido', 'purchase-settlement': 'Liquidación', withholding: 'Retención' };

/** @example <CasilleroDocuments form="104" codigo="401" period="2026-03" onClose={close} /> */
export function CasilleroDocuments(p: { form: string; codigo: string | null; period: string; onClose: () => void }) {
  const { menu } = useMenu();
  const { data, isLoading } = useApiData<Drill>({ path: p.codigo ? `/api/reports/form-${p.form}/${p.codigo}` : null, query: { period: p.period } });
  return (
    <DialogFrame open={Boolean(p.codigo)} size="xl" title={data ? `Casillero ${data.casillero.codigo}: ${money(data.casillero.valor)}` : `Casillero ${p.codigo ?? ''}`} cancelLabel="Cerrar" onClose={p.onClose}>
      {data && (
        <Text fontSize="sm" color="fg.muted" mb="3">
          {data.casillero.label}
        </Text>
      )}
      {isLoading || !data ? (
        <Skeleton h="24" />
      ) : (
        <Table.Root size="sm" data-testid="casillero-documents">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Fecha</Table.ColumnHeader>
              <Table.ColumnHeader>Documento</Table.ColumnHeader>
              <Table.ColumnHeader>Contraparte</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Valor</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.documents.map((d) => {
              const to = recordPath(menu, d.resource, d._id);
              const label = `${KIND[d.resource] ?? d.resource} ${d.numero}`;
              return (
                <Table.Row key={`${d.resource}-${d._id}`}>
                  <Table.Cell whiteSpace="nowrap">{date(d.fechaEmision)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {to ? (
                      <Link asChild colorPalette="blue">
                        <RouterLink to={to}>{label}</RouterLink>
                      </Link>
                    ) : (
                      label
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{d.razonSocial}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {d.identificacion}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {money(d.valor)}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </DialogFrame>
  );
}
