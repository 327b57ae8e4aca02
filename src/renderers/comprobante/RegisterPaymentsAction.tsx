/**
 * "Registrar cobro" on the selected facturas or notas de débito of a list (list.json `bulkActions:
 * [{name: 'register-payment', when: {paymentStatus: [...]}}]`): one fecha, forma de pago (SRI tabla
 * 24) and referencia for all (the payment schema's fields, drawn by SchemaForm), each document paid its whole saldo (`POST <api>/{_id}/payments`, one
 * after the other), and what happened to each: paid, or the server's Spanish reason. Shown to a role
 * that may record payments ('payment' create).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { LuHandCoins } from 'react-icons/lu';
import { api, ApiError } from '../../engine/api-client.ts';
import { apiPathOf, useSchema } from '../../engine/schema-registry.ts';
import { can, useSession } from '../../engine/session.ts';
import { paymentFormEntry } from './payment-form-entry.ts';
import { guayaquilDate } from '../../../core/guayaquil-date.ts';
// Closed until the user acts: its code loads after the list's first screen (LazyDialog.tsx).
import { LazyDialogFrame as DialogFrame } from '../LazyDialog.tsx';
import { money } from '../format.ts';
import type { BulkActionProps } from '../list/list-actions.ts';

// The form engine (rjsf, ajv: the largest chunk of the app) loads when the dialog first opens, not
// with every list that offers this action (the facturas list is the first screen; issue 30).
const loadSchemaForm = () => import('../SchemaForm.tsx');
const SchemaForm = lazy(() => loadSchemaForm().then((m) => ({ default: m.SchemaForm })));

type Outcome = { _id: string; numero: string; valor: number; ok: boolean; message: string };

export default function RegisterPaymentsAction({ entry, rows, onDone }: BulkActionProps) {
  const user = useSession();
  const [open, setOpen] = useState(false);
  // Once opened, the form stays mounted (the dialog's closing animation keeps its body).
  const [opened, setOpened] = useState(false);
  const [form, setForm] = useState<{ fecha?: string; formaPago?: string; referencia?: string }>({ fecha: guayaquilDate(new Date()), formaPago: '20' });
  // Fecha, forma de pago and referencia from the payment schema (the valor is each document's saldo).
  const paymentEntry = useSchema('payment');
  const formEntry = useMemo(() => paymentFormEntry(paymentEntry, ['fecha', 'formaPago', 'referencia']), [paymentEntry]);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  if (!user || !can(user, 'payment', 'create')) return null;
  const payable = rows.filter((r) => typeof r.saldo === 'number' && (r.saldo as number) > 0);
  const total = payable.reduce((s, r) => s + (r.saldo as number), 0);
  const base = apiPathOf(entry);
  const run = async () => {
    setBusy(true);
    const done: Outcome[] = [];
    for (const r of payable) {
      const valor = r.saldo as number;
      try {
        await api.send('POST', `${base}/${encodeURIComponent(r._id)}/payments`, { fecha: form.fecha, formaPago: form.formaPago, valor, ...(form.referencia?.trim() ? { referencia: form.referencia.trim() } : {}) });
        done.push({ _id: r._id, numero: String(r.numero ?? ''), valor, ok: true, message: 'Pagada' });
      } catch (err) {
        done.push({ _id: r._id, numero: String(r.numero ?? ''), valor, ok: false, message: err instanceof ApiError && typeof err.body === 'object' ? String(err.body.message) : 'No se pudo registrar' });
      }
      setOutcomes([...done]);
    }
    setBusy(false);
  };
  const close = () => {
    setOpen(false);
    if (outcomes) onDone();
    setOutcomes(null);
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={payable.length === 0}
        onPointerEnter={() => void loadSchemaForm()}
        onFocus={() => void loadSchemaForm()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <LuHandCoins /> Registrar cobro{payable.length ? ` (${payable.length})` : ''}
      </Button>
      <DialogFrame
        open={open}
        title={`Registrar cobro de ${payable.length} ${payable.length === 1 ? 'comprobante' : 'comprobantes'}`}
        size="lg"
        cancelLabel={outcomes ? 'Cerrar' : 'Cancelar'}
        action={outcomes ? undefined : { label: `Registrar ${money(total)}`, colorPalette: 'blue', busy, disabled: payable.length === 0, onClick: () => void run() }}
        onClose={close}
      >
        <Stack gap="3">
          <Text fontSize="sm">Cada comprobante se paga por su saldo completo, con la misma fecha, forma de pago y referencia.</Text>
          {!outcomes && (
            <>
              {opened && formEntry && (
                <Suspense fallback={<Spinner size="sm" aria-label="Cargando" />}>
                  <SchemaForm
                    entry={formEntry}
                    inline
                    editing={false}
                    idPrefix="bulk-payment"
                    formData={form}
                    disabled={busy}
                    onChange={(d) => setForm(d as typeof form)}
                    onSubmit={() => void run()}
                  />
                </Suspense>
              )}
            </>
          )}
          <Table.Root size="sm" data-testid="bulk-payments">
            <Table.Body>
              {payable.map((r) => {
                const o = outcomes?.find((x) => x._id === r._id);
                return (
                  <Table.Row key={r._id}>
                    <Table.Cell>{String(r.numero ?? '')}</Table.Cell>
                    <Table.Cell>{String(r.razonSocialComprador ?? '')}</Table.Cell>
                    <Table.Cell textAlign="right" whiteSpace="nowrap">
                      {money(r.saldo)}
                    </Table.Cell>
                    <Table.Cell color={o ? (o.ok ? 'green.600' : 'fg.error') : undefined}>{o?.message ?? ''}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Stack>
      </DialogFrame>
    </>
  );
}
