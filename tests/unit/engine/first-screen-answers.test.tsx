// @vitest-environment jsdom
/**
 * A cold deep link's first screen (issue 30): the API client takes the requests the boot script
 * already sent (boot-requests.ts), hooks draw answers that already arrived without a loading state
 * (early-requests.ts peekEarly / useEarlyAnswer), and deferred components draw without Suspense.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { request } from '../../../src/engine/api-client.ts';
import { session, type CurrentUser } from '../../../src/engine/session.ts';
import { startEarly } from '../../../src/engine/early-requests.ts';
import { MENU_PATH, requestMenu, useMenu } from '../../../src/engine/menu.ts';
import { deferred } from '../../../src/shell/deferred.tsx';

const user = { _id: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Pérez', role: 'SUPERADMIN', isStaff: false, company: { _id: 'c1', ruc: '1790016919001', razonSocial: 'Demo S.A.' }, permissions: {} } as CurrentUser;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-total-count': '7' } });
type Boot = { token: string; at: number; requests: Record<string, Promise<Response>> };
const boot = (requests: Record<string, Promise<Response>>, token = 'tok', at = Date.now()) => ((globalThis as { __emiteBoot?: Boot }).__emiteBoot = { token, at, requests });

beforeEach(() => {
  localStorage.clear();
  session.reset();
  session.signIn('tok', user);
});
afterEach(() => {
  cleanup();
  delete (globalThis as { __emiteBoot?: Boot }).__emiteBoot;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests the boot script sent', () => {
  it('a GET of the same URL with the same token takes the answer once, without fetching; the next one fetches', async () => {
    const fetchMock = vi.fn(async () => json(200, [{ _id: 'b' }]));
    vi.stubGlobal('fetch', fetchMock);
    boot({ '/api/invoice?page=1&per_page=20&sort=-fechaEmision': Promise.resolve(json(200, [{ _id: 'a' }])) });
    const first = await request({ path: '/api/invoice', query: { page: 1, per_page: 20, sort: '-fechaEmision' } });
    expect(first).toMatchObject({ data: [{ _id: 'a' }], total: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await request({ path: '/api/invoice', query: { page: 1, per_page: 20, sort: '-fechaEmision' } })).data).toEqual([{ _id: 'b' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('another token, another URL or an old answer is not taken', async () => {
    const fetchMock = vi.fn(async () => json(200, ['fresh']));
    vi.stubGlobal('fetch', fetchMock);
    boot({ '/api/admin/menu/': Promise.resolve(json(200, ['boot'])) }, 'other-token');
    expect((await request({ path: '/api/admin/menu/', kind: 'menu' })).data).toEqual(['fresh']);
    boot({ '/api/admin/menu/': Promise.resolve(json(200, ['boot'])) });
    expect((await request({ path: '/api/admin/schema/', kind: 'menu' })).data).toEqual(['fresh']);
    boot({ '/api/admin/menu/': Promise.resolve(json(200, ['boot'])) }, 'tok', Date.now() - 60_000);
    expect((await request({ path: '/api/admin/menu/', kind: 'menu' })).data).toEqual(['fresh']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a 401 the boot script got ends the session, as any 401 does', async () => {
    vi.stubGlobal('fetch', vi.fn());
    boot({ '/api/admin/menu/': Promise.resolve(json(401, { statusCode: 401, message: 'Token expirado' })) });
    await expect(request({ path: '/api/admin/menu/', kind: 'menu' })).rejects.toMatchObject({ statusCode: 401 });
    expect(session.current()).toBeNull();
  });
});

describe('hooks with an answer already arrived', () => {
  function Menu() {
    const { menu, loading } = useMenu();
    return <p data-testid="menu">{loading ? 'cargando' : menu.map((m) => m.title).join(',')}</p>;
  }
  const app = () => render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><Menu /></SWRConfig>);

  it('the menu draws at once, without asking again, and a later mount draws it from the cache', async () => {
    const fetchMock = vi.fn(async () => json(200, [{ path: '/x', title: 'Otro', type: 'link' }]));
    vi.stubGlobal('fetch', fetchMock);
    boot({ [MENU_PATH]: Promise.resolve(json(200, [{ path: '/dashboard', title: 'Inicio', type: 'link' }])) });
    startEarly(MENU_PATH, requestMenu);
    await act(async () => undefined); // the answer arrives
    app();
    expect(screen.getByTestId('menu').textContent).toBe('Inicio');
    await act(async () => undefined);
    cleanup();
    app(); // another screen's hook, soon after (a fresh swr cache here: it draws the shared answer)
    expect(screen.getByTestId('menu').textContent).toBe('Inicio');
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without an early answer (or once the shared one is over) the hook loads as before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
    vi.stubGlobal('fetch', vi.fn(async () => json(200, [{ path: '/dashboard', title: 'Panel', type: 'link' }])));
    app();
    expect(screen.getByTestId('menu').textContent).toBe('cargando');
    expect(await screen.findByText('Panel')).toBeTruthy();
  });

  it('a hook that drew before the first-screen requests started takes the boot answer, and they do not ask again', async () => {
    const fetchMock = vi.fn(async () => json(200, [{ path: '/x', title: 'Otro', type: 'link' }]));
    vi.stubGlobal('fetch', fetchMock);
    boot({ [MENU_PATH]: Promise.resolve(json(200, [{ path: '/dashboard', title: 'Inicio', type: 'link' }])) });
    app(); // the frame's chunk won the race: the menu hook loads first
    expect(await screen.findByText('Inicio')).toBeTruthy();
    startEarly(MENU_PATH, requestMenu); // startFirstScreen, its chunk arrived later
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('deferred', () => {
  class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
    override state: { error?: string } = {};
    static getDerivedStateFromError(e: Error) {
      return { error: e.message };
    }
    override render() {
      return this.state.error ? <p>error: {this.state.error}</p> : this.props.children;
    }
  }

  it('draws the fallback, then the component once loaded; loaded, it draws at once', async () => {
    let resolve!: (c: (p: { name: string }) => ReactNode) => void;
    const Hello = deferred(() => new Promise<(p: { name: string }) => ReactNode>((r) => (resolve = r)), <p>cargando</p>);
    render(<Hello name="Ana" />);
    expect(screen.getByText('cargando')).toBeTruthy();
    await act(async () => resolve(({ name }) => <p>hola {name}</p>));
    expect(screen.getByText('hola Ana')).toBeTruthy();
    cleanup();
    render(<Hello name="Luis" />);
    expect(screen.getByText('hola Luis')).toBeTruthy();
  });

  it('a failed load reaches the error boundary, and a later mount tries again', async () => {
    let attempts = 0;
    const Broken = deferred<object>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('sin red');
      return () => <p>listo</p>;
    });
    render(<Boundary><Broken /></Boundary>);
    expect(await screen.findByText('error: sin red')).toBeTruthy();
    cleanup();
    render(<Boundary><Broken /></Boundary>);
    expect(await screen.findByText('listo')).toBeTruthy();
  });
});
