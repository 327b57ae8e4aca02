/**
 * Hash routes (DESIGN.md §3): `#/auth/…` public pages in the auth layout (lazy); `#/login` and
 * `#/pages/login` show login keeping `returnUrl`; everything else is guarded and drawn inside the
 * app layout, the menu's screens by ScreenRouter. The empty path goes to `#/auth`, which goes to the
 * dashboard when a session exists.
 */
import { lazy } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Center, Spinner } from '@chakra-ui/react';
import { AuthLayout } from './AuthLayout.tsx';
import { Guard } from './Guard.tsx';
import { session } from '../engine/session.ts';
import { deferred } from './deferred.tsx';
import { AUTH_PAGE_PATH, LOGIN_PATH } from '../engine/first-screen-paths.ts';

// The signed-in frame (menu, drawer, popovers) loads after the guard lets the user in, so the
// login page's first load stays small. Deferred, not lazy: no Suspense throttling on a deep link.
const AppLayout = deferred(
  () => import('./AppLayout.tsx').then((m) => m.AppLayout),
  <Center minH="100vh">
    <Spinner size="lg" aria-label="Cargando" />
  </Center>,
);
const ScreenRouter = deferred(() => import('./ScreenRouter.tsx').then((m) => m.ScreenRouter), <Spinner aria-label="Cargando" />);
// Signed in, the frame and the screen router are asked for now: loaded by the time React draws,
// they draw in the same pass as the rest (the boot script already preloads their chunks).
if (session.current()) {
  void AppLayout.preload().catch(() => undefined);
  void ScreenRouter.preload().catch(() => undefined);
}

// The public pages draw their own spinner while their chunk loads (deferred.tsx: no Suspense
// fallback, so React does not hold the page back after it arrives).
const loadingPage = <Spinner aria-label="Cargando" />;
const LoginPage = deferred(() => import('./pages/LoginPage.tsx').then((m) => m.default), loadingPage);
const RegisterPage = deferred(() => import('./pages/RegisterPage.tsx').then((m) => m.default), loadingPage);
const ForgotPasswordPage = deferred(() => import('./pages/ForgotPasswordPage.tsx').then((m) => m.default), loadingPage);
const ResetPasswordPage = deferred(() => import('./pages/ResetPasswordPage.tsx').then((m) => m.default), loadingPage);
const ActivatePage = deferred(() => import('./pages/ActivatePage.tsx').then((m) => m.default), loadingPage);
const ConfirmEmailPage = deferred(() => import('./pages/ConfirmEmailPage.tsx').then((m) => m.default), loadingPage);
const ProfilePage = lazy(() => import('./pages/ProfilePage.tsx'));
const CompanyPage = lazy(() => import('./pages/CompanyPage.tsx'));

function AuthIndex() {
  return <Navigate to={session.current() ? '/dashboard' : '/auth/login'} replace />;
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth" replace /> },
  {
    path: '/auth',
    element: <AuthLayout />,
    children: [
      { index: true, element: <AuthIndex /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'activate/:token', element: <ActivatePage /> },
      { path: 'confirm-email/:token', element: <ConfirmEmailPage /> },
    ],
  },
  { path: '/login', element: <AuthLayout />, children: [{ index: true, element: <LoginPage /> }] },
  { path: '/pages/login', element: <AuthLayout />, children: [{ index: true, element: <LoginPage /> }] },
  {
    element: (
      <Guard>
        <AppLayout />
      </Guard>
    ),
    children: [
      { path: '/pages/user', element: <ProfilePage /> },
      { path: '/pages/company', element: <CompanyPage /> },
      // Configuración > Empresa in the sidebar (menu seed 'config.company'): the same page.
      { path: '/config/company', element: <CompanyPage /> },
      { path: '*', element: <ScreenRouter /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(routes);

/**
 * Starts loading the login page's chunk when the visit draws it first: `#/login`, `#/auth/login`,
 * `#/pages/login`, or, without a session, any address but the other public pages (the guard sends
 * the visitor to login). Its chunks are already on their way (the build's first-screen preload);
 * importing them while the entry still runs lets the first render draw the form itself.
 * @returns when the login page's module is there (or failed to load), or undefined when the visit starts elsewhere
 * @param hash `location.hash`, e.g. `#/login?returnUrl=%2Fdashboard`
 */
export function preloadFirstPage(hash: string, signedIn: boolean): Promise<void> | undefined {
  const path = hash.replace(/^#/, '').split('?')[0];
  const login = LOGIN_PATH.test(path);
  return login || (!signedIn && !AUTH_PAGE_PATH.test(path)) ? LoginPage.preload().then(() => undefined, () => undefined) : undefined;
}
