/**
 * The ten recovery codes, shown once right after enrolment, with copy and download (a .txt), and a
 * button that says they were kept. Each works once, instead of a code from the app.
 * @example <RecoveryCodesPanel codes={codes} onDone={() => navigate('/dashboard')} />
 */
import { Button, Code, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuCopy, LuDownload } from 'react-icons/lu';
import { notify } from '../../../engine/notify.ts';
import { Message } from '../auth-form.tsx';

export function RecoveryCodesPanel({ codes, onDone, doneLabel = 'Ya los guardé' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const text = `Códigos de recuperación de Emite (cada uno sirve una sola vez)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('success', 'Códigos copiados');
    } catch {
      notify('warning', 'No se pudo copiar; selecciónelos y cópielos a mano');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'emite-codigos-de-recuperacion.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="4" aria-label="Códigos de recuperación">
      <Message status="success">Segundo factor activado.</Message>
      <Text>
        Guarde estos códigos de recuperación en un lugar seguro (fuera del teléfono). Si pierde el teléfono, cada uno le permite ingresar <strong>una sola vez</strong>. No se
        volverán a mostrar.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" as="ul" listStyleType="none" data-testid="recovery-codes">
        {codes.map((c) => (
          <Code as="li" key={c} fontSize="md" p="2" textAlign="center">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack>
          <Button variant="outline" size="sm" onClick={copy}>
            <LuCopy /> Copiar
          </Button>
          <Button variant="outline" size="sm" onClick={download}>
            <LuDownload /> Descargar
          </Button>
        </HStack>
        <Button colorPalette="blue" onClick={onDone}>
          {doneLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
