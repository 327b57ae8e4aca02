/**
 * A month as two Spanish selects (month name, year), value 'YYYY-MM' or '' — the browser's own
 * month input speaks the browser's language and is missing in some browsers. Used by the lists'
 * `month` filter and the close screens' period.
 * @example <MonthSelect label="Mes" value="2026-03" onChange={setPeriod} allowEmpty />
 */
import { useEffect, useState } from 'react';
import { HStack, NativeSelect } from '@chakra-ui/react';

export const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function MonthSelect(p: { label: string; value: string; onChange: (value: string) => void; allowEmpty?: boolean }) {
  // The value chosen here is kept until the parent's value catches up: the parent may store it
  // asynchronously (the URL), and a controlled select would meanwhile snap back to the old month,
  // so a year picked right after a month would be combined with the old month.
  const [value, setValue] = useState(p.value);
  useEffect(() => setValue(p.value), [p.value]);
  const year = value ? Number(value.slice(0, 4)) : undefined;
  const month = value ? Number(value.slice(5, 7)) : undefined;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => thisYear + 1 - i);
  if (year && !years.includes(year)) years.push(year);
  const pick = (m: number | undefined, y: number | undefined) => {
    const next = !m && !y ? '' : `${y ?? thisYear}-${String(m ?? 1).padStart(2, '0')}`;
    setValue(next);
    p.onChange(next);
  };
  const clear = () => {
    setValue('');
    p.onChange('');
  };
  return (
    <HStack gap="1">
      <NativeSelect.Root size="sm" w="140px">
        <NativeSelect.Field aria-label={p.label} value={month ?? ''} onChange={(e) => (e.target.value ? pick(Number(e.target.value), year) : clear())}>
          {(p.allowEmpty || !value) && <option value="">{p.allowEmpty ? 'Todos' : '—'}</option>}
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" w="100px">
        <NativeSelect.Field aria-label={`${p.label}: año`} value={year ?? ''} onChange={(e) => (e.target.value ? pick(month, Number(e.target.value)) : clear())}>
          {(p.allowEmpty || !value) && <option value="">{p.allowEmpty ? 'Todos' : '—'}</option>}
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
