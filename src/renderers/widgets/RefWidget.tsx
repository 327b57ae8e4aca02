/**
 * rjsf widget for `x-ref` fields: an async lookup against `/api/<resource>?q=` (search as you type)
 * showing each record's label (its schema's label field: razón social, descripción, nombre…) and
 * its key column; the value stored is the record's `_id`. With `ui:options.create` (the record's
 * Spanish noun, lower case) it also offers "Nuevo <noun>": the record's own form in a dialog, the
 * created record chosen at once (RefPickerWithCreate, as the factura's customer).
 * @example schema: { "cliente": { "type": "string", "x-ref": "customer" } }
 * @example uiSchema: { "carrier": { "ui:widget": "ref", "ui:options": { "create": "transportista" } } }
 */
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';
import { RefSelect } from './RefSelect.tsx';
import { RefPickerWithCreate } from './RefPickerWithCreate.tsx';

export function RefWidget(props: WidgetProps) {
  const resource = String(props.schema['x-ref'] ?? '');
  const value = typeof props.value === 'string' ? props.value : undefined;
  const disabled = Boolean(props.disabled || props.readonly);
  const noun = typeof props.options.create === 'string' && props.options.create ? props.options.create : undefined;
  return (
    <WidgetField props={props}>
      {noun ? (
        <RefPickerWithCreate resource={resource} noun={noun} label={props.label} inputId={props.id} value={value} onChange={(id) => props.onChange(id)} clearable={!props.required} disabled={disabled} />
      ) : (
        <RefSelect resource={resource} value={value} onChange={(id) => props.onChange(id)} inputId={props.id} label={props.label} clearable={!props.required} disabled={disabled} />
      )}
    </WidgetField>
  );
}
