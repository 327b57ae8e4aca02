/**
 * Asked after a login answered 409 (the e-mail has accounts in several companies): one button per
 * company signs in to it (Tab and Enter work; Esc closes). "¿Olvidó su contraseña…?" turns the
 * buttons into reset-link requests for that company's account.
 * @example <CompanyChoiceDialog companies={list} email={email} busy={busy} onChoose={(id) => login(id)} onClose={() => setList(null)} />
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuBuilding2 } from 'react-icons/lu';

export interface CompanyChoice {
  _id: string;
  razonSocial: string;
}

export function CompanyChoiceDialog(p: { companies: CompanyChoice[] | null; email: string; busy: boolean; onChoose: (companyId: string) => void; onClose: () => void }) {
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);
  useEffect(() => setResetting(false), [p.companies]);
  const choose = (id: string) => (resetting ? navigate(`/auth/forgot-password?company=${encodeURIComponent(id)}&email=${encodeURIComponent(p.email)}`) : p.onChoose(id));
  return (
    <Dialog.Root open={Boolean(p.companies)} onOpenChange={(e) => !e.open && p.onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{resetting ? '¿En qué empresa olvidó su contraseña?' : '¿Con qué empresa desea ingresar?'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {p.email} tiene cuentas en varias empresas.
                </Text>
                {p.companies?.map((c) => (
                  <Button key={c._id} variant="outline" justifyContent="flex-start" loading={p.busy} onClick={() => choose(c._id)}>
                    <LuBuilding2 aria-hidden /> {c.razonSocial}
                  </Button>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Button variant="plain" size="sm" px="0" colorPalette="blue" onClick={() => setResetting((r) => !r)}>
                {resetting ? 'Volver a ingresar' : '¿Olvidó su contraseña en una de ellas?'}
              </Button>
              <Button variant="outline" onClick={p.onClose}>
                Cancelar
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
