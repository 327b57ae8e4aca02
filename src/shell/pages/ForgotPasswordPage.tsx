/**
 * Ask for a reset link (the answer never says whether the address exists). With `?company=<id>`
 * (from the login's company choice) the link is for the account in that company.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, Message, TextField } from './auth-form.tsx';

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const company = params.get('company');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const send = useMutation({
    request: (address: string) => ({ method: 'POST', path: company ? `/auth/company/${encodeURIComponent(company)}/forgot-password` : '/auth/forgot-password', body: { email: address } }),
    notifyError: false,
  });
  const sent = send.data as { message: string } | undefined;
  const result = sent ? { ok: true, message: sent.message } : send.error !== undefined ? { ok: false, message: send.error } : undefined;
  return (
    <AuthCard title="Recuperar contraseña">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send.mutate(email);
        }}
      >
        <Stack gap="4">
          {result && <Message status={result.ok ? 'success' : 'error'}>{result.message}</Message>}
          <TextField label="Correo electrónico" type="email" name="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <Button type="submit" colorPalette="blue" loading={send.isPending}>
            Enviar enlace
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
