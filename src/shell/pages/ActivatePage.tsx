/**
 * Activate the account from the mailed link (`#/auth/activate/:token`). The page first asks what the
 * link activates (`GET /auth/activate-account/:token`, which does not use it): when the company's RUC
 * has a check digit that does not follow the SRI's algorithm (confirmed at registration), it shows
 * the RUC and lets the user activate it as is or correct it first (`PUT … {ruc}`: the company is not
 * active yet, so its RUC may still change); otherwise it activates on arrival.
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { ApiError } from '../../engine/api-client.ts';
import { AuthCard, Message } from './auth-form.tsx';

interface Pending {
  razonSocial: string;
  ruc: string;
  rucWarning: string | null;
}

interface ActivateVars {
  token: string;
  ruc?: string;
  rucConfirmado?: boolean;
}

export default function ActivatePage() {
  const { token = '' } = useParams();
  const [corrected, setCorrected] = useState('');
  // The server questioned the corrected RUC's check digit: the user may confirm it.
  const [questioned, setQuestioned] = useState<string | null>(null);
  const peek = useMutation({
    request: (t: string) => ({ method: 'GET', path: `/auth/activate-account/${encodeURIComponent(t)}` }),
    notifyError: false,
  });
  const activate = useMutation({
    request: (v: ActivateVars) => ({ method: 'PUT', path: `/auth/activate-account/${encodeURIComponent(v.token)}`, body: { ...(v.ruc ? { ruc: v.ruc } : {}), ...(v.rucConfirmado ? { rucConfirmado: true } : {}) } }),
    notifyError: false,
    onError: (err) => {
      const body = err instanceof ApiError && typeof err.body === 'object' ? (err.body as { code?: string; message?: string }) : undefined;
      if (body?.code !== 'RUC_CHECK_DIGIT') return false;
      setQuestioned(body.message ?? '');
      return true;
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; the token is single use.
    started.current = true;
    void peek.mutate(token).then((p) => {
      // Nothing to ask: activate at once (an unknown or used link is answered by the activation itself).
      if (!(p as Pending | undefined)?.rucWarning) void activate.mutate({ token });
    });
  }, [token, peek.mutate, activate.mutate]);

  const pending = peek.data as Pending | undefined;
  const asking = Boolean(pending?.rucWarning) && activate.data === undefined;
  const activated = activate.data as { message: string } | undefined;
  const result = activated ? { ok: true, message: activated.message } : activate.error !== undefined ? { ok: false, message: activate.error } : undefined;
  const busy = activate.isPending;
  const correct = (rucConfirmado = false) => void activate.mutate({ token, ruc: corrected.trim(), rucConfirmado });

  return (
    <AuthCard title="Activar cuenta">
      {asking && pending ? (
        <Stack gap="4">
          <Message status="warning">
            <Text data-testid="activation-ruc">
              {pending.razonSocial} se registró con el RUC <strong>{pending.ruc}</strong>. {pending.rucWarning}. Antes de activar la cuenta puede corregirlo.
            </Text>
          </Message>
          {result && !result.ok && <Message status="error">{result.message}</Message>}
          <Button colorPalette="blue" loading={busy} onClick={() => void activate.mutate({ token })}>
            El RUC es correcto: activar
          </Button>
          <Field.Root>
            <Field.Label>RUC correcto</Field.Label>
            <Input inputMode="numeric" maxLength={13} value={corrected} onChange={(e) => (setCorrected(e.target.value.trim()), setQuestioned(null))} placeholder="13 dígitos" />
          </Field.Root>
          {questioned && <Message status="warning">{questioned}</Message>}
          <HStack gap="3" wrap="wrap">
            <Button variant="outline" loading={busy} disabled={!/^\d{13}$/.test(corrected)} onClick={() => correct(Boolean(questioned))}>
              {questioned ? 'Confirmar este RUC y activar' : 'Corregir y activar'}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <>
          {!result ? <Spinner aria-label="Activando" /> : <Message status={result.ok ? 'success' : 'error'}>{result.message}</Message>}
          {result?.ok && (
            <Button asChild colorPalette="blue">
              <RouterLink to="/auth/login">Iniciar sesión</RouterLink>
            </Button>
          )}
        </>
      )}
    </AuthCard>
  );
}
