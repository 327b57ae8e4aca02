/**
 * The estado de cuenta of one customer (DESIGN.md §12), opened from a row of Cuentas por cobrar
 * (`x-renderer: "customer-statement"` on the receivable schema, so `/accounting/receivable/<customer
 * _id>` lands here): a period (default: the server's, the first day of two months ago to today),
 * the balance brought forward, every cargo and abono with the running balance, the totals and the
 * documents still open; "Descargar PDF" (`GET /api/customer/{_id}/statement?format=pdf`) and
 * "Enviar por correo" (`POST …/statement/email`).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Field, Flex, Heading, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuDownload, LuSend } from 'react-icons/lu';
import { fetchBlob } from '../../engine/api-client.ts';
import { useApiData } from '../../engine/useApiData.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { useMenu, recordPath } from '../../engine/menu.ts';
import { saveAs } from '../comprobante/IssuedPanel.tsx';
import { date, money } from '../format.ts';
import type { CustomRendererProps } from '../custom-renderers.ts';
import type { CustomerStatement as StatementView } from '../../../core/customer-statement.ts';
import { DateInput } from '../widgets/DateInput.tsx';

const amount = (v: number) => (v ? money(v) : '');

export default function CustomerStatement({ id, basePath }: CustomRendererProps) {
  const customerId = id ?? '';
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const path = `/api/customer/${encodeURIComponent(customerId)}/statement`;
  const { data, isLoading } = useApiData<StatementView>({ path: customerId ? path : null, query: period, keepPreviousData: true });
  const { menu } = useMenu();
  const from = period.from ?? data?.from ?? '';
  const to = period.to ?? data?.to ?? '';
  const pdf = useMutation({
    mutationFn: async () => saveAs(await fetchBlob(`${path}?format=pdf&download=true&from=${from}&to=${to}`), `estado-de-cuenta-${data?.customer.identificacion ?? customerId}-${to}.pdf`),
    errorMessage: 'No se pudo descargar el estado de cuenta',
  });
  const email = useMutation({
    request: () => ({ method: 'POST', path: `${path}/email`, query: { from, to }, body: {} }),
    success: (r: { message: string }) => r.message,
  });
  const docLink = (resource: string, docId: string, text: string) => {
    const target = recordPath(menu, resource, docId);
    return target ? (
      <Link asChild colorPalette="blue">
        <RouterLink to={target}>{text}</RouterLink>
      </Link>
    ) : (
      text
    );
  };
  return (
    <Stack gap="4" data-testid="customer-statement">
      <Flex justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Box>
          <Button asChild size="xs" variant="ghost" mb="1">
            <RouterLink to={basePath}>
              <LuArrowLeft /> Cuentas por cobrar
            </RouterLink>
          </Button>
          <Heading size="lg">Estado de cuenta</Heading>
          <Text color="fg.muted">{data ? `${data.customer.razonSocial} · ${data.customer.identificacion}` : ' '}</Text>
        </Box>
        <HStack gap="2" wrap="wrap" align="flex-end">
          <Field.Root w="auto">
            <Field.Label fontSize="xs">Desde</Field.Label>
            <DateInput aria-label="Desde" w="170px" value={from} onChange={(v) => setPeriod((p) => ({ ...p, from: v || undefined }))} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label fontSize="xs">Hasta</Field.Label>
            <DateInput aria-label="Hasta" w="170px" value={to} onChange={(v) => setPeriod((p) => ({ ...p, to: v || undefined }))} />
          </Field.Root>
          <Button size="sm" colorPalette="blue" onClick={() => void pdf.mutate()} loading={pdf.isPending} disabled={!data}>
            <LuDownload /> Descargar PDF
          </Button>
          <Button size="sm" variant="outline" onClick={() => void email.mutate()} loading={email.isPending} disabled={!data?.customer.email} title={data?.customer.email ? `Enviar a ${data.customer.email}` : 'El cliente no tiene correo'}>
            <LuSend /> Enviar por correo
          </Button>
        </HStack>
      </Flex>
      {isLoading && !data ? (
        <Skeleton h="200px" />
      ) : data ? (
        <>
          <Card.Root>
            <Card.Body>
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="statement-lines">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                      <Table.ColumnHeader>Documento</Table.ColumnHeader>
                      <Table.ColumnHeader>Número</Table.ColumnHeader>
                      <Table.ColumnHeader>Detalle</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="right">Cargo</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="right">Abono</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="right">Saldo</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    <Table.Row>
                      <Table.Cell>{date(data.from)}</Table.Cell>
                      <Table.Cell colSpan={5} fontStyle="italic">
                        Saldo anterior
                      </Table.Cell>
                      <Table.Cell textAlign="right" whiteSpace="nowrap">{money(data.openingBalance)}</Table.Cell>
                    </Table.Row>
                    {data.lines.map((l, i) => (
                      <Table.Row key={i}>
                        <Table.Cell>{date(l.fecha)}</Table.Cell>
                        <Table.Cell>{l.documentType}</Table.Cell>
                        <Table.Cell>{docLink(l.resource, l.documentId, l.numero)}</Table.Cell>
                        <Table.Cell>{l.detalle}</Table.Cell>
                        <Table.Cell textAlign="right" whiteSpace="nowrap">{amount(l.cargo)}</Table.Cell>
                        <Table.Cell textAlign="right" whiteSpace="nowrap">{amount(l.abono)}</Table.Cell>
                        <Table.Cell textAlign="right" whiteSpace="nowrap">{money(l.saldo)}</Table.Cell>
                      </Table.Row>
                    ))}
                    <Table.Row fontWeight="bold">
                      <Table.Cell colSpan={4}>Totales del periodo</Table.Cell>
                      <Table.Cell textAlign="right" whiteSpace="nowrap">{money(data.totals.cargos)}</Table.Cell>
                      <Table.Cell textAlign="right" whiteSpace="nowrap">{money(data.totals.abonos)}</Table.Cell>
                      <Table.Cell textAlign="right" whiteSpace="nowrap" data-testid="closing-balance">
                        {money(data.closingBalance)}
                      </Table.Cell>
                    </Table.Row>
                  </Table.Body>
                </Table.Root>
              </Box>
            </Card.Body>
          </Card.Root>
          {data.openDocuments.length > 0 && (
            <Card.Root>
              <Card.Header pb="0">
                <Heading as="h3" size="sm">
                  Documentos pendientes al {date(data.to)}
                </Heading>
              </Card.Header>
              <Card.Body>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Documento</Table.ColumnHeader>
                      <Table.ColumnHeader>Vence</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="right">Días vencido</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="right">Saldo</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.openDocuments.map((d) => (
                      <Table.Row key={d._id}>
                        <Table.Cell>{docLink(d.resource, d._id, `${d.documentType} ${d.numero}`)}</Table.Cell>
                        <Table.Cell>{date(d.dueDate)}</Table.Cell>
                        <Table.Cell textAlign="right" whiteSpace="nowrap">{d.daysOverdue > 0 ? d.daysOverdue : ''}</Table.Cell>
                        <Table.Cell textAlign="right" whiteSpace="nowrap">{money(d.saldo)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Card.Body>
            </Card.Root>
          )}
        </>
      ) : null}
    </Stack>
  );
}
