/**
 * "Campos de la empresa": the fields a company added to a comprobante (Configuración > Pantallas),
 * drawn by the schema's own form (SchemaForm) in every comprobante editor, from the frame. Once
 * issued they are read as title and value (they went to the SRI in infoAdicional); nothing shows when the company
 * added none, or when an issued comprobante has no value in them.
 * @example <CustomFieldsCard entry={editor.entry} values={draftCustomValues(draft)} readOnly={readOnly} onChange={set} errors={editor.errors} />
 */
import { memo, useMemo } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import { customFieldsEntry } from '../../engine/custom-fields.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { DocumentFacts } from './issued/DocumentParts.tsx';

/** A company field's value as text: Sí/No for a yes-no field. */
const shown = (v: unknown): string => (typeof v === 'boolean' ? (v ? 'Sí' : 'No') : String(v));

interface Props {
  entry: SchemaEntry;
  values: Record<string, unknown>;
  readOnly: boolean;
  onChange?: (values: Record<string, unknown>) => void;
  /** The server's field errors (those of these fields are shown on them). */
  errors?: Array<{ path: string; message: string }>;
}

const noSubmit = () => undefined;

export const CustomFieldsCard = memo(function CustomFieldsCard({ entry, values, readOnly, onChange, errors }: Props) {
  const sub = useMemo(() => customFieldsEntry(entry), [entry]);
  const names = useMemo(() => Object.keys(sub?.schema.properties ?? {}), [sub]);
  const own = useMemo(() => errors?.filter((e) => names.includes(e.path.split('.')[0])), [errors, names]);
  if (!sub || (readOnly && !names.some((n) => values[n] !== undefined && values[n] !== ''))) return null;
  if (readOnly) {
    const props = (sub.schema.properties ?? {}) as Record<string, { title?: string }>;
    const facts = names.filter((n) => values[n] !== undefined && values[n] !== '').map((n) => ({ label: props[n]?.title ?? n, value: shown(values[n]) }));
    return <DocumentFacts title="Campos de la empresa" facts={facts} testId="custom-fields" />;
  }
  return (
    <Card.Root data-testid="custom-fields">
      <Card.Header>
        <Heading size="md">Campos de la empresa</Heading>
        <Text fontSize="sm" color="fg.muted">
          Van al SRI como información adicional, con su título.
        </Text>
      </Card.Header>
      <Card.Body>
        <SchemaForm entry={sub} formData={values} editing disabled={readOnly} inline serverErrors={own} onChange={(data, byUser) => byUser && onChange?.(data)} onSubmit={noSubmit} />
      </Card.Body>
    </Card.Root>
  );
});
