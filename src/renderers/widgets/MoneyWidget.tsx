/**
 * rjsf widget for money and 6-decimal quantities (`x-money`, `x-decimals`): right-aligned number
 * input with the USD sign; keeps what the user types while in it and, out of it, shows the value as
 * money is written ('18.50', not '18.5': `moneyText`).
 * @example uiSchema: { precioUnitario: { "ui:widget": "money" } }
 */
import { useState } from 'react';
import { Group, Input, InputAddon } from '@chakra-ui/react';
import { moneyText } from '../format.ts';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetField } from './WidgetField.tsx';

export function MoneyWidget(props: WidgetProps) {
  const decimals = Number(props.schema['x-decimals'] ?? 2);
  // What the user is typing ('18.' stays '18.'); null when not in the field: then the value as money.
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? (props.value === undefined || props.value === null || props.value === '' ? '' : moneyText(String(props.value)));
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
          value={shown}
          onChange={(e) => {
            setTyping(e.target.value);
            props.onChange(e.target.value === '' ? undefined : Number(e.target.value));
          }}
          onBlur={() => {
            setTyping(null);
            props.onBlur(props.id, props.value);
          }}
        />
      </Group>
    </WidgetField>
  );
}
