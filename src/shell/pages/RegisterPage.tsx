/** Register a company and its first user; then "revise su correo" (activation link). */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, fieldErrors, Message, TextField } from './auth-form.tsx';

const EMPTY = { ruc: '', razonSocial: '', nombreComercial: '', companyEmail: '', dirMatriz: '', telefono: '', firstName: '', lastName: '', email: '', password: '', password2: '' };

export default function RegisterPage() {
  const [f, setF] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setF((s) => ({ ...s, [k]: e.target.value }));

  const resend = useMutation({
    request: (email: string) => ({ method: 'POST', path: '/auth/resend-activation', body: { email } }),
    success: (r: { message?: string }) => r?.message ?? 'Enlace reenviado',
    errorMessage: 'No se pudo reenviar el correo',
  });

  const register = useMutation({
    request: () => ({
      method: 'POST',
      path: '/auth/register',
      body: {
        company: { ruc: f.ruc.trim(), razonSocial: f.razonSocial, ...(f.nombreComercial ? { nombreComercial: f.nombreComercial } : {}), email: f.companyEmail || f.email, dirMatriz: f.dirMatriz, ...(f.telefono ? { telefono: f.telefono } : {}) },
        user: { firstName: f.firstName, lastName: f.lastName, email: f.email, password: f.password },
      },
    }),
    notifyError: false,
    errorMessage: 'No se pudo registrar la empresa',
  });
  const registered = register.data as { message: string; warnings?: string[] } | undefined;
  const done = registered ? { message: registered.message, warnings: registered.warnings ?? [] } : null;
  const errors: Record<string, string> = mismatch ? { 'user.password2': 'Las contraseñas no coinciden' } : fieldErrors({ details: register.details });
  const error = mismatch ? undefined : register.error;
  const busy = register.isPending || resend.isPending;

  const submit = () => {
    setMismatch(f.password !== f.password2);
    if (f.password !== f.password2) return register.reset();
    void register.mutate();
  };

  if (done) {
    return (
      <AuthCard title="Revise su correo">
        <Message status="success">{done.message}</Message>
        {done.warnings.map((w) => (
          <Message key={w} status="warning">
            {w}
          </Message>
        ))}
        <Text>
          Enviamos el enlace de activación a <strong>{f.email}</strong>. Ábralo para activar la cuenta y luego inicie sesión.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" size="sm" loading={busy} onClick={() => void resend.mutate(f.email)}>
            Reenviar el correo
          </Button>
          <Button asChild size="sm" colorPalette="blue">
            <RouterLink to="/auth/login">Iniciar sesión</RouterLink>
          </Button>
        </HStack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Registrar empresa">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="4">
          {error && <Message status="error">{error}</Message>}
          <Heading size="sm">Empresa</Heading>
          <TextField label="RUC" name="ruc" required inputMode="numeric" maxLength={13} value={f.ruc} onChange={set('ruc')} error={errors['company.ruc']} helper="13 dígitos" autoFocus />
          <TextField label="Razón social" name="razonSocial" required value={f.razonSocial} onChange={set('razonSocial')} error={errors['company.razonSocial']} />
          <TextField label="Nombre comercial" name="nombreComercial" value={f.nombreComercial} onChange={set('nombreComercial')} />
          <TextField label="Dirección matriz" name="dirMatriz" required value={f.dirMatriz} onChange={set('dirMatriz')} error={errors['company.dirMatriz']} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Correo de la empresa" name="companyEmail" type="email" value={f.companyEmail} onChange={set('companyEmail')} error={errors['company.email']} helper="Si lo deja vacío se usa el suyo" />
            <TextField label="Teléfono" name="telefono" value={f.telefono} onChange={set('telefono')} />
          </SimpleGrid>
          <Heading size="sm">Su usuario (administrador)</Heading>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Nombres" name="firstName" required value={f.firstName} onChange={set('firstName')} error={errors['user.firstName']} />
            <TextField label="Apellidos" name="lastName" required value={f.lastName} onChange={set('lastName')} error={errors['user.lastName']} />
          </SimpleGrid>
          <TextField label="Correo electrónico" name="email" type="email" autoComplete="username" required value={f.email} onChange={set('email')} error={errors['user.email']} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="Contraseña" name="password" type="password" autoComplete="new-password" required minLength={8} value={f.password} onChange={set('password')} error={errors['user.password']} helper="Mínimo 8 caracteres" />
            <TextField label="Repita la contraseña" name="password2" type="password" autoComplete="new-password" required value={f.password2} onChange={set('password2')} error={errors['user.password2']} />
          </SimpleGrid>
          <Button type="submit" colorPalette="blue" loading={busy}>
            Registrar
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
