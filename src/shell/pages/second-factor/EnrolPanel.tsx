/**
 * Enrolling a second factor: the QR code for the authenticator app, the secret to type by hand,
 * and the first code that confirms it. Used by Mi Perfil and by a login that the company requires
 * it for. The caller sends the code (`onConfirm`) and shows its error.
 * @example <EnrolPanel setup={{ secret, otpauthUrl }} busy={false} error={undefined} onConfirm={(code) => enable(code)} />
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Button, Code, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Message, TextField } from '../auth-form.tsx';

const QrCode = lazy(() => import('./QrCode.tsx'));

/** The secret in groups of four, as apps show it (easier to type). */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function EnrolPanel(p: { setup: { secret: string; otpauthUrl: string }; busy: boolean; error?: string; onConfirm: (code: string) => void; onCancel?: () => void }) {
  const [code, setCode] = useState('');
  return (
    <Stack gap="4" as="form" onSubmit={(e) => (e.preventDefault(), p.onConfirm(code.trim()))} aria-label="Configurar segundo factor">
      <Text>
        1. Abra su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, FreeOTP, Authy…) y escanee este código QR.
      </Text>
      <Box alignSelf="center" bg="white" p="2" borderRadius="md" borderWidth="1px">
        <Suspense fallback={<Spinner aria-label="Cargando código QR" />}>
          <QrCode value={p.setup.otpauthUrl} />
        </Suspense>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        ¿No puede escanear? Escriba esta clave en la aplicación (tipo: basada en el tiempo):
      </Text>
      <Code data-testid="totp-secret" data-secret={p.setup.secret} fontSize="md" p="2" alignSelf="center" wordBreak="break-all">
        {grouped(p.setup.secret)}
      </Code>
      <Text>2. Escriba el código de 6 dígitos que muestra la aplicación.</Text>
      {p.error && <Message status="error">{p.error}</Message>}
      <TextField
        label="Código de verificación"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        autoFocus
      />
      <HStack justify="flex-end">
        {p.onCancel && (
          <Button variant="outline" onClick={p.onCancel}>
            Cancelar
          </Button>
        )}
        <Button type="submit" colorPalette="blue" loading={p.busy}>
          Activar
        </Button>
      </HStack>
    </Stack>
  );
}
