/**
 * A comprobante's totals as the RIDE shows them, updated live from core/totals; `totalLabel` names
 * the last row (a nota de crédito's "Valor de la modificación").
 * @example <TotalsPanel totals={totals} totalLabel="Valor de la modificación" />
 */
import { memo } from 'react';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { InvoiceTotals } from '../../../core/totals.ts';
import { money } from '../format.ts';

/** One row of the panel, memoised: a keystroke redraws only the rows whose amount changed. */
const TotalRow = memo(function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" fontWeight={strong ? 'bold' : 'normal'} fontSize={strong ? 'lg' : 'sm'} borderTopWidth={strong ? '1px' : 0} pt={strong ? 1 : 0}>
      <Text>{label}</Text>
      <Box data-testid={strong ? 'importe-total' : undefined}>{money(value)}</Box>
    </Flex>
  );
});

export function TotalsPanel({ totals, totalLabel = 'Valor total', emptyText = 'Agregue productos para ver los totales.' }: { totals: InvoiceTotals | null; totalLabel?: string; emptyText?: string }) {
  const rows: Array<[string, string, boolean?]> = totals
    ? [
        ...totals.totalConImpuestos.filter((t) => Number(t.tarifa) > 0).map((t) => [`Subtotal ${Number(t.tarifa)} %`, t.baseImponible] as [string, string]),
        ['Subtotal 0 %', totals.subtotales.cero],
        ...(Number(totals.subtotales.noObjeto) ? [['Subtotal no objeto de IVA', totals.subtotales.noObjeto] as [string, string]] : []),
        ...(Number(totals.subtotales.exento) ? [['Subtotal exento de IVA', totals.subtotales.exento] as [string, string]] : []),
        ['Subtotal sin impuestos', totals.totalSinImpuestos],
        ['Descuento', totals.totalDescuento],
        ...totals.totalConImpuestos.filter((t) => Number(t.tarifa) > 0).map((t) => [`IVA ${Number(t.tarifa)} %`, t.valor] as [string, string]),
        [totalLabel, totals.importeTotal, true],
      ]
    : [];
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" bg="bg" minW="260px" aria-label="Totales" data-testid="totals">
      {rows.map(([label, value, strong]) => (
        <TotalRow key={label} label={label} value={value} strong={strong} />
      ))}
      {!totals && <Text color="fg.muted">{emptyText}</Text>}
    </Stack>
  );
}
