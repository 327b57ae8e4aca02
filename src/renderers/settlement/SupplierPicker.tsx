/**
 * Supplier lookup for the liquidación editor (search /api/supplier by name or identification), with
 * "Nuevo proveedor" in a dialog: the supplier schema's own form (src/schemas/supplier), so the SRI
 * identification checks and the schema's fields are the same as on the Proveedores screen.
 * @example <SupplierPicker value={d.supplier} disabled={false} onChange={(supplier) => update({ supplier })} />
 */
import { useState } from 'react';
import { Box, Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { saveRecord, type Row } from '../../engine/resources.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { writableData } from '../../engine/form-schema.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { RefSelect } from '../widgets/RefSelect.tsx';

export function SupplierPicker({ value, onChange, disabled }: { value?: string; onChange: (id: string | undefined, row?: Row) => void; disabled: boolean }) {
  const entry = useSchema('supplier');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const creation = useMutation({
    mutationFn: (data: Record<string, unknown>) => saveRecord({ resource: 'supplier', body: writableData(entry!.schema, data) }),
    success: 'Proveedor creado',
    invalidates: ['/api/supplier'],
    onSuccess: (created) => {
      onChange(String(created._id), created);
      setOpen(false);
      setDraft({});
    },
  });
  const busy = creation.isPending;
  return (
    <HStack gap="2" align="flex-start">
      <Box flex="1" minW="220px">
        <RefSelect resource="supplier" value={value} onChange={onChange} inputId="settlement-supplier" label="Proveedor" placeholder="Buscar proveedor por nombre o identificación…" disabled={disabled} />
      </Box>
      {!disabled && (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label="Nuevo proveedor">
          <LuUserPlus /> Nuevo proveedor
        </Button>
      )}
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Nuevo proveedor</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {entry && (
                  <SchemaForm entry={entry} editing={false} formData={draft} onChange={setDraft} onSubmit={(data) => void creation.mutate(data)} serverErrors={creation.details} disabled={busy}>
                    <HStack justify="flex-end" mt="4">
                      <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                        Cancelar
                      </Button>
                      <Button type="submit" colorPalette="blue" loading={busy}>
                        Crear proveedor
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
