/**
 * Test harness for screens: Chakra, a fresh swr cache, a memory router, a signed-in user and a
 * fetch mock answering by method and path (unknown calls answer 404 and are recorded).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { SWRConfig } from 'swr';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { session, type CurrentUser } from '../../../src/engine/session.ts';

export const USER: CurrentUser = {
  _id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'SUPERADMIN',
  isStaff: false,
  company: { _id: 'c1', ruc: '1790016919001', razonSocial: 'Demo S.A.' },
  permissions: { product: ['read', 'create', 'update', 'delete'], customer: ['read'] },
};

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Stub fetch: `handlers['GET /api/product']` answers that call; the schema call fails (bundled schemas are used). */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answer = handlers[`${call.method} ${call.path}`]?.(call) ?? { status: 404, body: { statusCode: 404, message: `sin respuesta de prueba para ${call.method} ${call.path}` } };
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status, headers: { 'content-type': 'application/json', ...answer.headers } });
    }),
  );
  return calls;
}

export function renderScreen(routes: RouteObject[], initial: string, user: CurrentUser | null = USER): { router: ReturnType<typeof createMemoryRouter> } & ReturnType<typeof render> {
  if (user) session.signIn('tok', user);
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  const wrap = (children: ReactNode) => (
    <ChakraProvider value={defaultSystem}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
    </ChakraProvider>
  );
  return { router, ...render(wrap(<RouterProvider router={router} />)) };
}

/**
 * What jsdom lacks and the signed-in shell uses: `window.scrollTo` (the shell scrolls to the top on
 * every navigation) and ResizeObserver (it positions popovers, the profile menu). Call in beforeAll.
 */
export function stubLayout(): void {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
