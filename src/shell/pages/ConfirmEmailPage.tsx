/**
 * Confirm a new e-mail from the link mailed to it (`#/auth/confirm-email/:token`), on arrival. The
 * change ends every older session; when this browser held the session that asked for it, the
 * answer carries a fresh token and user, stored here so the user stays signed in (any other
 * session of that user ends at its next API call, which answers 401).
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Spinner } from '@chakra-ui/react';
import { session, type CurrentUser } from '../../engine/session.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, Message } from './auth-form.tsx';

export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useMutation({
    request: (t: string) => ({ method: 'PUT', path: `/auth/confirm-email/${encodeURIComponent(t)}`, body: {} }),
    notifyError: false,
    onSuccess: (r: { message: string; token?: string; result?: CurrentUser }) => {
      if (r.token && r.result) session.update({ token: r.token, user: r.result });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; the token is single use.
    started.current = true;
    void confirm.mutate(token);
  }, [token, confirm.mutate]);
  const confirmed = confirm.data;
  const result = confirmed ? { ok: true, message: confirmed.message, signedIn: Boolean(confirmed.token) } : confirm.error !== undefined ? { ok: false, message: confirm.error } : undefined;
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
