/** Activate the account from the mailed link (`#/auth/activate/:token`), on arrival. */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Spinner } from '@chakra-ui/react';
import { errorMessage, request } from '../../engine/api-client.ts';
import { AuthCard, Message } from './auth-form.tsx';

export default function ActivatePage() {
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; the token is single use.
    started.current = true;
    request<{ message: string }>({ method: 'PUT', path: `/auth/activate-account/${encodeURIComponent(token)}`, body: {}, kind: 'auth' })
      .then(({ data }) => setResult({ ok: true, message: data.message }))
      .catch((err) => setResult({ ok: false, message: errorMessage(err) }));
  }, [token]);
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
