/**
 * The screen editor (`x-renderer: "screen-editor"`, Configuración > Pantallas > a screen; DESIGN.md
 * §13): the company's fields and the screen's built-in ones (ScreenFieldsCard), the list's columns
 * and filters (ScreenListCard), the live preview of the form and the list (ScreenPreviewCard), and
 * the versions with restore (ScreenVersionsCard). The draft is checked by the server as it is
 * edited (its refusals are listed, in Spanish, and Guardar waits for them to be fixed); Guardar
 * saves it as a new version for every user of the company. `/new` first asks for a new screen's
 * title, its first field and menu group (a record screen, §3).
 * @example <ScreenEditor entry={schemas.screens} id="invoice" basePath="/config/screens" />
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Card, Field, Flex, Grid, Heading, HStack, Input, List, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuSave, LuUndo2 } from 'react-icons/lu';
import type { CustomRendererProps } from '../custom-renderers.ts';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import { accessTo } from '../../engine/access.ts';
import { useSession } from '../../engine/session.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useUnsavedGuard } from '../useUnsavedGuard.ts';
import { FieldDialog } from './FieldDialog.tsx';
import { ScreenFieldsCard } from './ScreenFieldsCard.tsx';
import { ScreenListCard } from './ScreenListCard.tsx';
import { ScreenPreviewCard } from './ScreenPreviewCard.tsx';
import { ScreenVersionsCard } from './ScreenVersionsCard.tsx';
import { fieldForm, nameFromTitle, putField, type FieldForm, type ScreenLayer } from './screen-model.ts';
import { useScreenEditor } from './useScreenEditor.ts';
import { foldText } from '../../../core/fold-text.ts';

const KIND_LABEL = { comprobante: 'Comprobante', master: 'Datos', record: 'Pantalla propia' } as const;

/** Menu groups a new screen may go in (server/domain/screens/screen-layer.ts MENU_GROUPS). */
const MENU_GROUPS = [
  { value: 'invoicing', label: 'Facturación' },
  { value: 'purchases', label: 'Compras' },
];

export default function ScreenEditorPage({ entry, id = 'new', basePath }: CustomRendererProps) {
  const [created, setCreated] = useState<{ name: string; start: ScreenLayer } | null>(null);
  if (id === 'new' && !created) return <NewScreenStart basePath={basePath} onStart={(name, start) => setCreated({ name, start })} />;
  return <ScreenEditor key={created?.name ?? id} entry={entry} resource={created?.name ?? id} start={created?.start} basePath={basePath} />;
}

/** A screen's name for the URL and the API from its title: lower-case letters, digits and dashes. */
const slug = (title: string) =>
  foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 60);

