/**
 * "Agregar campo" / "Editar campo" of the screen editor: the form of src/schemas/screen-field
 * (title, kind, required, help, and each kind's limits: characters, minimum and maximum, decimals,
 * the list's options, the referred screen), drawn by the engine's SchemaForm. The screens a
 * reference may point at come from the server's preview (`refTargets`) and are put into the
 * schema as the `ref` field's choices; on a comprobante the text's limit says the SRI's 300.
 * @example <FieldDialog open field={null} refTargets={p.refTargets} comprobante onSave={(f) => …} onClose={close} />
 */
import { useMemo, useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { useSchema, type JsonSchema, type SchemaEntry } from '../../engine/schema-registry.ts';
import { DialogFrame } from '../ConfirmDialog.tsx';
import { SchemaForm } from '../SchemaForm.tsx';
import { fieldFormOf, type FieldForm } from './screen-model.ts';

interface Props {
  open: boolean;
  /** The field being edited; null adds a new one. */
  field: FieldForm | null;
  refTargets: Array<{ name: string; title: string }>;
  /** A comprobante's fields go to infoAdicional: text up to 300 characters. */
  comprobante: boolean;
  onSave: (field: FieldForm) => void;
  onClose: () => void;
}

type Variant = { properties: Record<string, JsonSchema> };

/** screen-field with the reference's choices and the comprobante's text limit filled in. */
function fieldEntry(base: SchemaEntry, refTargets: Props['refTargets'], comprobante: boolean): SchemaEntry {
  const schema = structuredClone(base.schema) as JsonSchema & { dependencies?: { kind?: { oneOf?: Variant[] } } };
  // The dialog's title says what it is; the schema's description is for the schema's readers.
  delete schema.description;
  for (const variant of schema.dependencies?.kind?.oneOf ?? []) {
    const p = variant.properties;
    if (p.kind?.const === 'ref' && p.ref) p.ref = { ...p.ref, oneOf: refTargets.map((t) => ({ const: t.name, title: t.title })) };
    if (p.kind?.const === 'text' && comprobante) {
      p.maxLength = { ...p.maxLength, maximum: 300 };
      p.minLength = { ...p.minLength, maximum: 300 };
    }
  }
  return { ...base, schema };
}

export function FieldDialog(p: Props) {
  const base = useSchema('screen-field');
  const entry = useMemo(() => (base ? fieldEntry(base, p.refTargets, p.comprobante) : null), [base, p.refTargets, p.comprobante]);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [shownFor, setShownFor] = useState<FieldForm | null | undefined>(undefined);
  // Start from the field each time the dialog opens for it.
  if (p.open && shownFor !== p.field) {
    setShownFor(p.field);
    setData(p.field ? { ...p.field } : { kind: 'text', required: false });
  }
  if (!p.open && shownFor !== undefined) setShownFor(undefined);
  if (!entry) return null;
  return (
    <DialogFrame open={p.open} title={p.field ? `Editar campo: ${p.field.title}` : 'Agregar campo'} size="lg" footer={false} onClose={p.onClose}>
      <SchemaForm entry={entry} formData={data} editing={Boolean(p.field)} onChange={(d) => setData(d)} onSubmit={(d) => p.onSave(fieldFormOf(d))}>
        <HStack justify="flex-end" mt="6">
          <Button type="button" variant="outline" onClick={p.onClose}>
            Cancelar
          </Button>
          <Button type="submit" colorPalette="blue">
            {p.field ? 'Aplicar' : 'Agregar'}
          </Button>
        </HStack>
      </SchemaForm>
    </DialogFrame>
  );
}
