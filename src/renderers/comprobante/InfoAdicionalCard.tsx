/**
 * The "Información adicional" section of a comprobante (SRI infoAdicional: nombre and valor): the
 * schema's `infoAdicional` array edited as rows (SchemaArrayField; how many rows, the fields and
 * their limits come from the schema, the layout from the schema folder's ui.json). Memoised on its
 * own rows, so typing in a line does not redraw it; an issued comprobante without any shows nothing.
 * @example <InfoAdicionalCard entry={entry} infoAdicional={d.infoAdicional} readOnly={false} update={update} />
 */
import { memo, useCallback } from 'react';
import { Card, Heading } from '@chakra-ui/react';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import { SchemaArrayField } from '../SchemaArrayField.tsx';
import { infoAdicionalFromRows, type InvoiceDraft } from './sale-model.ts';

interface Props {
  /** The comprobante's schema entry: its `infoAdicional` property and uiSchema draw the rows. */
  entry: SchemaEntry;
  infoAdicional: InvoiceDraft['infoAdicional'];
  readOnly: boolean;
  update: (patch: Pick<InvoiceDraft, 'infoAdicional'>) => void;
}

export const InfoAdicionalCard = memo(function InfoAdicionalCard({ entry, infoAdicional, readOnly, update }: Props) {
  const onRows = useCallback((rows: Array<Record<string, unknown>>) => update({ infoAdicional: infoAdicionalFromRows(rows) }), [update]);
  if (readOnly && infoAdicional.length === 0) return null;
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Información adicional</Heading>
      </Card.Header>
      <Card.Body>
        <SchemaArrayField entry={entry} property="infoAdicional" value={infoAdicional} disabled={readOnly} onChange={onRows} />
      </Card.Body>
    </Card.Root>
  );
});
