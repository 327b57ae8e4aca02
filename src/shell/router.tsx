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

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('./pages/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage.tsx'));
const ActivatePage = lazy(() => import('./pages/ActivatePage.tsx'));
const ConfirmEmailPage = lazy(() => import('./pages/ConfirmEmailPage.tsx'));
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
