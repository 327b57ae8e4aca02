/**
 * A nota de débito's razones de la modificación: rows of razón (≤ 300 characters) and valor (USD,
 * before IVA), added and removed with the keyboard like the other editors' rows.
 * @example <MotivosEditor motivos={d.motivos} readOnly={false} onChange={(motivos) => update({ motivos })} />
 */
import { Button, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { newMotivo, type MotivoDraft } from './debit-note-model.ts';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';

export function MotivosEditor({ motivos, readOnly, onChange }: { motivos: MotivoDraft[]; readOnly: boolean; onChange: (motivos: MotivoDraft[]) => void }) {
  const set = (i: number, patch: Partial<MotivoDraft>) => onChange(motivos.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <Stack gap="2">
      {motivos.map((m, i) => (
        <HStack key={m.key} gap="2" data-testid={`motivo-${i}`}>
          <Input size="sm" aria-label={`Razón ${i + 1}`} placeholder="Razón (p. ej. intereses por mora)" maxLength={300} value={m.razon} disabled={readOnly} onChange={(e) => set(i, { razon: e.target.value })} />
          <MoneyInput maxW="140px" step="0.01" min="0" aria-label={`Valor de la razón ${i + 1}`} placeholder="Valor" value={m.valor} disabled={readOnly} onValueChange={(valor) => set(i, { valor })} />
          {!readOnly && motivos.length > 1 && (
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar la razón ${i + 1}`} onClick={() => onChange(motivos.filter((_, j) => j !== i))}>
              <LuTrash2 />
            </IconButton>
          )}
        </HStack>
      ))}
      {!readOnly && (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange([...motivos, newMotivo()])}>
          <LuPlus /> Agregar razón
        </Button>
      )}
    </Stack>
  );
}
