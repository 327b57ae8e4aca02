/**
 * A money input of the editors (line price and discount, a nota de débito's value, a payment, a
 * retención's base): right-aligned decimal number that keeps what the user types and, on leaving
 * it, shows it as money is written ('18.5' -> '18.50', `moneyText`), telling the editor the new text.
 * @example <MoneyInput aria-label="Precio unitario de la línea 1" value={line.precioUnitario} onValueChange={(precioUnitario) => onChange(i, { precioUnitario })} />
 */
import { Input, type InputProps } from '@chakra-ui/react';
import { moneyText } from '../format.ts';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  /** The text shown (the draft keeps money as text until it is sent). */
  value: string;
  /** Called with the typed text, and with the formatted text on blur when that differs. */
  onValueChange: (value: string) => void;
}

export function MoneyInput({ value, onValueChange, onBlur, ...rest }: MoneyInputProps) {
  return (
    <Input
      size="sm"
      type="number"
      inputMode="decimal"
      step="any"
      textAlign="right"
      {...rest}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      onBlur={(e) => {
        const shown = moneyText(value);
        if (shown !== value) onValueChange(shown);
        onBlur?.(e);
      }}
    />
  );
}
