/**
 * Route guard (spec §2): without a current user, send the visitor to `/login?returnUrl=<attempted>`
 * (or to `/pages/login` right after the user's own Cerrar Sesión).
 * @example <Guard><AppLayout /></Guard>
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { session, useSession } from '../engine/session.ts';

export function loginRedirect(attempted: string): string {
  return `/login?returnUrl=${encodeURIComponent(attempted)}`;
}

export function Guard({ children }: { children: ReactNode }) {
  const user = useSession();
  const location = useLocation();
  // Cerrar Sesión on this page: the login page as such, not a way back here.
  if (!user) return <Navigate to={session.endedByUserAt() === location.pathname ? '/pages/login' : loginRedirect(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
