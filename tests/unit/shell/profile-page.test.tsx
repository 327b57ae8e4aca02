// @vitest-environment jsdom
/**
 * Mi Perfil as the user sees it: saving the name, an e-mail change that needs the current password
 * (its error under that field, not as a notification), and the password change (mismatch caught
 * before any call, the new token kept, the server's message on the card).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import ProfilePage from '../../../src/shell/pages/ProfilePage.tsx';
import { session } from '../../../src/engine/session.ts';
import { onNotify, type Notification } from '../../../src/engine/notify.ts';
import { mockApi, renderScreen, USER } from '../renderers/harness.tsx';

let notes: Notification[] = [];
let off: () => void;
beforeEach(() => {
  notes = [];
  off = onNotify((n) => notes.push(n));
});
afterEach(() => {
  off();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  session.reset();
});

const said = () => notes.map((n) => [n.type, n.message]);
const passwordForm = () => screen.getByLabelText(/^Repita la contraseña nueva/).closest('form')!;

describe('Mi Perfil', () => {
  it('saves the name, refreshes the signed-in user and says so', async () => {
    const calls = mockApi({
      'PUT /api/user/u1': () => ({ body: { _id: 'u1' } }),
      'GET /api/user/profile-info': () => ({ body: { ...USER, firstName: 'Ana María' } }),
    });
    renderScreen([{ path: '/pages/user', element: <ProfilePage /> }], '/pages/user');
    fireEvent.change(await screen.findByLabelText(/Nombres/), { target: { value: 'Ana María' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(said()).toContainEqual(['success', 'Perfil actualizado']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ email: USER.email, role: USER.role, active: true, firstName: 'Ana María', lastName: USER.lastName });
    expect(session.current()?.firstName).toBe('Ana María');
  });

  it('an e-mail change with a wrong current password shows the error under that field, without a notification', async () => {
    const calls = mockApi({
      'PUT /api/user/u1': () => ({ status: 400, body: { statusCode: 400, message: 'La contraseña actual no es correcta', details: [{ path: 'currentPassword', message: 'La contraseña actual no es correcta' }] } }),
    });
    renderScreen([{ path: '/pages/user', element: <ProfilePage /> }], '/pages/user');
    fireEvent.change(await screen.findByLabelText(/Correo electrónico/), { target: { value: 'nueva@example.com' } });
    fireEvent.change(await screen.findByLabelText(/Contraseña actual \(para cambiar el correo\)/), { target: { value: 'equivocada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ email: 'nueva@example.com', currentPassword: 'equivocada' });
    expect(notes).toEqual([]);
  });

  it('checks the repeated password before calling, then keeps the new token', async () => {
    const calls = mockApi({ 'PUT /api/user/password': () => ({ body: { token: 'tok-nuevo' } }) });
    renderScreen([{ path: '/pages/user', element: <ProfilePage /> }], '/pages/user');
    fireEvent.change(await screen.findByLabelText(/^Contraseña actual(?! \()/), { target: { value: 'Clave1234!' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: 'Nueva12345!' } });
    fireEvent.change(screen.getByLabelText(/^Repita la contraseña nueva/), { target: { value: 'Otra12345!' } });
    fireEvent.submit(passwordForm());
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/password')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Repita la contraseña nueva/), { target: { value: 'Nueva12345!' } });
    fireEvent.submit(passwordForm());
    await waitFor(() => expect(said()).toEqual([['success', 'Contraseña actualizada']]));
    expect(screen.queryByText('Las contraseñas no coinciden')).toBeNull();
    expect(calls.find((c) => c.path === '/api/user/password')!.body).toEqual({ currentPassword: 'Clave1234!', password: 'Nueva12345!' });
    expect(localStorage.getItem('auth_token')).toBe('tok-nuevo');
    expect((screen.getByLabelText(/^Contraseña nueva/) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of a password change on the card", async () => {
    mockApi({ 'PUT /api/user/password': () => ({ status: 400, body: { statusCode: 400, message: 'La contraseña actual no es correcta' } }) });
    renderScreen([{ path: '/pages/user', element: <ProfilePage /> }], '/pages/user');
    fireEvent.change(await screen.findByLabelText(/^Contraseña actual(?! \()/), { target: { value: 'mala-mala' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: 'Nueva12345!' } });
    fireEvent.change(screen.getByLabelText(/^Repita la contraseña nueva/), { target: { value: 'Nueva12345!' } });
    fireEvent.submit(passwordForm());
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeTruthy();
    expect(notes).toEqual([]);
  });
});
