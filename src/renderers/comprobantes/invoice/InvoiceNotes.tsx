/**
 * An authorised factura's notas: the issued panel's actions "Emitir nota de crédito" and "Emitir
 * nota de débito" (each opens the nota's editor prefilled from this factura), and the card listing
 * its notas with what is left to credit (GET /api/invoice/{_id}/creditable, GET /api/debit-note?invoice=).
 * @example <IssuedPanel … actions={<InvoiceNoteActions invoice={view} basePath="/invoicing/invoice" />} />
 * @example <InvoiceNotesCard invoice={view} basePath="/invoicing/invoice" />
 */
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, Flex, Heading, HStack, Link, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { LuFileMinus, LuFilePlus } from 'react-icons/lu';
import type { Row } from '../../../engine/resources.ts';
import { useApiData } from '../../../engine/useApiData.ts';
import { can, useSession } from '../../../engine/session.ts';
import { money } from '../../format.ts';
import { StatusBadge } from '../../StatusBadge.tsx';
import { newNotePath, noteBlocker, siblingPath, type NoteResource } from '../../comprobante/notes/note-links.ts';
import { useCreditable } from '../../comprobante/notes/useCreditable.ts';
import { EmitWaybillAction } from '../waybill/EmitWaybillAction.tsx';

interface Props {
  invoice: Record<string, unknown>;
  /** The factura's list route (`/invoicing/invoice`); the notas live beside it. */
  basePath: string;
}

function NoteAction({ invoice, basePath, resource, remaining }: Props & { resource: NoteResource; remaining?: number }) {
  const why = noteBlocker(invoice, resource, remaining);
  const label = resource === 'credit-note' ? 'Emitir nota de crédito' : 'Emitir nota de débito';
  const icon = resource === 'credit-note' ? <LuFileMinus /> : <LuFilePlus />;
  if (why) {
    return (
      <Button size="sm" variant="outline" disabled title={why} aria-description={why}>
        {icon} {label}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" colorPalette="blue" variant="subtle">
      <RouterLink to={newNotePath(basePath, resource, String(invoice._id))}>
        {icon} {label}
      </RouterLink>
    </Button>
  );
}

export function InvoiceNoteActions({ invoice, basePath }: Props) {
  const user = useSession();
  const authorised = invoice.status === 'AUTORIZADA';
  const { data: creditable } = useCreditable(String(invoice._id), authorised);
  if (!authorised || !can(user, 'invoice', 'create')) return null;
  return (
    <>
      <NoteAction invoice={invoice} basePath={basePath} resource="credit-note" remaining={creditable?.remaining} />
      <NoteAction invoice={invoice} basePath={basePath} resource="debit-note" />
      <EmitWaybillAction invoice={invoice} basePath={basePath} />
    </>
  );
}

interface NoteRow {
  resource: NoteResource;
  _id: string;
  numero: string | null;
  status: string;
  importeTotal: number;
}

export function InvoiceNotesCard({ invoice, basePath }: Props) {
  const id = String(invoice._id);
  const authorised = invoice.status === 'AUTORIZADA';
  const { data: creditable, isLoading } = useCreditable(id, authorised);
  const { data: debitNotes, isLoading: loadingDebits } = useApiData<Row[]>({ path: authorised ? '/api/debit-note' : null, query: { invoice: id, per_page: 100, sort: 'fechaEmision' } });
  if (!authorised) return null;
  const rows: NoteRow[] = [
    ...(creditable?.notes ?? []).map((n) => ({ resource: 'credit-note' as const, ...n })),
    ...(debitNotes ?? []).map((n) => ({ resource: 'debit-note' as const, _id: n._id, numero: (n.numero as string | null) ?? null, status: String(n.status), importeTotal: Number(n.importeTotal ?? 0) })),
  ];
  const loading = isLoading || loadingDebits;
  return (
    <Card.Root data-testid="invoice-notes">
      <Card.Header>
        <Heading size="md">Notas de crédito y débito</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {creditable && (
            <Flex gap="6" wrap="wrap">
              <Amount label="Total de la factura" value={creditable.importeTotal} />
              <Amount label="Acreditado (notas de crédito autorizadas)" value={creditable.credited} />
              <Amount label="Saldo por acreditar" value={creditable.remaining} strong testId="creditable-remaining" />
            </Flex>
          )}
          {creditable && creditable.byRate.length > 1 && (
            <Text fontSize="sm" color="fg.muted">
              Saldo por tarifa: {creditable.byRate.map((r) => `IVA ${Number(r.tarifa)} %: ${money(r.remaining)} de ${money(r.baseImponible)}`).join(' · ')}
            </Text>
          )}
          {loading && !rows.length ? (
            <Spinner aria-label="Cargando" size="sm" />
          ) : rows.length === 0 ? (
            <Text color="fg.muted">Esta factura no tiene notas de crédito ni de débito.</Text>
          ) : (
            <Box overflowX="auto" borderWidth="1px" borderRadius="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Tipo</Table.ColumnHeader>
                    <Table.ColumnHeader>Número</Table.ColumnHeader>
                    <Table.ColumnHeader>Estado</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="right">Valor</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((n) => (
                    <Table.Row key={n._id} data-testid="invoice-note">
                      <Table.Cell>{n.resource === 'credit-note' ? 'Nota de crédito' : 'Nota de débito'}</Table.Cell>
                      <Table.Cell>
                        <Link asChild colorPalette="blue">
                          <RouterLink to={`${siblingPath(basePath, n.resource)}/${encodeURIComponent(n._id)}`}>{n.numero ?? 'Borrador'}</RouterLink>
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <StatusBadge status={n.status} />
                      </Table.Cell>
                      <Table.Cell textAlign="right">{money(n.importeTotal)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Amount({ label, value, strong, testId }: { label: string; value: number; strong?: boolean; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <HStack>
        <Text fontSize={strong ? 'xl' : 'md'} fontWeight={strong ? 'bold' : 'normal'} data-testid={testId}>
          {money(value)}
        </Text>
      </HStack>
    </Stack>
  );
}
