// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileMenuHooks, standInTrigger } from './profile-menu-harness.ts';

profileMenuHooks();

describe('profile menu on the first screen (issue 30)', () => {
  it('draws a plain trigger until the user reaches for it; Enter on it opens the menu on its first item', async () => {
    const standIn = await standInTrigger();
    expect(screen.queryByRole('menu')).toBeNull();
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('menu').getAttribute('data-state')).toBe('open'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mi Perfil' }).hasAttribute('data-highlighted')).toBe(true));
    // The real trigger took the stand-in's place.
    expect(screen.getByRole('button', { name: 'Menú de perfil' }).getAttribute('data-scope')).toBe('menu');
  });
});
