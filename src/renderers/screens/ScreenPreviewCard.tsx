/**
 * "Vista previa" of the screen editor: the form and the list as the company's users will see them
 * with the draft, drawn by the engine's own renderers from the server's merge of the draft (the
 * same one a save makes). On a comprobante the form part is its "Campos de la empresa" card, the
 * part of the comprobante's editor the company changes; the list shows a few of the company's own
 * records with the draft's columns and filters. Nothing here is saved.
 * @example <ScreenPreviewCard entry={previewEntry} comprobante={false} withRows />
 */
import { useMemo, useState } from 'react';
import { Box, Card, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { resolveApiPath, type SchemaEntry } from '../../engine/schema-registry.ts';
import { useApiData } from '../../engine/useApiData.ts';
import type { Row } from '../../engine/resources.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { CustomFieldsCard } from '../comprobante/CustomFieldsCard.tsx';
import { ListFilters } from '../list/ListFilters.tsx';
import { ListTable } from '../list/ListTable.tsx';
import { columnsOf } from '../list/list-options.ts';

const nothing = () => undefined;

/** The screen without `ui:autofocus`: the preview must not take the focus from the editor. */
function withoutAutofocus(entry: SchemaEntry): SchemaEntry {
  const ui = Object.fromEntries(Object.entries(entry.ui).filter(([k]) => k !== 'ui:autofocus').map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([kk]) => kk !== 'ui:autofocus')) : v]));
  return { ...entry, ui };
}

interface Props {
  /** The screen as the draft makes it; null until the server first answers. */
  entry: SchemaEntry | null;
  comprobante: boolean;
  /** Show some of the company's records in the list (false for a screen not saved yet). */
  withRows: boolean;
}

export function ScreenPreviewCard({ entry: shown, comprobante, withRows }: Props) {
  const entry = useMemo(() => (shown ? withoutAutofocus(shown) : null), [shown]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [filterValues, setFilterValues] = useState<Record<string, string | undefined>>({});
  const path = entry && withRows ? resolveApiPath({ resource: entry.name }) : null;
  const { data: rows, isLoading } = useApiData<Row[]>({ path, query: { per_page: 5 } });
  return (
    <Card.Root data-testid="screen-preview">
      <Card.Header>
        <Heading as="h3" size="md">
          Vista previa
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Así la verán los usuarios de la empresa. Puede probar el formulario: nada se guarda aquí.
        </Text>
      </Card.Header>
      <Card.Body>
        {!entry ? (
          <Text color="fg.muted">Preparando la vista previa…</Text>
        ) : (
          <Tabs.Root defaultValue="form" variant="line">
            <Tabs.List>
              <Tabs.Trigger value="form">Formulario</Tabs.Trigger>
              <Tabs.Trigger value="list">Lista</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="form" data-testid="preview-form">
              {comprobante ? (
                <Stack gap="3">
                  <Text fontSize="sm" color="fg.muted">
                    El editor del comprobante no cambia; la empresa le agrega esta sección.
                  </Text>
                  <CustomFieldsCard entry={entry} values={values} readOnly={false} onChange={setValues} />
                  {!Object.values(entry.schema.properties ?? {}).some((p) => p['x-custom']) && <Text color="fg.muted">Sin campos de la empresa: el comprobante se ve como siempre.</Text>}
                </Stack>
              ) : (
                <SchemaForm entry={entry} formData={values} editing={false} inline onChange={(d, byUser) => byUser && setValues(d)} onSubmit={nothing} />
              )}
            </Tabs.Content>
            <Tabs.Content value="list" data-testid="preview-list">
              <Stack gap="3">
                {entry.list.filters?.length ? <ListFilters filters={entry.list.filters} values={filterValues} onChange={(c) => setFilterValues((v) => ({ ...v, ...c }))} /> : null}
                <Box overflowX="auto" borderWidth="1px" borderRadius="md">
                  <ListTable columns={columnsOf(entry)} rows={rows ?? []} sort="" loading={withRows && isLoading} onSort={nothing} onOpen={nothing} />
                </Box>
                {!isLoading && !rows?.length && (
                  <Text fontSize="sm" color="fg.muted">
                    Todavía no hay registros para mostrar; las columnas serán estas.
                  </Text>
                )}
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
