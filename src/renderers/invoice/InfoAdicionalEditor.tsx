/**
 * The invoice's additional information (SRI infoAdicional: nombre and valor, up to `max` rows).
 * Memoised on its own rows, so typing in a line does not redraw it.
 * @example <InfoAdicionalEditor infoAdicional={d.infoAdicional} max={13} readOnly={false} update={update} />
 */
import { memo } from 'react';
import { Button, Card, Heading, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { InvoiceDraft } from './invoice-model.ts';

interface Props {
  infoAdicional: InvoiceDraft['infoAdicional'];
  max: number;
  readOnly: boolean;
  update: (patch: Partial<InvoiceDraft>) => void;
}

export const InfoAdicionalEditor = memo(function InfoAdicionalEditor({ infoAdicional, max, readOnly, update }: Props) {
  // An issued invoice without additional information has nothing to show here.
  if (readOnly && infoAdicional.length === 0) return null;
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">Información adicional</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {infoAdicional.map((info, i) => (
            <HStack key={i} gap="2">
              <Input size="sm" maxW="200px" aria-label={`Nombre del dato adicional ${i + 1}`} placeholder="Nombre" value={info.nombre} disabled={readOnly} onChange={(e) => update({ infoAdicional: infoAdicional.map((x, j) => (j === i ? { ...x, nombre: e.target.value } : x)) })} />
              <Input size="sm" aria-label={`Valor del dato adicional ${i + 1}`} placeholder="Valor" value={info.valor} disabled={readOnly} onChange={(e) => update({ infoAdicional: infoAdicional.map((x, j) => (j === i ? { ...x, valor: e.target.value } : x)) })} />
              {!readOnly && (
                <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Quitar el dato adicional ${i + 1}`} onClick={() => update({ infoAdicional: infoAdicional.filter((_, j) => j !== i) })}>
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          ))}
          {!readOnly && infoAdicional.length < max && (
            <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => update({ infoAdicional: [...infoAdicional, { nombre: '', valor: '' }] })}>
              <LuPlus /> Agregar dato
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
});
