/**
 * One array property of a resource's schema edited on its own by rjsf (SchemaForm), inside an
 * editor that draws the rest itself: the items' fields, limits and widgets come from the schema,
 * the layout from the schema folder's uiSchema for that property (e.g. `ui:options.layout: "row"`,
 * form/row-layout.ts); the array's title is left to the card around it. Memoised on its value, so
 * an editor's other edits (typing in a line) do not redraw it; `onChange` is called only when the
 * items really change (a field edited, a row added or removed), never for what rjsf derives.
 * @example <SchemaArrayField entry={entry} property="infoAdicional" value={draft.infoAdicional} disabled={readOnly} onChange={(rows) => update({ infoAdicional: rows })} />
 */
import { Fragment, memo, useCallback, useMemo, useRef } from 'react';
import { deepEquals, type ObjectFieldTemplateProps } from '@rjsf/utils';
import type { SchemaEntry } from '../engine/schema-registry.ts';
import { SchemaForm } from './SchemaForm.tsx';

interface Props {
  entry: SchemaEntry;
  /** The array property of `entry.schema` (fails fast when the schema has none of that name). */
  property: string;
  value: unknown[];
  disabled?: boolean;
  onChange: (rows: Array<Record<string, unknown>>) => void;
}

const noSubmit = () => undefined;
/** The data as JSON would carry it: a key set to undefined is no key, as rjsf's derived data may differ only so. */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));

/** The cut-down form's root object: just its one array, without the theme's grid and margins. */
function BareObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return (
    <>
      {props.properties.map((p) => (
        <Fragment key={p.name}>{p.content}</Fragment>
      ))}
    </>
  );
}

/** The schema and uiSchema of `entry` cut down to `property`, its title hidden (the card shows it). */
function arrayEntry(entry: SchemaEntry, property: string): SchemaEntry {
  const prop = entry.schema.properties?.[property];
  if (prop?.type !== 'array') throw new Error(`SchemaArrayField needs an array property '${property}' in the schema '${entry.name}'; it has none`);
  const ui = (entry.ui[property] as Record<string, unknown> | undefined) ?? {};
  const options = (ui['ui:options'] as Record<string, unknown> | undefined) ?? {};
  return {
    ...entry,
    schema: { $schema: entry.schema.$schema, type: 'object', properties: { [property]: prop } },
    ui: { 'ui:ObjectFieldTemplate': BareObjectFieldTemplate, [property]: { ...ui, 'ui:options': { ...options, label: false } } },
  };
}

export const SchemaArrayField = memo(function SchemaArrayField({ entry, property, value, disabled, onChange }: Props) {
  const sub = useMemo(() => arrayEntry(entry, property), [entry, property]);
  const formData = useMemo(() => ({ [property]: value }), [property, value]);
  const current = useRef(value);
  current.current = value;
  const handle = useCallback(
    (data: Record<string, unknown>) => {
      const rows = (data[property] as Array<Record<string, unknown>> | undefined) ?? [];
      if (!deepEquals(asJson(rows), asJson(current.current))) onChange(rows);
    },
    [property, onChange],
  );
  return <SchemaForm entry={sub} formData={formData} editing disabled={disabled} inline onChange={handle} onSubmit={noSubmit} />;
});
