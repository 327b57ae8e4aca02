/**
 * The create/edit screen of any schema: loads the record, renders SchemaForm, saves (POST, or PUT /
 * the schema's `x-update-method`), shows the server's `details` on their fields, guards unsaved
 * changes, offers delete with a confirmation, and goes back to the list after saving. A comprobante
 * type's schema is handed to its editor, and a schema that names a custom renderer (`x-renderer`) to
 * that renderer (custom-renderers.ts `rendererFor`).
 * @example <FormPage schemaName="product" basePath="/invoicing/product" id="new" />
 */
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, Flex, Heading, HStack, Spinner } from '@chakra-ui/react';
import { LuSave, LuTrash2 } from 'react-icons/lu';
import { useSchema, type SchemaEntry } from '../engine/schema-registry.ts';
import { accessTo } from '../engine/access.ts';
import { useSession } from '../engine/session.ts';
import { useEditController } from '../engine/useEditController.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { rendererFor } from './custom-renderers.ts';
import { useUnsavedGuard } from './useUnsavedGuard.ts';

export interface FormPageProps {
  schemaName: string;
  /** The list this form belongs to (Cancelar and a save go back there). */
  basePath: string;
  /** 'new' or a record id. */
  id: string;
  /** Values for the schema's `x-api` placeholders. */
  apiParams?: Record<string, string>;
}

export function FormPage(p: FormPageProps) {
  const entry = useSchema(p.schemaName);
  if (!entry) throw new Error(`FormPage necesita un esquema llamado "${p.schemaName}"; no hay ninguno registrado (src/schemas/${p.schemaName}/schema.json)`);
  const Custom = rendererFor(entry);
  if (Custom) {
    return (
      <Suspense fallback={<Spinner aria-label="Cargando" />}>
        <Custom entry={entry} id={p.id} basePath={p.basePath} />
      </Suspense>
    );
  }
  return <GenericForm {...p} entry={entry} />;
}

function GenericForm({ entry, basePath, id, apiParams }: FormPageProps & { entry: SchemaEntry }) {
  const navigate = useNavigate();
  const access = accessTo(useSession(), entry);
  const edit = useEditController({
    resource: entry.name,
    apiParams,
    id,
    toForm: (record): Record<string, unknown> => record,
    success: (_, created) => (created ? 'Registro creado' : 'Cambios guardados'),
    onSuccess: () => navigate(basePath),
  });
  const { editing, data, saving } = edit;
  const [confirmDelete, setConfirmDelete] = useState(false);
  useUnsavedGuard(edit.dirty && !saving);

  const mayWrite = editing ? access.update : access.create;

  const remove = async () => {
    if (await edit.remove()) navigate(basePath);
    else setConfirmDelete(false);
  };

  if (editing && (edit.isLoading || data === null)) {
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  return (
    <Card.Root maxW="4xl">
      <Card.Header>
        <Heading as="h2" size="md">
          {editing ? 'Editar' : 'Nuevo'}: {entry.schema.title ?? entry.name}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SchemaForm
          entry={entry}
          formData={data ?? {}}
          editing={editing}
          disabled={!mayWrite || saving}
          serverErrors={edit.errors}
          onChange={edit.setData}
          onSubmit={edit.save}
        >
          <HStack justify="space-between" mt="6" wrap="wrap" gap="2">
            <Box>
              {editing && access.remove && (
                <Button type="button" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
                  <LuTrash2 /> Eliminar
                </Button>
              )}
            </Box>
            <HStack>
              <Button type="button" variant="outline" onClick={() => navigate(basePath)}>
                Cancelar
              </Button>
              {mayWrite && (
                <Button type="submit" colorPalette="blue" loading={saving}>
                  <LuSave /> Guardar
                </Button>
              )}
            </HStack>
          </HStack>
        </SchemaForm>
      </Card.Body>
      <ConfirmDialog open={confirmDelete} title="¿Eliminar este registro?" body="Esta acción no se puede deshacer." onConfirm={remove} onClose={() => setConfirmDelete(false)} />
    </Card.Root>
  );
}
