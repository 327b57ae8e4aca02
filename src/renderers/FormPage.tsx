/**
 * The create/edit screen of any schema: loads the record, renders SchemaForm, saves (POST, or PUT /
 * the schema's `x-update-method`), shows the server's `details` on their fields, guards unsaved
 * changes, offers delete with a confirmation, and goes back to the list after saving. A schema
 * that names a custom renderer (`x-renderer`) is handed to it.
 * @example <FormPage schemaName="product" basePath="/invoicing/product" id="new" />
 */
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, Flex, Heading, HStack, Spinner } from '@chakra-ui/react';
import { LuSave, LuTrash2 } from 'react-icons/lu';
import { ApiError, errorMessage } from '../engine/api-client.ts';
import { useSchema, type SchemaEntry } from '../engine/schema-registry.ts';
import { deleteRecord, saveRecord, useRecord } from '../engine/resources.ts';
import { writableData } from '../engine/form-schema.ts';
import { accessTo } from '../engine/access.ts';
import { notify } from '../engine/notify.ts';
import { useSession } from '../engine/session.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { customRenderer } from './custom-renderers.ts';
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
  const Custom = customRenderer(entry.schema['x-renderer']);
  if (Custom) {
    return (
      <Suspense fallback={<Spinner aria-label="Cargando" />}>
        <Custom entry={entry} id={p.id} basePath={p.basePath} />
      </Suspense>
    );
  }
  return <GenericForm {...p} entry={entry} />;
}

type Details = Array<{ path: string; message: string }>;

function GenericForm({ entry, basePath, id, apiParams }: FormPageProps & { entry: SchemaEntry }) {
  const navigate = useNavigate();
  const access = accessTo(useSession(), entry);
  const editing = id !== 'new';
  const { record, isLoading } = useRecord({ resource: entry.name, apiParams, id: editing ? id : undefined });
  const [data, setData] = useState<Record<string, unknown> | null>(editing ? null : {});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Details>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useUnsavedGuard(dirty && !saving);

  useEffect(() => {
    if (record && data === null) setData(record);
  }, [record, data]);

  const mayWrite = editing ? access.update : access.create;

  const save = async (formData: Record<string, unknown>) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      await saveRecord({ resource: entry.name, apiParams, id: editing ? id : undefined, body: writableData(entry.schema, formData) });
      setDirty(false);
      notify('success', editing ? 'Cambios guardados' : 'Registro creado');
      navigate(basePath);
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object') setServerErrors(err.body.details);
      notify('danger', errorMessage(err, 'No se pudo guardar'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await deleteRecord({ resource: entry.name, apiParams, id });
      setDirty(false);
      notify('success', 'Registro eliminado');
      navigate(basePath);
    } catch (err) {
      notify('danger', errorMessage(err, 'No se pudo eliminar'));
      setConfirmDelete(false);
    }
  };

  if (editing && (isLoading || data === null)) {
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
          serverErrors={serverErrors}
          onChange={(d, byUser) => {
            setData(d);
            if (byUser) setDirty(true);
          }}
          onSubmit={save}
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
