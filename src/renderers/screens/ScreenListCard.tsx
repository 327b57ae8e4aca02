/**
 * "Lista" of the screen editor: the list's columns in order (up, down, remove; add any plain field,
 * the company's own too) and, for the company's fields that can filter (one of a list, yes/no, a
 * reference), whether the list offers that filter. Until the company chooses, the screen's own
 * columns and filters apply.
 * @example <ScreenListCard draft={ed.draft} change={ed.change} shown={shown} original={original} />
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Flex, Heading, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuPlus, LuX } from 'react-icons/lu';
import type { ListColumn, SchemaEntry } from '../../engine/schema-registry.ts';
import { columnsOf } from '../list/list-options.ts';
import { columnsOfLayer, filterFor, kindOf, moveColumn, toggleColumn, toggleFilter, type ScreenLayer } from './screen-model.ts';

interface Props {
  draft: ScreenLayer;
  change: (edit: (layer: ScreenLayer) => ScreenLayer) => void;
  shown: SchemaEntry;
  /** The screen without the company's changes: its columns and filters are the starting point. */
  original: SchemaEntry | null;
}

const FORMAT: Partial<Record<ReturnType<typeof kindOf>, ListColumn['format']>> = { money: 'money', date: 'date', boolean: 'yes-no' };

export function ScreenListCard({ draft, change, shown, original }: Props) {
  const baseColumns = original ? columnsOf(original) : [];
  const baseFilters = original?.list.filters ?? [];
  const columns = columnsOfLayer(draft, baseColumns);
  const props = shown.schema.properties ?? {};
  const candidates = Object.entries(props).filter(([n, s]) => n !== '_id' && ['string', 'number', 'integer', 'boolean'].includes(String(s.type)) && !columns.some((c) => c.field === n));
  const [adding, setAdding] = useState('');
  const filters = draft.filters ?? baseFilters;
  const own = Object.entries(draft.addProperties ?? {}).map(([n, s]) => filterFor(n, s)).filter((f) => f !== null);
  const add = () => {
    const p = props[adding];
    if (!p) return;
    change((l) => toggleColumn(l, baseColumns, adding, p.title ?? adding, true, FORMAT[kindOf(p)]));
    setAdding('');
  };
  return (
    <Card.Root data-testid="screen-list">
      <Card.Header>
        <Heading as="h3" size="md">
          Lista
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Las columnas de la lista, en orden, y sus filtros.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Stack as="ol" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" aria-label="Columnas de la lista">
            {columns.map((c, i) => {
              const title = c.title ?? props[c.field]?.title ?? c.field;
              return (
                <Flex as="li" key={c.field} align="center" gap="2" px="3" py="1.5" borderTopWidth={i ? '1px' : 0}>
                  <IconButton aria-label={`Subir la columna ${title}`} size="xs" variant="ghost" disabled={i === 0} onClick={() => change((l) => moveColumn(l, baseColumns, c.field, -1))}>
                    <LuArrowUp />
                  </IconButton>
                  <IconButton aria-label={`Bajar la columna ${title}`} size="xs" variant="ghost" disabled={i === columns.length - 1} onClick={() => change((l) => moveColumn(l, baseColumns, c.field, 1))}>
                    <LuArrowDown />
                  </IconButton>
                  <Text flex="1">{title}</Text>
                  <IconButton aria-label={`Quitar la columna ${title}`} size="xs" variant="ghost" disabled={columns.length === 1} onClick={() => change((l) => toggleColumn(l, baseColumns, c.field, title, false))}>
                    <LuX />
                  </IconButton>
                </Flex>
              );
            })}
          </Stack>
          {candidates.length > 0 && (
            <HStack>
              <NativeSelect.Root size="sm" maxW="300px">
                <NativeSelect.Field aria-label="Columna para agregar" value={adding} onChange={(e) => setAdding(e.target.value)}>
                  <option value="">Elija un campo…</option>
                  {candidates.map(([n, s]) => (
                    <option key={n} value={n}>
                      {s.title ?? n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button size="sm" variant="outline" disabled={!adding} onClick={add}>
                <LuPlus /> Agregar columna
              </Button>
            </HStack>
          )}
          {own.length > 0 && (
            <Stack gap="2" role="group" aria-label="Filtros de la lista">
              <Text fontWeight="medium" fontSize="sm">
                Filtros por campos de la empresa
              </Text>
              {own.map((f) => (
                <Checkbox.Root key={f.field} size="sm" checked={filters.some((x) => x.field === f.field)} onCheckedChange={(e) => change((l) => toggleFilter(l, baseFilters, f, Boolean(e.checked)))}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Filtrar por {f.title}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
