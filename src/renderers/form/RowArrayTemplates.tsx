/**
 * rjsf templates that draw an array of objects as compact rows (selected by
 * `ui:options.layout: "row"`, wired by row-layout.ts): a header with the columns' titles, one row
 * per item with its fields side by side (each field keeps a full accessible name such as
 * "Valor del pago 1", shown only to screen readers while the header is visible), a delete button
 * per row and an "Agregar …" button that puts the cursor in the new row. Where the array is
 * narrower than 34rem (a phone) the header hides, each field shows its own label and the fields
 * wrap, two or more to a line.
 * @example { "pagos": { "ui:options": { "layout": "row", "addLabel": "Agregar pago" } } } // in a uiSchema
 */
import { useEffect, useRef } from 'react';
import { Box, Button, Flex, IconButton } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { getTemplate, getUiOptions, TranslatableString, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { fillRowLabel, type RowLayoutOptions } from './row-options.ts';

/** Width from which the header shows and the fields stand in one line. */
const WIDE = '@container (min-width: 34rem)';
const NARROW_GRID = 'repeat(auto-fill, minmax(7rem, 1fr))';
/** Every control of a row at the small size, whatever widget draws it, so the row stays one line high. */
const compactControls = { '& input:not([type=checkbox]):not([type=radio]), & select': { height: '8', fontSize: 'sm' } };
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', padding: '0', margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', borderWidth: '0' };
/** The delete button's column, kept empty in the header so the columns line up. */
const BUTTON_COLUMN = '8';

const rowOptions = (ui: unknown) => getUiOptions((ui ?? {}) as ArrayFieldTemplateProps['uiSchema']) as RowLayoutOptions;

/** The array: title and description (unless `label: false`), column headers, the rows, the add button. */
export function RowArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, uiSchema, schema, title, fieldPathId, registry, required } = props;
  const options = rowOptions(uiSchema);
  const uiOptions = getUiOptions(uiSchema);
  const TitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const DescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const root = useRef<HTMLDivElement>(null);
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    root.current?.querySelector<HTMLElement>(`[data-row-index="${items.length - 1}"] :is(input, select, textarea):not([type=hidden]):not(:disabled)`)?.focus();
  }, [items.length]);
  const editable = !disabled && !readonly;
  return (
    <Box ref={root} css={{ containerType: 'inline-size' }} mb="2">
      {options.label !== false && (
        <>
          <TitleTemplate fieldPathId={fieldPathId} title={uiOptions.title || title} schema={schema} uiSchema={uiSchema} required={required} registry={registry} />
          <DescriptionTemplate fieldPathId={fieldPathId} description={uiOptions.description || schema.description} schema={schema} uiSchema={uiSchema} registry={registry} />
        </>
      )}
      {items.length > 0 && (
        <Flex gap="2" aria-hidden="true" data-testid="row-header" display="none" css={{ [WIDE]: { display: 'flex' } }}>
          <Box flex="1" minW="0" display="grid" gap="2" gridTemplateColumns={options.rowGrid} fontSize="xs" fontWeight="medium" color="fg.muted">
            {(options.rowColumns ?? []).map((c) => (
              <Box key={c.name} truncate>
                {c.title}
                {c.required && ' *'}
              </Box>
            ))}
          </Box>
          <Box w={BUTTON_COLUMN} flexShrink={0} />
        </Flex>
      )}
      {items}
      {canAdd && editable && (
        <Button
          size="xs"
          variant="outline"
          mt="1"
          onClick={(e) => {
            added.current = true;
            onAddClick(e);
          }}
        >
          <LuPlus /> {options.addLabel ?? registry.translateString(TranslatableString.AddItemButton)}
        </Button>
      )}
    </Box>
  );
}

/** One row: the item's fields (RowObjectFieldTemplate) and its delete button. */
export function RowArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, parentUiSchema, disabled, readonly } = props;
  const options = rowOptions(parentUiSchema);
  return (
    <Flex gap="2" align="flex-start" data-row-index={index} css={index > 0 ? { borderTopWidth: '1px', pt: '2', mt: '1', [WIDE]: { borderTopWidth: '0', pt: '0', mt: '0' } } : undefined}>
      <Box flex="1" minW="0">
        {children}
      </Box>
      <Box w={BUTTON_COLUMN} flexShrink={0}>
        {buttonsProps.hasRemove && !disabled && !readonly && (
          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={fillRowLabel(options.removeLabel ?? 'Quitar la fila {n}', '', index)} onClick={buttonsProps.onRemoveItem}>
            <LuTrash2 />
          </IconButton>
        )}
      </Box>
    </Flex>
  );
}

/** An item's fields side by side on the array's column grid; labels visible only where the row wraps. */
export function RowObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const options = getUiOptions(props.uiSchema) as RowLayoutOptions;
  const wide = new Set(options.rowWideFields ?? []);
  return (
    <Box display="grid" gap="2" alignItems="start" css={{ ...compactControls, gridTemplateColumns: NARROW_GRID, [WIDE]: { gridTemplateColumns: options.rowGrid, '& label': visuallyHidden } }}>
      {props.properties.map((p) =>
        p.hidden ? (
          p.content
        ) : (
          <Box key={p.name} minW="0" css={wide.has(p.name) ? { gridColumn: '1 / -1', [WIDE]: { gridColumn: 'auto' } } : undefined}>
            {p.content}
          </Box>
        ),
      )}
    </Box>
  );
}
