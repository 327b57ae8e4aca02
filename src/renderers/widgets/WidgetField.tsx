/**
 * Label and required mark around a custom rjsf widget, tied to its control, and marked invalid
 * when the field has errors (the description, help and errors come from FieldTemplate).
 * @example <WidgetField props={props}><MyInput id={props.id} /></WidgetField>
 */
import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

export function WidgetField({ props, children }: { props: WidgetProps; children: ReactNode }) {
  return (
    <Field.Root invalid={(props.rawErrors ?? []).length > 0} required={props.required} mb="1">
      {!props.hideLabel && props.label && (
        <Field.Label htmlFor={props.id}>
          {props.label} {props.required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
    </Field.Root>
  );
}
