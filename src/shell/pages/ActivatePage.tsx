/** Activate the account from the mailed link (`#/auth/activate/:token`), on arrival. */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Spinner } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, Message } from './auth-form.tsx';

export default function ActivatePage() {
  const { token = '' } = useParams();
  const activate = useMutation({
    request: (t: string) => ({ method: 'PUT', path: `/auth/activate-account/${encodeURIComponent(t)}`, body: {} }),
    notifyError: false,
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; the token is single use.
    started.current = true;
    void activate.mutate(token);
  }, [token, activate.mutate]);
  const activated = activate.data as { message: string } | undefined;
  const result = activated ? { ok: true, message: activated.message } : activate.error !== undefined ? { ok: false, message: activate.error } : undefined;
  return (
    <AuthCard title="Activar cuenta">
      {!result ? <Spinner aria-label="Activando" /> : <Message status={result.ok ? 'success' : 'error'}>{result.message}</Message>}
      {result?.ok && (
        <Button asChild colorPalette="blue">
          <RouterLink to="/auth/login">Iniciar sesión</RouterLink>
        </Button>
      )}
    </AuthCard>
  );
}
