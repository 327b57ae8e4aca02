/** Mi Perfil (`#/pages/user`): rename yourself and change your password. */
import { useState } from 'react';
import { Button, Card, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { refreshCurrentUser } from '../../engine/profile.ts';
import { session, useSession } from '../../engine/session.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { Message, TextField } from './auth-form.tsx';

export default function ProfilePage() {
  const user = useSession()!;
  const entry = useSchema('profile');
  const [pw, setPw] = useState({ currentPassword: '', password: '', password2: '' });
  const [mismatch, setMismatch] = useState(false);

  const profile = useMutation({
    request: (data: Record<string, unknown>) => ({ method: 'PUT', path: `/api/user/${user._id}`, body: { email: user.email, role: user.role, active: true, firstName: data.firstName, lastName: data.lastName } }),
    onSuccess: refreshCurrentUser,
    success: 'Perfil actualizado',
    errorMessage: 'No se pudo guardar',
  });

  const password = useMutation({
    request: (p: { currentPassword: string; password: string }) => ({ method: 'PUT', path: '/api/user/password', body: p }),
    notifyError: false,
    onSuccess: (r: { token: string }) => {
      session.update({ token: r.token });
      setPw({ currentPassword: '', password: '', password2: '' });
    },
    success: 'Contraseña actualizada',
  });

  const changePassword = () => {
    setMismatch(pw.password !== pw.password2);
    password.reset();
    if (pw.password === pw.password2) void password.mutate({ currentPassword: pw.currentPassword, password: pw.password });
  };
  const pwError = mismatch ? 'Las contraseñas no coinciden' : password.error;

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Card.Root>
        <Card.Header>
          <Heading size="md">Mis datos</Heading>
        </Card.Header>
        <Card.Body>
          {entry && (
            <SchemaForm entry={entry} editing formData={{ email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role }} onSubmit={profile.mutate} disabled={profile.isPending}>
              <HStack justify="flex-end" mt="4">
                <Button type="submit" colorPalette="blue" loading={profile.isPending}>
                  Guardar
                </Button>
              </HStack>
            </SchemaForm>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading size="md">Cambiar contraseña</Heading>
        </Card.Header>
        <Card.Body>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              changePassword();
            }}
          >
            <Stack gap="4">
              {pwError && <Message status="error">{pwError}</Message>}
              <TextField label="Contraseña actual" type="password" autoComplete="current-password" required value={pw.currentPassword} onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })} />
              <TextField label="Contraseña nueva" type="password" autoComplete="new-password" required minLength={8} value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} />
              <TextField label="Repita la contraseña nueva" type="password" autoComplete="new-password" required value={pw.password2} onChange={(e) => setPw({ ...pw, password2: e.target.value })} />
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="blue" loading={password.isPending}>
                  Cambiar contraseña
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
