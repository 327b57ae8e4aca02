/**
 * Register a company and its first user; then "revise su correo" (activation link). The form is the
 * registration schema (core/registration-form.ts: the company and user schemas' `x-registration`
 * fields, the RUC and the password), the one the server validates the request with, drawn by the
 * engine's SchemaForm; this page adds only what a person typing needs: the password typed twice,
 * and the company e-mail defaulting to the user's. A RUC whose check digit does not follow the SRI's
 * algorithm (the server's 422 RUC_CHECK_DIGIT) is questioned before the company is created: the user
 * confirms it ("El RUC es correcto", sent as `rucConfirmado: true`) or corrects it in the form.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useMutation } from '../../engine/useMutation.ts';
import { ApiError } from '../../engine/api-client.ts';
import { BUNDLED, type JsonSchema, type SchemaEntry } from '../../engine/schema-registry.ts';
import { SchemaForm } from '../../renderers/SchemaForm.tsx';
import { registrationSchema } from '../../../core/registration-form.ts';
import { AuthCard, Message } from './auth-form.tsx';

type RegistrationDraft = Record<string, unknown> & {
  company?: Record<string, unknown> & { ruc?: string; email?: string };
  user?: Record<string, unknown> & { email?: string; password?: string; password2?: string };
};

const MISMATCH = 'Las contraseñas no coinciden';

/**
 * The page's form: the registration schema of the bundled company and user schemas (the copies the
 * server's route is built from, so the page asks exactly what the server takes), with the company
 * e-mail optional (the user's is sent when it is left blank) and the password repeated.
 */
function registrationEntry(): SchemaEntry {
  const body = registrationSchema(BUNDLED.company.schema, BUNDLED.user.schema);
  const { company, user } = body.properties;
  const schema: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: [...body.required],
    properties: {
      company: { ...company, required: (company.required as readonly string[]).filter((k) => k !== 'email'), properties: { ...company.properties } } as JsonSchema,
      user: { ...user, required: [...user.required, 'password2'], properties: { ...user.properties, password2: { type: 'string', title: 'Repita la contraseña' } } } as JsonSchema,
    },
  };
  const ui = {
    company: {
      // The company's fields first as a person reads a RUC certificate; a field added later goes last.
      'ui:order': ['ruc', 'razonSocial', 'nombreComercial', 'dirMatriz', 'email', 'telefono', '*'],
      ruc: { 'ui:autofocus': true, 'ui:description': '13 dígitos' },
      email: { 'ui:description': 'Si lo deja vacío se usa el suyo' },
    },
    user: {
      'ui:order': ['firstName', 'lastName', 'email', 'password', 'password2', '*'],
      email: { 'ui:autocomplete': 'username' },
      password: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password', 'ui:description': 'Mínimo 8 caracteres' },
      password2: { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' },
    },
  };
  return { name: 'registration', schema, ui, list: {} };
}

export default function RegisterPage() {
  const entry = useMemo(registrationEntry, []);
  const [draft, setDraft] = useState<RegistrationDraft>({});
  const [mismatch, setMismatch] = useState(false);
  const email = draft.user?.email ?? '';

  const resend = useMutation({
    request: (email: string) => ({ method: 'POST', path: '/auth/resend-activation', body: { email } }),
    success: (r: { message?: string }) => r?.message ?? 'Enlace reenviado',
    errorMessage: 'No se pudo reenviar el correo',
  });

  // The RUC the server questioned (check digit) and its words; cleared when the RUC changes.
  const [questioned, setQuestioned] = useState<{ ruc: string; message: string } | null>(null);
  const register = useMutation({
    request: (d: RegistrationDraft & { rucConfirmado?: boolean }) => {
      const { password2: _repeated, ...user } = d.user ?? {};
      return { method: 'POST', path: '/auth/register', body: { company: { ...d.company, email: d.company?.email || user.email }, user, ...(d.rucConfirmado ? { rucConfirmado: true } : {}) } };
    },
    notifyError: false,
    errorMessage: 'No se pudo registrar la empresa',
    onError: (err, d) => {
      const body = err instanceof ApiError && typeof err.body === 'object' ? (err.body as { code?: string; message?: string }) : undefined;
      if (body?.code !== 'RUC_CHECK_DIGIT') return false;
      setQuestioned({ ruc: String(d.company?.ruc ?? ''), message: body.message ?? '' });
      return true;
    },
  });
  const registered = register.data as { message: string; warnings?: string[] } | undefined;
  const done = registered ? { message: registered.message, warnings: registered.warnings ?? [] } : null;
  const errors = mismatch ? [{ path: 'user.password2', message: MISMATCH }] : register.details;
  const error = mismatch ? undefined : register.error;
  const busy = register.isPending || resend.isPending;

  const submit = (data: RegistrationDraft) => {
    const differ = data.user?.password !== data.user?.password2;
    setMismatch(differ);
    if (differ) return register.reset();
    void register.mutate(data);
  };
  // A RUC is digits only: spaces pasted around it are dropped as it is typed.
  const change = (data: RegistrationDraft) => {
    const next = data.company?.ruc ? { ...data, company: { ...data.company, ruc: data.company.ruc.trim() } } : data;
    if (questioned && next.company?.ruc !== questioned.ruc) setQuestioned(null);
    setDraft(next);
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
          Enviamos el enlace de activación a <strong>{email}</strong>. Ábralo para activar la cuenta y luego inicie sesión.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" size="sm" loading={busy} onClick={() => void resend.mutate(email)}>
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
      {error && <Message status="error">{error}</Message>}
      {questioned && (
        <Message status="warning">
          <Text data-testid="ruc-question">{questioned.message}</Text>
          <HStack gap="3" wrap="wrap" mt="2">
            <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void register.mutate({ ...draft, rucConfirmado: true })}>
              El RUC es correcto: registrar
            </Button>
            <Button size="sm" variant="outline" onClick={() => document.getElementById('root_company_ruc')?.focus()}>
              Corregir el RUC
            </Button>
          </HStack>
        </Message>
      )}
      <SchemaForm entry={entry} editing={false} formData={draft} onChange={(d) => change(d as RegistrationDraft)} onSubmit={(d) => submit(d as RegistrationDraft)} serverErrors={errors} disabled={busy}>
        <Button type="submit" colorPalette="blue" loading={busy} w="full">
          Registrar
        </Button>
      </SchemaForm>
    </AuthCard>
  );
}
