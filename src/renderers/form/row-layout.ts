/**
 * Compact rows for arrays of objects, chosen in a uiSchema alone: an array whose uiSchema has
 * `"ui:options": {"layout": "row"}` is drawn by the row templates (RowArrayTemplates.tsx): one row
 * per item with its fields side by side under column headers, a delete button per row and an
 * "Agregar …" button; no reorder arrows.
 *
 * Options of the array (`ui:options`), all optional but `layout`:
 * - `rowLabel`: each field's accessible name, `{title}` its title and `{n}` the row number
 *   (default `"{title} {n}"`; e.g. `"{title} del pago {n}"` -> "Valor del pago 1"). A field's own
 *   `ui:options.rowLabel` wins (e.g. `"Forma de pago {n}"`).
 * - `removeLabel`: the delete button's accessible name (default `"Quitar la fila {n}"`).
 * - `addLabel`: the add button's text (default rjsf's "Agregar").
 * - `label: false`: no title nor description above the rows (a card around them already says it).
 * A field's `ui:options.rowWidth` is its column's CSS grid track (default `"1fr"`, e.g. `"2fr"`); a
 * field of 2fr or more takes a line of its own where the row wraps.
 *
 * @example
 * // src/schemas/invoice/ui.json
 * { "pagos": { "ui:options": { "layout": "row", "rowLabel": "{title} del pago {n}", "addLabel": "Agregar pago" } } }
 */
import { getUiOptions, orderProperties, type UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../engine/schema-registry.ts';
import { RowArrayFieldItemTemplate, RowArrayFieldTemplate, RowObjectFieldTemplate } from './RowArrayTemplates.tsx';
import { fillRowLabel, type RowColumn, type RowLayoutOptions } from './row-options.ts';

type Ui = Record<string, unknown>;


const isPlain = (v: unknown): v is Ui => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionsOf = (ui: unknown): Ui => (isPlain(ui) && isPlain(ui['ui:options']) ? ui['ui:options'] : {});

function rowArrayUi(items: JsonSchema, arrayUi: Ui, itemUi: Ui): Ui {
  const options = getUiOptions(arrayUi as UiSchema) as RowLayoutOptions;
  const properties = items.properties ?? {};
  const names = orderProperties(Object.keys(properties), itemUi['ui:order'] as string[] | undefined).filter((n) => (itemUi[n] as Ui | undefined)?.['ui:widget'] !== 'hidden');
  const columns: RowColumn[] = names.map((n) => ({ name: n, title: String((itemUi[n] as Ui | undefined)?.['ui:title'] ?? properties[n].title ?? n), required: items.required?.includes(n) ?? false }));
  const widthOf = (n: string) => String(optionsOf(itemUi[n]).rowWidth ?? '1fr');
  // `rowMinWidth` keeps a column from shrinking below what its value needs (a money input's "405.00").
  const minOf = (n: string) => String(optionsOf(itemUi[n]).rowMinWidth ?? '0');
  const rowGrid = names.map((n) => `minmax(${minOf(n)}, ${widthOf(n)})`).join(' ');
  const rowWideFields = names.filter((n) => /^\d+(\.\d+)?fr$/.test(widthOf(n)) && parseFloat(widthOf(n)) >= 2);
  const rowLabel = options.rowLabel ?? '{title} {n}';
  // One uiSchema per row index, built once: the fields' accessible names carry the row number.
  const perRow: UiSchema[] = [];
  const itemsUi = (_item: unknown, index: number): UiSchema =>
    (perRow[index] ??= {
      ...itemUi,
      'ui:ObjectFieldTemplate': RowObjectFieldTemplate,
      'ui:options': { ...optionsOf(itemUi), rowGrid, rowWideFields },
      ...Object.fromEntries(columns.map((c) => [c.name, { ...((itemUi[c.name] as Ui | undefined) ?? {}), 'ui:title': fillRowLabel(String(optionsOf(itemUi[c.name]).rowLabel ?? rowLabel), c.title, index) }])),
    });
  return {
    ...arrayUi,
    'ui:ArrayFieldTemplate': RowArrayFieldTemplate,
    'ui:ArrayFieldItemTemplate': RowArrayFieldItemTemplate,
    'ui:options': { ...optionsOf(arrayUi), orderable: false, copyable: false, rowColumns: columns, rowGrid },
    items: itemsUi,
  };
}

/**
 * The uiSchema with every array (at any depth) whose `ui:options.layout` is `"row"` set up for the
 * row templates; other arrays and fields are returned as they are. Pure; apply it after the
 * engine's `enrichUiSchema` (it reads the widgets that one adds).
 * @example withRowLayouts(schema, { mercaderia: { "ui:options": { layout: "row" } } })
 */
export function withRowLayouts(schema: JsonSchema, ui: Ui): Ui {
  let out = ui;
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const items = prop.type === 'array' ? prop.items : prop.type === 'object' ? prop : undefined;
    if (!items?.properties) continue;
    const current = isPlain(ui[name]) ? (ui[name] as Ui) : {};
    if (prop.type === 'object') {
      const inner = withRowLayouts(prop, current);
      if (inner !== current) out = { ...out, [name]: inner };
      continue;
    }
    if (current.items !== undefined && !isPlain(current.items)) continue; // a function or a tuple's list: left as given
    const given = (current.items as Ui | undefined) ?? {};
    const itemUi = withRowLayouts(items, given);
    if (optionsOf(current).layout === 'row') out = { ...out, [name]: rowArrayUi(items, current, itemUi) };
    else if (itemUi !== given) out = { ...out, [name]: { ...current, items: itemUi } };
  }
  return out;
}
