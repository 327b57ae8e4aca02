/** Choose a new password from a mailed link (`#/auth/reset-password/:token`). */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Link, Stack } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, Message, TextField } from './auth-form.tsx';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({
    request: (newPassword: string) => ({ method: 'PUT', path: '/auth/reset-password', body: { token, password: newPassword } }),
    notifyError: false,
  });
  const saved = reset.data as { message: string } | undefined;
  const result = mismatch ? { ok: false, message: 'Las contraseñas no coinciden' } : saved ? { ok: true, message: saved.message } : reset.error !== undefined ? { ok: false, message: reset.error } : undefined;
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
          onSubmit={(e) => {
            e.preventDefault();
            setMismatch(password !== password2);
            if (password === password2) void reset.mutate(password);
          }}
        >
          <Stack gap="4">
            {result && <Message status="error">{result.message}</Message>}
            <TextField label="Contraseña nueva" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} helper="Mínimo 8 caracteres" autoFocus />
            <TextField label="Repita la contraseña" type="password" autoComplete="new-password" required value={password2} onChange={(e) => setPassword2(e.target.value)} />
            <Button type="submit" colorPalette="blue" loading={reset.isPending}>
              Guardar contraseña
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
