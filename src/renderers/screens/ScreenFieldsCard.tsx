/**
 * "Campos" of the screen editor: the screen's fields in the form's order, each with what the
 * company may do to it — move it up or down (buttons, so the keyboard reorders too), show or hide
 * it (not the ones the SRI or Emite needs), change a built-in field's title, edit or remove a field
 * of its own (after a confirmation) — and "Agregar campo". On a comprobante only the company's
 * fields are listed: the comprobante's own are drawn by its editor and all go to the SRI.
 * @example <ScreenFieldsCard ed={ed} shown={shown} kind="master" onAdd={…} onEdit={…} />
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Checkbox, Flex, Heading, HStack, IconButton, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuPencil, LuPlus, LuTrash2, LuType } from 'react-icons/lu';
import type { SchemaEntry } from '../../engine/schema-registry.ts';
import { ConfirmDialog, DialogFrame } from '../ConfirmDialog.tsx';
import { KIND_LABELS, kindOf, moveField, orderedFields, removeField, retitle, setHidden, type ScreenLayer } from './screen-model.ts';

interface Props {
  draft: ScreenLayer;
  change: (edit: (layer: ScreenLayer) => ScreenLayer) => void;
  /** The screen as the draft makes it (the preview), or the saved one until the preview answers. */
  shown: SchemaEntry;
  /** The screen without the company's changes (built-in titles), if any. */
  original: SchemaEntry | null;
  comprobante: boolean;
  protectedFields: string[];
  onAdd: () => void;
  onEdit: (name: string) => void;
}

export function ScreenFieldsCard(p: Props) {
  const { draft, change, shown } = p;
  const props = shown.schema.properties ?? {};
  const own = new Set(Object.keys(draft.addProperties ?? {}));
  const all = orderedFields(shown.schema, shown.ui).filter((n) => !props[n]?.readOnly || own.has(n));
  // Hidden fields are still listed (to show them again): the preview keeps them with ui:widget hidden.
  const fields = p.comprobante ? all.filter((n) => own.has(n)) : all;
  const required = new Set(shown.schema.required ?? []);
  const hidden = new Set(draft.hide ?? []);
  const [renaming, setRenaming] = useState<{ name: string; title: string } | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const titleOf = (n: string) => props[n]?.title ?? n;
  const originalTitle = (n: string) => p.original?.schema.properties?.[n]?.title ?? n;

  return (
    <Card.Root data-testid="screen-fields">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h3" size="md">
            Campos
          </Heading>
          <Button size="sm" colorPalette="blue" onClick={p.onAdd}>
            <LuPlus /> Agregar campo
          </Button>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {p.comprobante
            ? 'Los campos de la empresa van al SRI como información adicional (en el XML y el RIDE), con su título y en este orden.'
            : 'Ordene con las flechas; oculte lo que la empresa no usa. Los campos que exige el SRI o Emite no se pueden ocultar.'}
        </Text>
      </Card.Header>
      <Card.Body>
        {fields.length === 0 ? (
          <Text color="fg.muted">Todavía no hay campos de la empresa en esta pantalla.</Text>
        ) : (
          <Stack as="ol" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" aria-label="Campos de la pantalla">
            {fields.map((name, i) => {
              const mine = own.has(name);
              const locked = p.protectedFields.includes(name);
              const title = titleOf(name);
              return (
                <Flex as="li" key={name} align="center" gap="3" px="3" py="2" borderTopWidth={i ? '1px' : 0} wrap="wrap" opacity={hidden.has(name) ? 0.6 : 1} data-field={name}>
                  <HStack gap="1">
                    <IconButton aria-label={`Subir ${title}`} size="xs" variant="ghost" disabled={i === 0} onClick={() => change((l) => moveField(l, fields, name, -1))}>
                      <LuArrowUp />
                    </IconButton>
                    <IconButton aria-label={`Bajar ${title}`} size="xs" variant="ghost" disabled={i === fields.length - 1} onClick={() => change((l) => moveField(l, fields, name, 1))}>
                      <LuArrowDown />
                    </IconButton>
                  </HStack>
                  <Box flex="1" minW="180px">
                    <Text fontWeight="medium">{title}</Text>
                    <HStack gap="1" wrap="wrap">
                      <Text fontSize="xs" color="fg.muted">
                        {KIND_LABELS[kindOf(props[name] ?? {})]}
                      </Text>
                      {mine && <Badge colorPalette="blue">De la empresa</Badge>}
                      {required.has(name) && <Badge>Obligatorio</Badge>}
                      {locked && <Badge colorPalette="orange">Lo exige el SRI o Emite</Badge>}
                      {hidden.has(name) && <Badge colorPalette="gray">Oculto</Badge>}
                    </HStack>
                  </Box>
                  {mine ? (
                    <HStack gap="1">
                      <Button size="xs" variant="outline" onClick={() => p.onEdit(name)} aria-label={`Editar ${title}`}>
                        <LuPencil /> Editar
                      </Button>
                      <IconButton aria-label={`Eliminar ${title}`} size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoving(name)}>
                        <LuTrash2 />
                      </IconButton>
                    </HStack>
                  ) : (
                    <HStack gap="3">
                      <Checkbox.Root size="sm" checked={!hidden.has(name)} disabled={locked} onCheckedChange={(e) => change((l) => setHidden(l, name, !e.checked))}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>
                          Visible<VisuallyHidden> {title}</VisuallyHidden>
                        </Checkbox.Label>
                      </Checkbox.Root>
                      <Button size="xs" variant="outline" aria-label={`Cambiar el título de ${title}`} onClick={() => setRenaming({ name, title })}>
                        <LuType /> Título
                      </Button>
                    </HStack>
                  )}
                </Flex>
              );
            })}
          </Stack>
        )}
      </Card.Body>
      <DialogFrame
        open={renaming !== null}
        title="Cambiar el título"
        action={{ label: 'Aplicar', colorPalette: 'blue', onClick: () => (renaming && change((l) => retitle(l, renaming.name, renaming.title, originalTitle(renaming.name))), setRenaming(null)) }}
        onClose={() => setRenaming(null)}
      >
        {renaming && (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              Título original: {originalTitle(renaming.name)}. Déjelo vacío para volver a él.
            </Text>
            <Input aria-label="Título" value={renaming.title} maxLength={100} onChange={(e) => setRenaming({ ...renaming, title: e.target.value })} autoFocus />
          </Stack>
        )}
      </DialogFrame>
      <ConfirmDialog
        open={removing !== null}
        title={`¿Eliminar el campo "${removing ? titleOf(removing) : ''}"?`}
        body="Deja de mostrarse y de pedirse al guardar la pantalla. Los valores ya guardados en los registros no se borran, y los comprobantes ya emitidos no cambian."
        onConfirm={() => (removing && change((l) => removeField(l, removing)), setRemoving(null))}
        onClose={() => setRemoving(null)}
      />
    </Card.Root>
  );
}
