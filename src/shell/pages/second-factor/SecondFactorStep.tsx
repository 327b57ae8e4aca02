/**
 * The second step of a login (DESIGN.md §15), after `PUT /auth/login` answered `{mfaRequired,
 * ticket}`: the code from the authenticator app (or a recovery code) -> `PUT /auth/login/mfa`. When
 * the company requires a second factor the user has not set up (`mfaSetupRequired`), the user
 * enrols here first (`POST /auth/login/mfa/setup`) and then sees the recovery codes.
 * @example <SecondFactorStep ticket={ticket} setup={false} onSignedIn={finish} onRestart={() => setStep(null)} />
 */
import { useEffect, useState } from 'react';
import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../../../engine/api-client.ts';
import type { CurrentUser } from '../../../engine/session.ts';
import { useMutation } from '../../../engine/useMutation.ts';
import { Message, TextField } from '../auth-form.tsx';
import { EnrolPanel } from './EnrolPanel.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';

type Session = { token: string; result: CurrentUser; recoveryCodes?: string[] };

export function SecondFactorStep(p: { ticket: string; setup: boolean; onSignedIn: (token: string, user: CurrentUser) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [enrolled, setEnrolled] = useState<Session | null>(null);
  const [expired, setExpired] = useState(false);
  const onError = (err: unknown) => {
    // A ticket that expired (or a password changed meanwhile): back to the password.
    if (err instanceof ApiError && err.status === 401 && typeof err.body === 'object' && /inicie sesión/.test(err.body.message ?? '')) setExpired(true);
  };
  const setupCall = useMutation({
    request: () => ({ method: 'POST', path: '/auth/login/mfa/setup', body: { ticket: p.ticket } }),
    notifyError: false,
    errorMessage: 'No se pudo preparar el segundo factor',
    onError,
  });
  const verify = useMutation({
    request: (c: string) => ({ method: 'PUT', path: '/auth/login/mfa', body: { ticket: p.ticket, code: c } }),
    notifyError: false,
    errorMessage: 'No se pudo verificar el código',
    onError,
    onSuccess: (r: Session) => (r.recoveryCodes ? setEnrolled(r) : p.onSignedIn(r.token, r.result)),
  });
  const { mutate: startSetup } = setupCall;
  useEffect(() => {
    if (p.setup) void startSetup(undefined);
  }, [p.setup, startSetup]);

  if (expired) {
    return (
      <Stack gap="4">
        <Message status="warning">La verificación venció. Vuelva a escribir su contraseña.</Message>
        <Button onClick={p.onRestart}>Volver a iniciar sesión</Button>
      </Stack>
    );
  }
  if (enrolled) return <RecoveryCodesPanel codes={enrolled.recoveryCodes!} doneLabel="Ya los guardé, continuar" onDone={() => p.onSignedIn(enrolled.token, enrolled.result)} />;
  if (p.setup) {
    const setup = setupCall.data as { secret: string; otpauthUrl: string } | undefined;
    return (
      <Stack gap="4">
        <Message status="info">Su empresa exige un segundo factor a los administradores. Configúrelo ahora para ingresar.</Message>
        {setupCall.error && <Message status="error">{setupCall.error}</Message>}
        {setup ? <EnrolPanel setup={setup} busy={verify.isPending} error={verify.error} onConfirm={(c) => void verify.mutate(c)} onCancel={p.onRestart} /> : !setupCall.error && <Spinner aria-label="Cargando" />}
      </Stack>
    );
  }
  return (
    <Stack gap="4" as="form" onSubmit={(e) => (e.preventDefault(), void verify.mutate(code.trim()))} aria-label="Segundo factor">
      <Text>{recovery ? 'Escriba uno de sus códigos de recuperación (cada uno sirve una sola vez).' : 'Escriba el código de 6 dígitos que muestra su aplicación de autenticación.'}</Text>
      {verify.error && <Message status="error">{verify.error}</Message>}
      {recovery ? (
        <TextField key="recovery" label="Código de recuperación" name="recovery-code" autoComplete="off" placeholder="xxxxx-xxxxx" required value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
      ) : (
        <TextField
          key="totp"
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
      )}
      <Button type="submit" colorPalette="blue" loading={verify.isPending}>
        Verificar
      </Button>
      <Text fontSize="sm">
        {/* type="button": inside the form, a plain <button> would submit it (and ask for the code). */}
        <Link asChild variant="underline" colorPalette="blue">
          <button type="button" onClick={() => (setRecovery(!recovery), setCode(''), verify.reset())}>
            {recovery ? 'Usar el código de la aplicación' : '¿Perdió el teléfono? Use un código de recuperación'}
          </button>
        </Link>
        {' · '}
        <Link asChild variant="underline" colorPalette="blue">
          <button type="button" onClick={p.onRestart}>
            Volver
          </button>
        </Link>
      </Text>
    </Stack>
  );
}
