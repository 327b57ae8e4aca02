/**
 * The "Pagos" card of an issued factura, nota de débito or liquidación de compra (DESIGN.md §12):
 * the document's saldo, its payment status (Pendiente, Parcial, Pagada, Vencida) and due date, the
 * payments recorded on it (`GET <apiPath>/{_id}/payments`), a form to register one (fecha, forma de
 * pago of SRI tabla 24, valor, referencia: the payment schema's fields drawn by SchemaForm; `POST …/payments`; the server refuses more than the
 * saldo and says so), and delete with a confirmation (`DELETE …/payments/{paymentId}`). After each
 * change the document is read again, so its saldo and status follow. Nothing for a document that is
 * not in the books (a draft, a rejected or annulled one: saldo null).
 * @example <DocumentPaymentsCard record={record} apiPath="/api/invoice" onChanged={setRecord} />
 */
import { useMemo, useState } from 'react';
import { Box, Button, Card, Flex, Heading, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { request } from '../../engine/api-client.ts';
import { useApiData } from '../../engine/useApiData.ts';
import { useCatalog } from '../../engine/catalogs.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { paymentFormEntry, PAYMENT_INPUT_FIELDS } from './payment-form-entry.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { PaymentStatusBadge } from '../PaymentStatusBadge.tsx';
import { date, money } from '../format.ts';

/** A payment as `GET …/payments` gives it (valor USD). */
interface Payment {
  _id: string;
  fecha: string;
  formaPago: string;
  valor: number;
  referencia: string | null;
  recordedBy: string | null;
}

interface Props {
  /** The API view of the issued document (saldo, paymentStatus, dueDate, importeTotal). */
  record: Record<string, unknown>;
  /** `/api/invoice`, `/api/debit-note`, `/api/purchase-settlement`. */
  apiPath: string;
  /** The document read again after a payment is registered or deleted. */
  onChanged: (record: Record<string, unknown>) => void;
}

/** What the form holds: the payment schema's writable fields (src/schemas/payment). */
type PaymentInput = { fecha?: string; formaPago?: string; valor?: number; referencia?: string };

const blank = (saldo: number): PaymentInput => ({ fecha: guayaquilDate(new Date()), formaPago: '20', valor: saldo > 0 ? saldo : undefined });

export function DocumentPaymentsCard({ record, apiPath, onChanged }: Props) {
  const saldo = typeof record.saldo === 'number' ? record.saldo : null;
  const base = `${apiPath}/${encodeURIComponent(String(record._id))}`;
  const { data: payments, mutate: reload } = useApiData<Payment[]>({ path: saldo === null ? null : `${base}/payments` });
  const { labelOf } = useCatalog('forma_pago');
  const [form, setForm] = useState<PaymentInput | null>(null);
  const [toDelete, setToDelete] = useState<Payment | null>(null);
  // The form's fields come from the payment schema (with the company's layers), drawn by the engine.
  const paymentEntry = useSchema('payment');
  const formEntry = useMemo(() => paymentFormEntry(paymentEntry, PAYMENT_INPUT_FIELDS), [paymentEntry]);
  const refresh = async () => {
    await reload();
    onChanged((await request<Record<string, unknown>>({ path: base })).data);
  };
  const register = useMutation({
    request: (body: PaymentInput) => ({ method: 'POST', path: `${base}/payments`, body: { fecha: body.fecha, formaPago: body.formaPago, valor: body.valor, ...(body.referencia?.trim() ? { referencia: body.referencia.trim() } : {}) } }),
    success: 'Pago registrado',
    notifyError: false,
    onSuccess: async () => {
      setForm(null);
      await refresh();
    },
  });
  const removal = useMutation({
    request: (p: Payment) => ({ method: 'DELETE', path: `${base}/payments/${encodeURIComponent(p._id)}` }),
    success: 'Pago eliminado',
    onSuccess: async () => {
      setToDelete(null);
      await refresh();
    },
  });
  if (saldo === null) return null;
  const fieldError = (path: string) => register.details?.find((d) => d.path === path || d.path === `/${path}`)?.message;
  return (
    <Card.Root data-testid="payments-card">
      <Card.Header pb="0">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            <Heading as="h3" size="sm">
              Pagos
            </Heading>
            <PaymentStatusBadge status={record.paymentStatus as string | null} />
          </HStack>
          <HStack gap="4" wrap="wrap" fontSize="sm">
            <Text>
              Saldo:{' '}
              <Text as="span" fontWeight="bold" data-testid="saldo">
                {money(saldo)}
              </Text>
            </Text>
            {typeof record.dueDate === 'string' && <Text color="fg.muted">Vence el {date(record.dueDate)}</Text>}
            {!form && saldo > 0 && (
              <Button size="xs" colorPalette="blue" onClick={() => (register.reset(), setForm(blank(saldo)))}>
                <LuPlus /> Registrar pago
              </Button>
            )}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {form && formEntry && (
            <Box role="form" borderWidth="1px" borderRadius="md" p="3" aria-label="Registrar pago">
              <SchemaForm
                entry={formEntry!}
                editing={false}
                idPrefix="payment"
                formData={form}
                disabled={register.isPending}
                onChange={(d) => setForm(d as PaymentInput)}
                onSubmit={(d) => void register.mutate(d as PaymentInput)}
              >
                <HStack gap="2" mt="3">
                  <Button size="sm" type="submit" colorPalette="blue" loading={register.isPending}>
                    Guardar pago
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setForm(null)}>
                    Cancelar
                  </Button>
                </HStack>
              </SchemaForm>
              {register.error && (
                <Text color="fg.error" fontSize="sm" mt="2" role="alert">
                  {fieldError('valor') ?? register.error}
                </Text>
              )}
            </Box>
          )}
          {payments && payments.length === 0 && !form && <Text color="fg.muted">Sin pagos registrados.</Text>}
          {payments && payments.length > 0 && (
            <Box overflowX="auto" borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" data-testid="payments">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                    <Table.ColumnHeader>Forma de pago</Table.ColumnHeader>
                    <Table.ColumnHeader>Referencia</Table.ColumnHeader>
                    <Table.ColumnHeader>Registrado por</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="right">Valor</Table.ColumnHeader>
                    <Table.ColumnHeader w="1%" />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {payments.map((p) => (
                    <Table.Row key={p._id}>
                      <Table.Cell>{date(p.fecha)}</Table.Cell>
                      <Table.Cell>{labelOf(p.formaPago)}</Table.Cell>
                      <Table.Cell>{p.referencia}</Table.Cell>
                      <Table.Cell>{p.recordedBy}</Table.Cell>
                      <Table.Cell textAlign="right">{money(p.valor)}</Table.Cell>
                      <Table.Cell>
                        <IconButton aria-label={`Eliminar el pago de ${money(p.valor)}`} size="xs" variant="ghost" colorPalette="red" onClick={() => setToDelete(p)}>
                          <LuTrash2 />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="¿Eliminar este pago?"
        body={toDelete ? `El pago de ${money(toDelete.valor)} del ${date(toDelete.fecha)} se elimina y el saldo vuelve a subir. Queda registrado en la auditoría.` : undefined}
        confirmLabel="Eliminar pago"
        busy={removal.isPending}
        onConfirm={() => toDelete && void removal.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Card.Root>
  );
}
