/**
 * A record lookup (search `/api/<resource>` by name or identification) with "Nuevo <noun>" in a
 * dialog: the resource's own schema form, so the SRI identification checks and the fields are the
 * same as on its list screen. The created record is chosen at once. Used for the factura's customer,
 * the liquidación's supplier and, through RefWidget's `ui:options.create`, any schema form's `x-ref`
 * field (the guía's transportista).
 * @example <RefPickerWithCreate resource="supplier" noun="proveedor" label="Proveedor" inputId="settlement-supplier" value={d.supplier} disabled={false} onChange={(id) => update({ supplier: id })} />
 */
import { useState } from 'react';
import { Box, Button, HStack } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { saveRecord, type Row } from '../../engine/resources.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { writableData } from '../../engine/form-schema.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { RefSelect } from './RefSelect.tsx';

export interface RefPickerWithCreateProps {
  resource: string;
  /** Spanish noun, lower case ("cliente", "proveedor"): "Nuevo cliente", "Crear cliente", "Cliente creado". */
  noun: string;
  label: string;
  inputId: string;
  /** The create button's visible text (default "Nuevo <noun>"); its accessible name is always "Nuevo <noun>". */
  buttonText?: string;
  value?: string;
  onChange: (id: string | undefined, row?: Row) => void;
  disabled: boolean;
  /** Whether the choice may be cleared (an optional field). */
  clearable?: boolean;
}

export function RefPickerWithCreate({ resource, noun, label, inputId, buttonText, value, onChange, disabled, clearable }: RefPickerWithCreateProps) {
  const entry = useSchema(resource);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const creation = useMutation({
    mutationFn: (data: Record<string, unknown>) => saveRecord({ resource, body: writableData(entry!.schema, data) }),
    success: `${noun[0]!.toUpperCase()}${noun.slice(1)} creado`,
    invalidates: [`/api/${resource}`],
    onSuccess: (created) => {
      onChange(String(created._id), created);
      setOpen(false);
      setDraft({});
    },
  });
  const busy = creation.isPending;
  return (
    <HStack gap="2" align="flex-start" w="full">
      <Box flex="1" minW="220px">
        <RefSelect resource={resource} value={value} onChange={onChange} inputId={inputId} label={label} placeholder={`Buscar ${noun} por nombre o identificación…`} disabled={disabled} clearable={clearable} />
      </Box>
      {!disabled && (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Nuevo ${noun}`}>
          <LuUserPlus /> {buttonText ?? `Nuevo ${noun}`}
        </Button>
      )}
      <DialogFrame open={open} title={`Nuevo ${noun}`} footer={false} onClose={() => setOpen(false)}>
        {entry && (
          <SchemaForm entry={entry} idPrefix={`new-${resource}`} editing={false} formData={draft} onChange={setDraft} onSubmit={(data) => void creation.mutate(data)} serverErrors={creation.details} disabled={busy}>
            <HStack justify="flex-end" mt="4">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" colorPalette="blue" loading={busy}>
                Crear {noun}
              </Button>
            </HStack>
          </SchemaForm>
        )}
      </DialogFrame>
    </HStack>
  );
}
