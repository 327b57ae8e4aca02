/** Formas de pago (SRI tabla 24): rows of method, amount and optional term; they must add up to the total. */
import { Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useCatalog } from '../../engine/catalogs.ts';
import { money } from '../format.ts';
import type { PagoDraft } from './invoice-model.ts';

export function PaymentsEditor(p: { pagos: PagoDraft[]; gapCents: number; importeTotal?: string; readOnly: boolean; onChange: (pagos: PagoDraft[]) => void }) {
  const formas = useCatalog('forma_pago');
  const set = (i: number, patch: Partial<PagoDraft>) => p.onChange(p.pagos.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Stack gap="2">
      {p.pagos.map((pago, i) => (
        <HStack key={i} gap="2" wrap="wrap">
          <NativeSelect.Root size="sm" maxW="320px" disabled={p.readOnly}>
            <NativeSelect.Field aria-label={`Forma de pago ${i + 1}`} value={pago.formaPago} onChange={(e) => set(i, { formaPago: e.target.value })}>
              {formas.active.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.code} — {f.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input size="sm" maxW="130px" type="number" step="0.01" min="0" textAlign="right" aria-label={`Valor del pago ${i + 1}`} value={pago.total} disabled={p.readOnly} onChange={(e) => set(i, { total: e.target.value })} />
          <Input size="sm" maxW="90px" type="number" min="0" aria-label={`Plazo del pago ${i + 1}`} placeholder="Plazo" value={pago.plazo ?? ''} disabled={p.readOnly} onChange={(e) => set(i, { plazo: e.target.value || undefined, unidadTiempo: e.target.value ? (pago.unidadTiempo ?? 'dias') : undefined })} />
          {pago.plazo && <Text fontSize="sm">días</Text>}
          {!p.readOnly && (
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar el pago ${i + 1}`} onClick={() => p.onChange(p.pagos.filter((_, j) => j !== i))}>
              <LuTrash2 />
            </IconButton>
          )}
        </HStack>
      ))}
      {!p.readOnly && (
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => p.onChange([...p.pagos, { formaPago: '01', total: p.gapCents > 0 ? (p.gapCents / 100).toFixed(2) : '' }])}>
            <LuPlus /> Agregar pago
          </Button>
          {p.gapCents !== 0 && p.importeTotal && p.pagos.length <= 1 && (
            <Button size="xs" variant="subtle" onClick={() => p.onChange([{ ...(p.pagos[0] ?? { formaPago: '01' }), total: Number(p.importeTotal).toFixed(2) }])}>
              Usar el total ({money(p.importeTotal)})
            </Button>
          )}
        </HStack>
      )}
      {p.gapCents !== 0 && p.importeTotal && (
        <Text fontSize="sm" color="orange.600" role="status">
          {p.gapCents > 0 ? `Faltan ${money(p.gapCents / 100)} por asignar a una forma de pago` : `Los pagos superan el total en ${money(-p.gapCents / 100)}`}
        </Text>
      )}
    </Stack>
  );
}
