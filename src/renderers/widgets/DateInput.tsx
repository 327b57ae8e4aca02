/**
 * A date field that reads and is typed as dd/mm/aaaa whatever the browser's language (a native
 * `type="date"` follows the browser's locale: an English browser shows mm/dd/yyyy, and "11/01/2026"
 * reads as 11 January in Ecuador). Value and onChange carry ISO 'YYYY-MM-DD' ('' for empty); text
 * that is not a date yet is kept while typing, marked invalid, and not passed on. The calendar
 * button opens the browser's own date picker (a hidden native input's `showPicker`).
 * @example <DateInput aria-label="Desde" value={from} onChange={setFrom} />
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Group, IconButton, Input } from '@chakra-ui/react';
import { LuCalendar } from 'react-icons/lu';
import { date, parseDate } from '../format.ts';

export interface DateInputProps {
  value: string | undefined;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  /** ISO bounds, as a native date input's min/max (the picker honours them; typed dates are checked by the form). */
  min?: string;
  max?: string;
  w?: string;
  invalid?: boolean;
}

export function DateInput(p: DateInputProps) {
  const [text, setText] = useState(date(p.value));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, the picker, a loaded draft) replaces what is shown.
  useEffect(() => {
    setText((shown) => (parseDate(shown) === (p.value ?? '') ? shown : date(p.value)));
  }, [p.value]);
  const typedWrong = parseDate(text) === undefined;
  return (
    <Box position="relative" w={p.w ?? 'full'} maxW={p.w ?? '190px'}>
      <Group attached w="full">
        <Input
          id={p.id}
          size="sm"
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          aria-label={p['aria-label']}
          aria-invalid={p.invalid || typedWrong || undefined}
          disabled={p.disabled}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const iso = parseDate(e.target.value);
            if (iso !== undefined) p.onChange(iso);
          }}
          onBlur={() => {
            if (typedWrong) setText(date(p.value));
            p.onBlur?.();
          }}
        />
        <IconButton
          size="sm"
          variant="outline"
          aria-label={p['aria-label'] ? `Elegir ${p['aria-label'].toLowerCase()} en el calendario` : 'Elegir en el calendario'}
          disabled={p.disabled}
          onClick={() => {
            try {
              picker.current?.showPicker();
            } catch {
              picker.current?.focus();
            }
          }}
        >
          <LuCalendar />
        </IconButton>
      </Group>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={p.min}
        max={p.max}
        value={p.value ?? ''}
        onChange={(e) => p.onChange(e.target.value)}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
