/**
 * Ask for a reset link (the answer never says whether the address exists). With `?company=<id>`
 * (from the login's company choice) the link is for the account in that company.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Stack } from '@chakra-ui/react';
import { errorMessage, request } from '../../engine/api-client.ts';
import { AuthCard, Message, TextField } from './auth-form.tsx';

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const company = params.get('company');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Recuperar contraseña">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            const { data } = await request<{ message: string }>({ method: 'POST', path: company ? `/auth/company/${encodeURIComponent(company)}/forgot-password` : '/auth/forgot-password', body: { email }, kind: 'auth' });
            setResult({ ok: true, message: data.message });
          } catch (err) {
            setResult({ ok: false, message: errorMessage(err) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="4">
          {result && <Message status={result.ok ? 'success' : 'error'}>{result.message}</Message>}
          <TextField label="Correo electrónico" type="email" name="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <Button type="submit" colorPalette="blue" loading={busy}>
            Enviar enlace
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
