/**
 * Confirm a new e-mail from the link mailed to it (`#/auth/confirm-email/:token`), on arrival. The
 * change ends every older session; when this browser held the session that asked for it, the
 * answer carries a fresh token and user, stored here so the user stays signed in (any other
 * session of that user ends at its next API call, which answers 401).
 */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Spinner } from '@chakra-ui/react';
import { errorMessage, request } from '../../engine/api-client.ts';
import { session, type CurrentUser } from '../../engine/session.ts';
import { AuthCard, Message } from './auth-form.tsx';

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ ok: boolean; message: string; signedIn?: boolean }>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; the token is single use.
    started.current = true;
    request<{ message: string; token?: string; result?: CurrentUser }>({ method: 'PUT', path: `/auth/confirm-email/${encodeURIComponent(token)}`, body: {}, kind: 'auth' })
      .then(({ data }) => {
        if (data.token && data.result) session.update({ token: data.token, user: data.result });
        setResult({ ok: true, message: data.message, signedIn: Boolean(data.token) });
      })
      .catch((err) => setResult({ ok: false, message: errorMessage(err) }));
  }, [token]);
  return (
    <AuthCard title="Confirmar correo">
      {!result ? <Spinner aria-label="Confirmando" /> : <Message status={result.ok ? 'success' : 'error'}>{result.message}</Message>}
      {result?.ok && (
        <Button asChild colorPalette="blue">
          {result.signedIn ? <RouterLink to="/pages/user">Ir a Mi Perfil</RouterLink> : <RouterLink to="/auth/login">Iniciar sesión</RouterLink>}
        </Button>
      )}
    </AuthCard>
  );
}
