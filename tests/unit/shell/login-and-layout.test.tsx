// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../../../src/shell/router.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, stubLayout, USER } from '../renderers/harness.tsx';

beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

describe('login', () => {
  // The login page and its dialogs load lazily; under the whole unit suite's load that can pass the default 1 s.
  const slow = { timeout: 10_000 };

  it('keeps returnUrl, asks which company on a 409, signs in there and goes back', async () => {
    const calls = mockApi({
      'PUT /auth/login': () => ({ status: 409, body: { statusCode: 409, message: 'Elija la empresa', companies: [{ _id: 'c1', razonSocial: 'Demo S.A.' }, { _id: 'c2', razonSocial: 'Ferretería El Tornillo' }] } }),
      'PUT /auth/company/c2/login': () => ({ body: { token: 'tok-c2', result: { ...USER, company: { _id: 'c2', ruc: '1710744424001', razonSocial: 'Ferretería El Tornillo' } } } }),
      'GET /api/customer': () => ({ body: [], headers: { 'x-total-count': '0' } }),
    });
    const { router } = renderScreen(routes, '/invoicing/customer', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(router.state.location.search).toBe('?returnUrl=%2Finvoicing%2Fcustomer');
    fireEvent.change(await screen.findByLabelText(/Correo electrónico/, {}, slow), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'Clave1234!' } });
    fireEvent.submit(screen.getByLabelText(/Contraseña/).closest('form')!);
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('¿Con qué empresa desea ingresar?')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Ferretería El Tornillo'));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('PUT /auth/company/c2/login'), slow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoicing/customer'), slow);
    expect(calls.find((c) => c.path === '/auth/company/c2/login')!.body).toEqual({ email: 'ana@example.com', password: 'Clave1234!' });
    expect(localStorage.getItem('auth_token')).toBe('tok-c2');
    expect(session.current()?.company._id).toBe('c2');
  });

  it('shows the server message of a failed login on the page', async () => {
    mockApi({ 'PUT /auth/login': () => ({ status: 401, body: { statusCode: 401, message: 'Correo o contraseña incorrectos' } }) });
    renderScreen(routes, '/auth/login', null);
    fireEvent.change(await screen.findByLabelText(/Correo electrónico/), { target: { value: 'x@example.com' } });
    fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: 'nope-nope' } });
    fireEvent.submit(screen.getByLabelText(/Contraseña/).closest('form')!);
    expect(await screen.findByText('Correo o contraseña incorrectos')).toBeTruthy();
  });

  it('sends the empty path to login without a session and to the dashboard with one', async () => {
    mockApi({});
    const anonymous = renderScreen(routes, '/', null);
    await waitFor(() => expect(anonymous.router.state.location.pathname).toBe('/auth/login'));
    cleanup();
    const signedIn = renderScreen(routes, '/');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/dashboard'));
  });
});

async function openProfileMenu() {
  fireEvent.click(await screen.findByLabelText('Menú de perfil'));
  await waitFor(() => expect(screen.getByRole('menu').getAttribute('data-state')).toBe('open'));
}

describe('signed-in layout', () => {
  it('shows the user, the fallback menu when the menu call fails, and the page title', async () => {
    const calls = mockApi({ 'GET /api/admin/menu/': () => ({ status: 500, body: { statusCode: 500, message: 'caído' } }) });
    renderScreen(routes, '/pages/user');
    const user = await screen.findAllByTestId('sidebar-user');
    expect(user[0].textContent).toContain('Ana Pérez');
    const nav = (await screen.findAllByRole('navigation', { name: 'Menú principal' }))[0];
    for (const name of ['Inicio', 'Productos', 'Clientes', 'Establecimientos', 'Facturas', 'Usuarios']) expect(within(nav).getByText(name)).toBeTruthy();
    expect(within(nav).getByText('Productos').closest('a')!.getAttribute('href')).toBe('/invoicing/product');
    expect(screen.getByTestId('page-title').textContent).toBe('Mi Perfil');
    expect(calls.some((c) => c.path === '/api/admin/menu/')).toBe(true);
  });

  it('offers Empresa to those who may change the company (ADMIN, SUPERADMIN), and Cerrar Sesión ends the session', async () => {
    mockApi({});
    const { router } = renderScreen(routes, '/pages/user', { ...USER, role: 'EMISOR', permissions: { ...USER.permissions, company: ['read'] } });
    await openProfileMenu();
    expect(screen.getByText('Mi Perfil', { selector: '[role=menuitem], [role=menuitem] *' })).toBeTruthy();
    expect(screen.queryByText('Empresa', { selector: '[role=menuitem], [role=menuitem] *' })).toBeNull();
    // keyboard use: End highlights the last item (Cerrar Sesión), Enter selects it
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'End' });
    await waitFor(() => expect(screen.getByText('Cerrar Sesión').closest('[role=menuitem]')!.hasAttribute('data-highlighted')).toBe(true));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Enter' });
    await waitFor(() => expect(session.current()).toBeNull());
    expect(router.state.location.pathname).toBe('/pages/login');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('auth_token')).toBeNull();
    cleanup();
    renderScreen(routes, '/pages/user', { ...USER, role: 'ADMIN', permissions: { ...USER.permissions, company: ['read', 'update'] } });
    await openProfileMenu();
    expect(await screen.findByText('Empresa', { selector: '[role=menuitem], [role=menuitem] *' })).toBeTruthy();
  });

  it('a 401 from the API sends the user to login with the page as returnUrl', async () => {
    mockApi({ 'GET /api/product': () => ({ status: 401, body: { statusCode: 401, message: 'La sesión expiró' } }) });
    const { router } = renderScreen(routes, '/invoicing/product');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?returnUrl=%2Finvoicing%2Fproduct');
  });
});
