/**
 * Mi Perfil's "Segundo factor" card (DESIGN.md §15): whether the user signs in with a code from an
 * authenticator app; turn it on (QR code, first code, then the ten recovery codes shown once) or
 * off (with a current code or a recovery code).
 * @example <SecondFactorCard />
 */
import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { refreshCurrentUser } from '../../../engine/profile.ts';
import { useSession } from '../../../engine/session.ts';
import { useMutation } from '../../../engine/useMutation.ts';
import { Message, TextField } from '../auth-form.tsx';
import { EnrolPanel } from './EnrolPanel.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';

type Setup = { secret: string; otpauthUrl: string };

export function SecondFactorCard() {
  const user = useSession()!;
  const enabled = Boolean(user.mfaEnabled);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [offCode, setOffCode] = useState('');

  const start = useMutation({ request: () => ({ method: 'POST', path: '/api/user/mfa/setup' }), errorMessage: 'No se pudo preparar el segundo factor', onSuccess: (r: Setup) => setSetup(r) });
  const enable = useMutation({
    request: (code: string) => ({ method: 'POST', path: '/api/user/mfa/enable', body: { code } }),
    notifyError: false,
    errorMessage: 'No se pudo activar',
    onSuccess: async (r: { recoveryCodes: string[] }) => {
      setSetup(null);
      setCodes(r.recoveryCodes);
      await refreshCurrentUser();
    },
  });
  const disable = useMutation({
    request: (code: string) => ({ method: 'DELETE', path: '/api/user/mfa', body: { code } }),
    notifyError: false,
    errorMessage: 'No se pudo desactivar',
    success: 'Segundo factor desactivado',
    onSuccess: async () => {
      setDisabling(false);
      setOffCode('');
      await refreshCurrentUser();
    },
  });

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading size="md">Segundo factor</Heading>
          <Badge colorPalette={enabled ? 'green' : 'gray'}>{enabled ? 'Activado' : 'Desactivado'}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : setup ? (
          <EnrolPanel setup={setup} busy={enable.isPending} error={enable.error} onConfirm={(code) => void enable.mutate(code)} onCancel={() => (setSetup(null), enable.reset())} />
        ) : enabled ? (
          <Stack gap="4">
            <Text>Al ingresar, además de su contraseña se le pide el código de su aplicación de autenticación.</Text>
            {disabling ? (
              <Stack as="form" gap="3" onSubmit={(e) => (e.preventDefault(), void disable.mutate(offCode.trim()))} aria-label="Desactivar segundo factor">
                {disable.error && <Message status="error">{disable.error}</Message>}
                <TextField label="Código de la aplicación o de recuperación" name="code" autoComplete="one-time-code" required value={offCode} onChange={(e) => setOffCode(e.target.value)} autoFocus />
                <HStack justify="flex-end">
                  <Button variant="outline" onClick={() => (setDisabling(false), disable.reset())}>
                    Cancelar
                  </Button>
                  <Button type="submit" colorPalette="red" loading={disable.isPending}>
                    Desactivar
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <HStack justify="flex-end">
                <Button variant="outline" colorPalette="red" onClick={() => setDisabling(true)}>
                  Desactivar segundo factor
                </Button>
              </HStack>
            )}
          </Stack>
        ) : (
          <Stack gap="4">
            <Text>
              Proteja su cuenta: además de la contraseña, al ingresar se le pedirá un código de 6 dígitos de una aplicación de autenticación en su teléfono. Así nadie entra solo con
              su contraseña a la firma electrónica, las claves de API ni los webhooks.
            </Text>
            <HStack justify="flex-end">
              <Button colorPalette="blue" loading={start.isPending} onClick={() => void start.mutate(undefined)}>
                Activar segundo factor
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
