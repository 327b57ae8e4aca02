/**
 * The progress dialog of "Emitir seleccionados" (IssueSelectedAction.tsx): a progress bar (answered
 * of total) and each document's número, status and the SRI's (or the signer's) message. Loaded on
 * first use; the action keeps the batch's state.
 * @example <IssueBatchDialog open running error={undefined} batch={batch} answered={3} total={10} labels={labels} onClose={close} />
 */
import { Alert, Box, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { plural } from '../format.ts';
import type { BatchItem, BatchState } from './IssueSelectedAction.tsx';

const messageOf = (item: BatchItem) => {
  const m = item.mensajes[0];
  if (!m?.mensaje) return '';
  return `${m.identificador && !/^[A-Z_]+$/.test(m.identificador) ? `[${m.identificador}] ` : ''}${m.mensaje}${m.informacionAdicional ? `: ${m.informacionAdicional}` : ''}`;
};

export interface IssueBatchDialogProps {
  open: boolean;
  /** The batch is still being sent or answered (the dismiss button then says it keeps going). */
  running: boolean;
  error?: string;
  batch?: BatchState;
  /** Documents answered so far (authorised + rejected), of `total`. */
  answered: number;
  total: number;
  /** A draft's label (its row in the list) while it has no número yet, by _id. */
  labels: ReadonlyMap<string, string>;
  onClose: () => void;
}

export function IssueBatchDialog({ open, running, error, batch, answered, total, labels, onClose: close }: IssueBatchDialogProps) {
  return (
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
                    <Table.Cell whiteSpace="nowrap">{item.numero ?? labels.get(item._id) ?? 'Borrador'}</Table.Cell>
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
  );
}
