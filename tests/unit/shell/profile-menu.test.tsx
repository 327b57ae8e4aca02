// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../../../src/shell/router.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, stubLayout } from '../renderers/harness.tsx';

beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
  session.reset();
});

describe('profile menu on the first screen (issue 30)', () => {
  it('draws a plain trigger until the user reaches for it; Enter on it opens the menu on its first item', async () => {
    mockApi({});
    renderScreen(routes, '/pages/user');
    const standIn = await screen.findByRole('button', { name: 'Menú de perfil' });
    // No zag menu mounted yet: its trigger would carry data-scope="menu".
    expect(standIn.getAttribute('data-scope')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('menu').getAttribute('data-state')).toBe('open'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mi Perfil' }).hasAttribute('data-highlighted')).toBe(true));
    // The real trigger took the stand-in's place.
    expect(screen.getByRole('button', { name: 'Menú de perfil' }).getAttribute('data-scope')).toBe('menu');
  });
});