function NewScreenStart({ basePath, onStart }: { basePath: string; onStart: (name: string, start: ScreenLayer) => void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [group, setGroup] = useState('invoicing');
  // The server wants a new screen with at least one field: the first one is asked here.
  const [first, setFirst] = useState('Nombre');
  const name = slug(title);
  return (
    <Card.Root maxW="2xl">
      <Card.Header>
        <Heading as="h2" size="md">
          Nueva pantalla
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Una lista y un formulario propios de la empresa (p. ej. Vehículos, Rutas), con su entrada en el menú. Después le agrega los campos.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack
          as="form"
          gap="4"
          onSubmit={(e) => {
            e.preventDefault();
            if (name && first.trim()) onStart(name, putField({ title: title.trim(), menu: { title: title.trim(), group } }, nameFromTitle(first, new Set()), { title: first.trim(), kind: 'text', required: true, maxLength: 300 }));
          }}
        >
          <Field.Root required>
            <Field.Label>Título</Field.Label>
            <Input value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} placeholder="p. ej. Vehículos" autoFocus />
            <Field.HelperText>{name ? `Su dirección será …/${name}` : 'Como aparecerá en el menú.'}</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>Primer campo</Field.Label>
            <Input value={first} maxLength={100} onChange={(e) => setFirst(e.target.value)} />
            <Field.HelperText>Un texto obligatorio que nombra cada registro; luego puede agregar más campos y cambiarlo.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Grupo del menú</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={group} onChange={(e) => setGroup(e.target.value)}>
                {MENU_GROUPS.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <HStack justify="flex-end">
            <Button variant="outline" onClick={() => navigate(basePath)}>
              Cancelar
            </Button>
            <Button type="submit" colorPalette="blue" disabled={!name || !first.trim()}>
              Continuar
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ScreenEditor({ entry, resource, start, basePath }: { entry: SchemaEntry; resource: string; start?: ScreenLayer; basePath: string }) {
  const navigate = useNavigate();
  const access = accessTo(useSession(), entry);
  const ed = useScreenEditor(resource, start);
  const [dialog, setDialog] = useState<{ name: string | null; form: FieldForm | null } | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  useUnsavedGuard(ed.dirty && !ed.save.isPending);

  const previewEntry = useMemo<SchemaEntry | null>(() => (ed.preview ? { name: resource, schema: ed.preview.schema, ui: ed.preview.ui ?? {}, list: ed.preview.list ?? {} } : null), [ed.preview, resource]);
  const original = useMemo<SchemaEntry | null>(() => (ed.screen ? { name: resource, schema: ed.screen.schema, ui: ed.screen.ui ?? {}, list: ed.screen.list ?? {} } : null), [ed.screen, resource]);
  const shown = previewEntry ?? original;
  const kind = ed.preview?.kind ?? ed.screen?.kind ?? ed.summary?.kind ?? 'record';
  const comprobante = kind === 'comprobante';
  const refTargets = ed.preview?.refTargets ?? ed.screen?.refTargets ?? [];
  const isNew = Boolean(start) && (ed.saved?.version ?? 0) === 0;

  const saveField = (f: FieldForm) => {
    const taken = new Set([...Object.keys(shown?.schema.properties ?? {}), ...Object.keys(ed.draft.addProperties ?? {})]);
    const name = dialog?.name ?? nameFromTitle(f.title, taken);
    ed.change((l) => putField(l, name, f));
    setDialog(null);
  };
  const save = async () => {
    const done = await ed.save.mutate();
    if (done && isNew) navigate(`${basePath}/${encodeURIComponent(resource)}`, { replace: true });
  };

  if (ed.loadError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{ed.loadError}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!ed.saved || !shown) {
    if (ed.saved && isNew && ed.problems.length) {
      // A new screen's first draft refused (e.g. its name is taken): say why.
      return <Problems problems={ed.problems} />;
    }
    return (
      <Flex justify="center" py="10">
        <Spinner aria-label="Cargando" />
      </Flex>
    );
  }
  const title = String(shown.schema.title ?? ed.summary?.title ?? resource);
  const mayWrite = access.update;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            Pantalla: {title}
          </Heading>
          <HStack gap="2">
            <Badge>{KIND_LABEL[kind]}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {ed.saved.version ? `Versión ${ed.saved.version}` : 'Sin cambios de la empresa'}
              {ed.dirty ? ' · cambios sin guardar' : ''}
            </Text>
          </HStack>
        </Stack>
        <HStack gap="2">
          <Button variant="outline" onClick={() => navigate(basePath)}>
            <LuArrowLeft /> Pantallas
          </Button>
          {mayWrite && (
            <>
              <Button variant="outline" disabled={!ed.dirty} onClick={() => setConfirmDiscard(true)}>
                <LuUndo2 /> Descartar cambios
              </Button>
              <Button colorPalette="blue" disabled={!ed.dirty || ed.problems.length > 0} loading={ed.save.isPending} onClick={save}>
                <LuSave /> Guardar
              </Button>
            </>
          )}
        </HStack>
      </Flex>
      {ed.problems.length > 0 && <Problems problems={ed.problems} />}
      {(ed.summary?.problems.length ?? 0) > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Algunos cambios guardados ya no se aplican (la pantalla cambió en una actualización de Emite)</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {ed.summary!.problems.map((p, i) => (
                  <List.Item key={i}>
                    {p.path ? `${p.path}: ` : ''}
                    {p.message}
                  </List.Item>
                ))}
              </List.Root>
              Corríjalos o quítelos y guarde; lo demás sigue en uso.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4" alignItems="start">
        <Stack gap="4">
          <ScreenFieldsCard draft={ed.draft} change={ed.change} shown={shown} original={original} comprobante={comprobante} protectedFields={ed.preview?.protected ?? ed.screen?.protected ?? []} onAdd={() => setDialog({ name: null, form: null })} onEdit={(name) => setDialog({ name, form: fieldForm(ed.draft.addProperties?.[name] ?? {}, (ed.draft.required ?? []).includes(name)) })} />
          <ScreenListCard draft={ed.draft} change={ed.change} shown={shown} original={original ?? previewEntry} />
        </Stack>
        <Stack gap="4">
          <ScreenPreviewCard entry={previewEntry} comprobante={comprobante} withRows={!isNew} />
          <ScreenVersionsCard versions={ed.versions} current={ed.saved.version} dirty={ed.dirty} busy={ed.restore.isPending} onRestore={(n) => void ed.restore.mutate(n)} />
        </Stack>
      </Grid>
      <FieldDialog open={dialog !== null} field={dialog?.form ?? null} refTargets={refTargets} comprobante={comprobante} onSave={saveField} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={confirmDiscard}
        title="¿Descartar los cambios sin guardar?"
        body="La pantalla vuelve a quedar como en la versión guardada."
        confirmLabel="Descartar"
        onConfirm={() => {
          ed.discard();
          setConfirmDiscard(false);
        }}
        onClose={() => setConfirmDiscard(false)}
      />
    </Stack>
  );
}

function Problems({ problems }: { problems: Array<{ path: string; message: string }> }) {
  return (
    <Alert.Root status="error" data-testid="screen-problems">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Así no se puede guardar:</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {problems.map((p, i) => (
              <List.Item key={i}>
                {p.path ? `${p.path}: ` : ''}
                {p.message}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
