/**
 * The session (spec §4): signed in when a current user exists. The user is kept in localStorage
 * `currentUser` and the token in `auth_token`; login announces the user to subscribers, logout
 * removes both and announces null.
 * @example const user = useSession(); if (!user) return <Navigate to="/login" />;
 */
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../core/current-user.ts';

export type { CurrentUser } from '../../core/current-user.ts';

const USER_KEY = 'currentUser';
const TOKEN_KEY = 'auth_token';
const listeners = new Set<() => void>();
let cached: CurrentUser | null | undefined;
let endedByUserAt: string | null = null;

function read(): CurrentUser | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(USER_KEY);
    cached = raw && localStorage.getItem(TOKEN_KEY) ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    cached = null;
  }
  return cached;
}

const announce = () => listeners.forEach((l) => l());

export const session = {
  current: read,
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  /** After a login that returned a token: store both and announce the user. */
  signIn(token: string, user: CurrentUser) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    cached = user;
    endedByUserAt = null;
    announce();
  },
  /** Replace the stored user (profile edits) or token (password change) without signing out. */
  update(p: { user?: CurrentUser; token?: string }) {
    if (p.token) localStorage.setItem(TOKEN_KEY, p.token);
    if (p.user) {
      localStorage.setItem(USER_KEY, JSON.stringify(p.user));
      cached = p.user;
    }
    announce();
  },
  /**
   * Remove user and token and announce null. `byUserAt`: the page where the user chose to leave
   * (Cerrar Sesión); the guard sends that page to login without a returnUrl.
   */
  signOut(opts: { byUserAt?: string } = {}) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    cached = null;
    endedByUserAt = opts.byUserAt ?? null;
    announce();
  },
  /** The page where the user last signed out on purpose, if the session ended that way. */
  endedByUserAt: (): string | null => endedByUserAt,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Forget the in-memory copy (tests that edit localStorage directly). */
  reset() {
    cached = undefined;
    endedByUserAt = null;
  },
};

export function useSession(): CurrentUser | null {
  return useSyncExternalStore(session.subscribe, session.current, session.current);
}

export function can(user: CurrentUser | null, resource: string, action: string): boolean {
  return Boolean(user?.permissions[resource]?.includes(action));
}
