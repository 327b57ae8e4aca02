/**
 * Mi Perfil (`#/pages/user`): rename yourself, change your e-mail (with your current password; the
 * new address takes effect from the link mailed to it) and change your password.
 */
import { useState } from 'react';
import { Button, Card, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { ApiError, errorMessage, request } from '../../engine/api-client.ts';
import { notify } from '../../engine/notify.ts';
import { session, useSession } from '../../engine/session.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { Message, TextField } from './auth-form.tsx';

export default function ProfilePage() {
  const user = useSession()!;
  const entry = useSchema('profile');
  const [saving, setSaving] = useState(false);
  /** The e-mail as typed: a different one asks for the current password. */
  const [emailDraft, setEmailDraft] = useState(user.email);
  const [emailPassword, setEmailPassword] = useState('');
  const [emailPasswordError, setEmailPasswordError] = useState<string>();
  const [pendingEmail, setPendingEmail] = useState<string>();
  /** Remounts the form (back to the stored e-mail) once a change was requested. */
  const [formKey, setFormKey] = useState(0);
  const changesEmail = emailDraft.trim().toLowerCase() !== user.email;
  const [pw, setPw] = useState({ currentPassword: '', password: '', password2: '' });
  const [pwError, setPwError] = useState<string>();
  const [pwBusy, setPwBusy] = useState(false);

  const saveProfile = async (data: Record<string, unknown>) => {
    setEmailPasswordError(undefined);
    setSaving(true);
    try {
      const body = { email: changesEmail ? String(data.email).trim() : user.email, role: user.role, active: true, firstName: data.firstName, lastName: data.lastName, ...(changesEmail ? { currentPassword: emailPassword } : {}) };
      const { data: saved } = await request<{ pendingEmail?: string }>({ method: 'PUT', path: `/api/user/${user._id}`, body, kind: 'form' });
      const { data: fresh } = await request<typeof user>({ path: '/api/user/profile-info', kind: 'profile' });
      session.update({ user: fresh });
      if (saved.pendingEmail) {
        setPendingEmail(saved.pendingEmail);
        setEmailPassword('');
        setEmailDraft(fresh.email);
        setFormKey((k) => k + 1);
        notify('success', `Enviamos un enlace de confirmación a ${saved.pendingEmail}`);
      } else {
        notify('success', 'Perfil actualizado');
      }
    } catch (err) {
      if (err instanceof ApiError && typeof err.body === 'object' && err.body.details?.some((d) => d.path === 'currentPassword')) setEmailPasswordError(err.message);
      else notify('danger', errorMessage(err, 'No se pudo guardar'));
    } finally {
      setSaving(false);
    }
  };

  const changePassword = async () => {
    setPwError(undefined);
    if (pw.password !== pw.password2) return setPwError('Las contraseñas no coinciden');
    setPwBusy(true);
    try {
      const { data } = await request<{ token: string }>({ method: 'PUT', path: '/api/user/password', body: { currentPassword: pw.currentPassword, password: pw.password }, kind: 'form' });
      session.update({ token: data.token });
      setPw({ currentPassword: '', password: '', password2: '' });
      notify('success', 'Contraseña actualizada');
    } catch (err) {
      setPwError(err instanceof ApiError ? err.message : errorMessage(err));
    } finally {
      setPwBusy(false);
    }
  };

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Card.Root>
        <Card.Header>
          <Heading size="md">Mis datos</Heading>
        </Card.Header>
        <Card.Body>
          {pendingEmail && (
            <Message status="info">
              Le enviamos un enlace de confirmación a {pendingEmail}. Su correo cambiará cuando lo abra (vence en 24 horas); hasta entonces siga usando {user.email}.
            </Message>
          )}
          {entry && (
            <SchemaForm
              key={formKey}
              entry={entry}
              editing
              formData={{ email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role }}
              onChange={(data) => setEmailDraft(String(data.email ?? ''))}
              onSubmit={saveProfile}
              disabled={saving}
            >
              {changesEmail && (
                <Stack mt="4">
                  <TextField
                    label="Contraseña actual (para cambiar el correo)"
                    type="password"
                    autoComplete="current-password"
                    required
                    value={emailPassword}
                    error={emailPasswordError}
                    onChange={(e) => setEmailPassword(e.target.value)}
                  />
                </Stack>
              )}
              <HStack justify="flex-end" mt="4">
                <Button type="submit" colorPalette="blue" loading={saving}>
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
              void changePassword();
            }}
          >
            <Stack gap="4">
              {pwError && <Message status="error">{pwError}</Message>}
              <TextField label="Contraseña actual" type="password" autoComplete="current-password" required value={pw.currentPassword} onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })} />
              <TextField label="Contraseña nueva" type="password" autoComplete="new-password" required minLength={8} value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} />
              <TextField label="Repita la contraseña nueva" type="password" autoComplete="new-password" required value={pw.password2} onChange={(e) => setPw({ ...pw, password2: e.target.value })} />
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="blue" loading={pwBusy}>
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
