/**
 * Sign in (`#/auth/login`, also `#/login` and `#/pages/login`, keeping `returnUrl`). On a 409 (the
 * e-mail belongs to several companies) asks which company and signs in to it. With a second factor
 * (`mfaRequired` and a ticket) the code is asked next (SecondFactorStep). After login goes to
 * `returnUrl` (same-origin paths only) or the dashboard.
 */
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../../engine/api-client.ts';
import { session, type CurrentUser } from '../../engine/session.ts';
import { useMutation } from '../../engine/useMutation.ts';
import { AuthCard, Message, TextField } from './auth-form.tsx';
import type { CompanyChoice } from './CompanyChoiceDialog.tsx';

// Only a user with a second factor needs it: kept out of the login page's own chunk.
const SecondFactorStep = lazy(() => import('./second-factor/SecondFactorStep.tsx').then((m) => ({ default: m.SecondFactorStep })));
// Only an e-mail with accounts in several companies needs the dialog (and Chakra's dialog, portal
// and close button): loaded with the first 409, then kept mounted so it closes as before.
const CompanyChoiceDialog = lazy(() => import('./CompanyChoiceDialog.tsx').then((m) => ({ default: m.CompanyChoiceDialog })));

type LoginAnswer = { token: string; result: CurrentUser } | { mfaRequired: true; mfaSetupRequired?: boolean; ticket: string };

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [companies, setCompanies] = useState<CompanyChoice[] | null>(null);
  const [secondStep, setSecondStep] = useState<{ ticket: string; setup: boolean } | null>(null);
  const [choiceAsked, setChoiceAsked] = useState(false);
  if (companies && !choiceAsked) setChoiceAsked(true);

  const finish = (token: string, user: CurrentUser) => {
    session.signIn(token, user);
    navigate(returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/dashboard', { replace: true });
  };

  const signIn = useMutation({
    request: (companyId: string | undefined) => ({ method: 'PUT', path: companyId ? `/auth/company/${encodeURIComponent(companyId)}/login` : '/auth/login', body: { email, password } }),
    notifyError: false,
    errorMessage: 'No se pudo iniciar sesión',
    onSuccess: (r: LoginAnswer) => ('ticket' in r ? setSecondStep({ ticket: r.ticket, setup: Boolean(r.mfaSetupRequired) }) : finish(r.token, r.result)),
    // 409: the e-mail belongs to several companies; the dialog asks which.
    onError: (err) => {
      const body = err instanceof ApiError && typeof err.body === 'object' ? (err.body as { companies?: CompanyChoice[] }) : undefined;
      if (err instanceof ApiError && err.status === 409 && body?.companies) {
        setCompanies(body.companies);
        return true;
      }
    },
  });
  const login = (companyId?: string) => signIn.mutate(companyId);
  const error = signIn.error;
  const busy = signIn.isPending;

  if (secondStep) {
    return (
      <AuthCard title={secondStep.setup ? 'Configurar segundo factor' : 'Verificación en dos pasos'}>
        <Suspense fallback={<Spinner aria-label="Cargando" />}>
          <SecondFactorStep ticket={secondStep.ticket} setup={secondStep.setup} onSignedIn={finish} onRestart={() => (setSecondStep(null), setPassword(''), signIn.reset())} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Iniciar sesión">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void login();
        }}
      >
        <Stack gap="4">
          {error && <Message status="error">{error}</Message>}
          <TextField label="Correo electrónico" type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <TextField label="Contraseña" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" colorPalette="blue" loading={busy}>
            Ingresar
          </Button>
          <Text fontSize="sm">
            <Link asChild>
              <RouterLink to="/auth/forgot-password">¿Olvidó su contraseña?</RouterLink>
            </Link>
            {' · '}
            <Link asChild>
              <RouterLink to="/auth/register">Registrar una empresa</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
      {choiceAsked && (
        <Suspense fallback={null}>
          <CompanyChoiceDialog
            companies={companies}
            email={email}
            busy={busy}
            onChoose={(companyId) => {
              setCompanies(null);
              void login(companyId);
            }}
            onClose={() => setCompanies(null)}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
