/**
 * "Emitir seleccionados" on every comprobante list (list.json `bulkActions: [{name: 'issue-batch'}]`,
 * DESIGN.md §14): sends the selected drafts to `POST /api/{resource}/issue-batch`, then follows
 * `GET /api/batch/{_id}` in a dialog: a progress bar (answered of total) and each document's
 * número, status and the SRI's (or the signer's) message, until the batch is TERMINADO. Shown to
 * users who may issue this type; closing the dialog clears the selection and reloads the list.
 * @example <IssueSelectedAction entry={invoiceEntry} rows={selectedDrafts} onDone={clearSelection} />
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { api, ApiError } from '../../engine/api-client.ts';
import { apiPathOf, permissionOf } from '../../engine/schema-registry.ts';
import { can, useSession } from '../../engine/session.ts';
import { invalidate } from '../../engine/resources.ts';
// Closed until the user acts: its code loads after the list's first screen (LazyDialog.tsx).
import { LazyDialogFrame as DialogFrame } from '../LazyDialog.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import type { BulkActionProps } from '../list/list-actions.ts';
import { money, plural } from '../format.ts';

interface BatchItem {
  _id: string;
  numero: string | null;
  status: string;
  mensajes: Array<{ identificador?: string; mensaje?: string; informacionAdicional?: string }>;
}
interface BatchState {
  status: 'EN_PROCESO' | 'TERMINADO';
  total: number;
  authorised: number;
  rejected: number;
  pending: number;
  items: BatchItem[];
}

/** How often the dialog asks for the batch's progress, ms. */
const POLL_MS = 700;

const messageOf = (item: BatchItem) => {
  const m = item.mensajes[0];
  if (!m?.mensaje) return '';
  return `${m.identificador && !/^[A-Z_]+$/.test(m.identificador) ? `[${m.identificador}] ` : ''}${m.mensaje}${m.informacionAdicional ? `: ${m.informacionAdicional}` : ''}`;
};

export default function IssueSelectedAction({ entry, rows, onDone }: BulkActionProps) {
  const user = useSession();
  const apiPath = apiPathOf(entry);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [batch, setBatch] = useState<BatchState | undefined>();
  const [batchId, setBatchId] = useState<string | undefined>();
  // The draft's label (its row in the list) while it has no número yet.
  const labels = useRef(new Map<string, string>());

  useEffect(() => {
    if (!batchId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { data } = await api.get<BatchState>(`/api/batch/${batchId}`);
        if (stopped) return;
        setBatch(data);
        if (data.status === 'TERMINADO') {
          void invalidate(apiPath);
          return;
        }
      } catch (err) {
        if (stopped) return;
        setError(err instanceof ApiError ? err.message : 'No se pudo consultar el avance de la emisión');
      }
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [batchId, apiPath]);

  if (!can(user, permissionOf(entry), 'issue')) return null;

  const start = async () => {
    labels.current = new Map(rows.map((r) => [r._id, `${String(r.razonSocialComprador ?? '')} ${r.importeTotal !== undefined ? money(r.importeTotal) : ''}`.trim()]));
    setOpen(true);
    setStarting(true);
    setError(undefined);
    setBatch(undefined);
    try {
      const { data } = await api.send<{ batch: string }>('POST', `${apiPath}/issue-batch`, { ids: rows.map((r) => r._id) });
      setBatchId(data.batch);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo iniciar la emisión');
    } finally {
      setStarting(false);
    }
  };
  const close = () => {
    setOpen(false);
    setBatchId(undefined);
    setBatch(undefined);
    void invalidate(apiPath);
    onDone();
  };
  const running = starting || (batchId !== undefined && batch?.status !== 'TERMINADO' && !error);
  const answered = batch ? batch.authorised + batch.rejected : 0;
  const total = batch?.total ?? rows.length;

  return (
    <>
      <Button size="sm" colorPalette="blue" variant="outline" disabled={rows.length === 0} onClick={start}>
        <LuSend /> Emitir seleccionados{rows.length ? ` (${rows.length})` : ''}
      </Button>
      <DialogFrame open={open} size="lg" title="Emitir seleccionados" cancelLabel={running ? 'Seguir en segundo plano' : 'Cerrar'} onClose={close}>
        <Stack gap="4">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Progress.Root value={answered} max={Math.max(total, 1)} colorPalette={batch?.rejected ? 'orange' : 'blue'} data-testid="batch-progress">
            <HStack justify="space-between">
              <Progress.Label fontSize="sm">
                {batch?.status === 'TERMINADO' ? `Terminado: ${plural(batch.authorised, 'autorizado', 'autorizados')}, ${plural(batch.rejected, 'rechazado', 'rechazados')} de ${total}` : `Emitiendo ${answered} de ${total}…`}
              </Progress.Label>
              <Progress.ValueText fontSize="sm" />
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {batch && (
            <Box maxH="50vh" overflowY="auto" borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" stickyHeader data-testid="batch-items">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Documento</Table.ColumnHeader>
                    <Table.ColumnHeader>Estado</Table.ColumnHeader>
                    <Table.ColumnHeader>Mensaje</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {batch.items.map((item) => (
                    <Table.Row key={item._id} data-status={item.status}>
                      <Table.Cell whiteSpace="nowrap">{item.numero ?? labels.current.get(item._id) ?? 'Borrador'}</Table.Cell>
                      <Table.Cell>{item.status === 'FALLIDA' ? <StatusBadge status="BORRADOR" /> : <StatusBadge status={item.status} />}</Table.Cell>
                      <Table.Cell>
                        <Text fontSize="xs" color={item.status === 'AUTORIZADA' ? 'fg.muted' : 'fg.error'}>
                          {item.status === 'FALLIDA' ? `No se emitió: ${messageOf(item)}` : item.status === 'AUTORIZADA' ? '' : messageOf(item)}
                        </Text>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      </DialogFrame>
    </>
  );
}
