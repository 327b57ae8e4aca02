/**
 * Mi Perfil (`#/pages/user`): rename yourself, change your e-mail (with your current password; the
 * new address takes effect from the link mailed to it), change your password, and turn the second
 * factor on or off (SecondFactorCard).
 */
import { useState } from 'react';
import { Button, Card, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { ApiError, errorMessage } from '../../engine/api-client.ts';
import { refreshCurrentUser } from '../../engine/profile.ts';
import { saveRecord } from '../../engine/resources.ts';
import { session, useSession } from '../../engine/session.ts';
import { useSchema } from '../../engine/schema-registry.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { Message, TextField } from './auth-form.tsx';
import { SecondFactorCard } from './second-factor/SecondFactorCard.tsx';

/** Whether an error of the profile save is about the current password (asked for an e-mail change). */
const isCurrentPasswordError = (err: unknown) => err instanceof ApiError && typeof err.body === 'object' && Boolean(err.body.details?.some((d) => d.path === 'currentPassword'));

export default function ProfilePage() {
  const user = useSession()!;
  const entry = useSchema('profile');
  const stored = (u: typeof user) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role });
  /**
   * The form's data as typed, handed back to the form: a fresh object each render would make rjsf
   * reset the fields to it whenever the password field appears. A different e-mail asks for the
   * current password.
   */
  const [draft, setDraft] = useState<Record<string, unknown>>(() => stored(user));
  const emailDraft = String(draft.email ?? '');
  const [emailPassword, setEmailPassword] = useState('');
  const [emailPasswordError, setEmailPasswordError] = useState<string>();
  const [pendingEmail, setPendingEmail] = useState<string>();
  /** Remounts the form (back to the stored e-mail) once a change was requested. */
  const [formKey, setFormKey] = useState(0);
  const changesEmail = emailDraft.trim().toLowerCase() !== user.email;
  const [pw, setPw] = useState({ currentPassword: '', password: '', password2: '' });
  const [pwMismatch, setPwMismatch] = useState(false);

  const profile = useMutation({
    mutationFn: async (data: Record<string, unknown>) => {
      const body = { email: changesEmail ? String(data.email).trim() : user.email, role: user.role, active: true, firstName: data.firstName, lastName: data.lastName, ...(changesEmail ? { currentPassword: emailPassword } : {}) };
      const saved = await saveRecord<{ pendingEmail?: string }>({ resource: 'user', id: user._id, body });
      return { pendingEmail: saved.pendingEmail, fresh: await refreshCurrentUser() };
    },
    success: ({ pendingEmail }) => (pendingEmail ? `Enviamos un enlace de confirmación a ${pendingEmail}` : 'Perfil actualizado'),
    errorMessage: 'No se pudo guardar',
    onSuccess: ({ pendingEmail, fresh }) => {
      if (!pendingEmail) return;
      setPendingEmail(pendingEmail);
      setEmailPassword('');
      setDraft(stored(fresh));
      setFormKey((k) => k + 1);
    },
    // A wrong current password is shown under its field, not as a notification.
    onError: (err) => {
      if (!isCurrentPasswordError(err)) return false;
      setEmailPasswordError(errorMessage(err));
      return true;
    },
  });
  const saveProfile = (data: Record<string, unknown>) => {
    setEmailPasswordError(undefined);
    void profile.mutate(data);
  };

  const password = useMutation({
    request: (p: { currentPassword: string; password: string }) => ({ method: 'PUT', path: '/api/user/password', body: p }),
    success: 'Contraseña actualizada',
    notifyError: false,
    onSuccess: (r: { token: string }) => {
      session.update({ token: r.token });
      setPw({ currentPassword: '', password: '', password2: '' });
    },
  });
  const changePassword = () => {
    setPwMismatch(pw.password !== pw.password2);
    if (pw.password !== pw.password2) return password.reset();
    void password.mutate({ currentPassword: pw.currentPassword, password: pw.password });
  };
  const pwError = pwMismatch ? 'Las contraseñas no coinciden' : password.error;
  const saving = profile.isPending;
  const pwBusy = password.isPending;

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
              formData={draft}
              onChange={setDraft}
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
              changePassword();
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
      <SecondFactorCard />
    </SimpleGrid>
  );
}
