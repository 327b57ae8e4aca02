/** Customer lookup for the editor, with quick-create in a dialog (the customer schema's own form). */
import { useState } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Box } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { saveRecord, type Row } from '../../engine/resources.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { writableData } from '../../engine/form-schema.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { RefSelect } from '../widgets/RefSelect.tsx';

export function CustomerPicker({ value, onChange, disabled }: { value?: string; onChange: (id: string | undefined, row?: Row) => void; disabled: boolean }) {
  const entry = useSchema('customer');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const creation = useMutation({
    mutationFn: (data: Record<string, unknown>) => saveRecord({ resource: 'customer', body: writableData(entry!.schema, data) }),
    success: 'Cliente creado',
    onSuccess: (created) => {
      onChange(String(created._id), created);
      setOpen(false);
      setDraft({});
    },
  });
  const create = (data: Record<string, unknown>) => {
    if (entry) void creation.mutate(data);
  };
  const details = creation.details;
  const busy = creation.isPending;
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
