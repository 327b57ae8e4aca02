/**
 * rjsf widget for `x-ref` fields: an async lookup against `/api/<resource>?q=` (search as you type)
 * showing each record's label (its schema's label field: razón social, descripción, nombre…) and
 * its key column; the value stored is the record's `_id`.
 * @example schema: { "cliente": { "type": "string", "x-ref": "customer" } }
 */
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';
import { RefSelect } from './RefSelect.tsx';

export function RefWidget(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <RefSelect
        resource={String(props.schema['x-ref'] ?? '')}
        value={typeof props.value === 'string' ? props.value : undefined}
        onChange={(id) => props.onChange(id)}
        inputId={props.id}
        label={props.label}
        clearable={!props.required}
        disabled={props.disabled || props.readonly}
      />
    </WidgetField>
  );
}
