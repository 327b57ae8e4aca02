/**
 * rjsf widget for `format: "date"` fields (a payment's fecha, a company's date field…): the
 * dd/mm/aaaa DateInput in place of the theme's native date input, the value kept ISO
 * ('YYYY-MM-DD') as the schema says; empty is `undefined` so a required field says "Obligatorio".
 */
import type { WidgetProps } from '@rjsf/utils';
import { DateInput } from './DateInput.tsx';
import { WidgetField } from './WidgetField.tsx';

export function DateWidget(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <DateInput
        id={props.id}
        aria-label={props.label}
        value={typeof props.value === 'string' ? props.value : ''}
        disabled={props.disabled || props.readonly}
        invalid={(props.rawErrors ?? []).length > 0}
        onChange={(iso) => props.onChange(iso === '' ? undefined : iso)}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
    </WidgetField>
  );
}
