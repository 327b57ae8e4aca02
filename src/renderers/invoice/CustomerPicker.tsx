/** Customer lookup for the editor, with quick-create in a dialog (the customer schema's own form). */
import { useState } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Box } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { ApiError, errorMessage, request } from '../../engine/api-client.ts';
import { invalidate, type Row } from '../../engine/resources.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { writableData } from '../../engine/form-schema.ts';
import { notify } from '../../engine/notify.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { RefSelect, useRefSource } from '../widgets/RefSelect.tsx';

export function CustomerPicker({ value, onChange, disabled }: { value?: string; onChange: (id: string | undefined, row?: Row) => void; disabled: boolean }) {
  const { apiPath } = useRefSource('customer');
  const entry = useSchema('customer');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [details, setDetails] = useState<Array<{ path: string; message: string }>>();
  const [busy, setBusy] = useState(false);
  const create = async (data: Record<string, unknown>) => {
    if (!entry) return;
    setBusy(true);
    try {
      const { data: created } = await request<Row>({ method: 'POST', path: apiPath, body: writableData(entry.schema, data), kind: 'form' });
      await invalidate(apiPath);
      onChange(String(created._id), created);
      setOpen(false);
      setDraft({});
      notify('success', 'Cliente creado');
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object') setDetails(err.body.details);
      notify('danger', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="2" align="flex-start">
      <Box flex="1" minW="220px">
        <RefSelect resource="customer" value={value} onChange={onChange} inputId="invoice-customer" label="Cliente" placeholder="Buscar cliente por nombre o identificación…" disabled={disabled} />
      </Box>
      {!disabled && (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label="Nuevo cliente">
          <LuUserPlus /> Nuevo
        </Button>
      )}
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Nuevo cliente</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {entry && (
                  <SchemaForm entry={entry} editing={false} formData={draft} onChange={setDraft} onSubmit={create} serverErrors={details} disabled={busy}>
                    <HStack justify="flex-end" mt="4">
                      <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                        Cancelar
                      </Button>
                      <Button type="submit" colorPalette="blue" loading={busy}>
                        Crear cliente
                      </Button>
                    </HStack>
                  </SchemaForm>
                )}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Cerrar" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
