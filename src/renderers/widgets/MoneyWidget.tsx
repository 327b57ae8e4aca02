/**
 * rjsf widget for money and 6-decimal quantities (`x-money`, `x-decimals`): right-aligned number
 * input with the USD sign; keeps what the user typed until it is a number.
 * @example uiSchema: { precioUnitario: { "ui:widget": "money" } }
 */
import { Group, Input, InputAddon } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';

export function MoneyWidget(props: WidgetProps) {
  const decimals = Number(props.schema['x-decimals'] ?? 2);
  return (
    <WidgetField props={props}>
      <Group attached w="full" maxW="240px">
        <InputAddon>$</InputAddon>
        <Input
          id={props.id}
          aria-label={props.label}
          type="number"
          inputMode="decimal"
          step={1 / 10 ** decimals}
          min={props.schema.minimum}
          textAlign="right"
          size="sm"
          disabled={props.disabled || props.readonly}
          value={props.value ?? ''}
          onChange={(e) => props.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          onBlur={() => props.onBlur(props.id, props.value)}
        />
      </Group>
    </WidgetField>
  );
}
