/** Choose a new password from a mailed link (`#/auth/reset-password/:token`). */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Link, Stack } from '@chakra-ui/react';
import { errorMessage, request } from '../../engine/api-client.ts';
import { AuthCard, Message, TextField } from './auth-form.tsx';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Nueva contraseña">
      {result?.ok ? (
        <>
          <Message status="success">{result.message}</Message>
          <Link asChild>
            <RouterLink to="/auth/login">Iniciar sesión</RouterLink>
          </Link>
        </>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (password !== password2) return setResult({ ok: false, message: 'Las contraseñas no coinciden' });
            setBusy(true);
            try {
              const { data } = await request<{ message: string }>({ method: 'PUT', path: '/auth/reset-password', body: { token, password }, kind: 'auth' });
              setResult({ ok: true, message: data.message });
            } catch (err) {
              setResult({ ok: false, message: errorMessage(err) });
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack gap="4">
            {result && <Message status="error">{result.message}</Message>}
            <TextField label="Contraseña nueva" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} helper="Mínimo 8 caracteres" autoFocus />
            <TextField label="Repita la contraseña" type="password" autoComplete="new-password" required value={password2} onChange={(e) => setPassword2(e.target.value)} />
            <Button type="submit" colorPalette="blue" loading={busy}>
              Guardar contraseña
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
