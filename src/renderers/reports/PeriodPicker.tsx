/** The month of a close screen: Spanish month and year selects between "previous" and "next" buttons. */
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { periodOf } from '../../../core/tax-calendar.ts';
import { MonthSelect } from '../list/MonthSelect.tsx';

/** @example <PeriodPicker period={period} onChange={setPeriod} /> */
export function PeriodPicker(p: { period: string; onChange: (period: string) => void }) {
  const shift = (n: number) => p.onChange(periodOf(`${p.period}-01`, n));
  return (
    <HStack gap="1" role="group" aria-label="Mes">
      <Text fontSize="sm" mr="1">
        Mes
      </Text>
      <IconButton aria-label="Mes anterior" size="sm" variant="ghost" onClick={() => shift(-1)}>
        <LuChevronLeft />
      </IconButton>
      <MonthSelect label="Mes del cierre" value={p.period} onChange={(v) => v && p.onChange(v)} />
      <IconButton aria-label="Mes siguiente" size="sm" variant="ghost" onClick={() => shift(1)}>
        <LuChevronRight />
      </IconButton>
    </HStack>
  );
}
