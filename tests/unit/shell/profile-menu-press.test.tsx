// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileMenuHooks, standInTrigger } from './profile-menu-harness.ts';

profileMenuHooks();

// Its own file: the menu's code must not be loaded yet (Vitest isolates modules per file).
describe('profile menu on the first screen (issue 30)', () => {
  it('a press that began on the stand-in while its code was loading still opens the menu', async () => {
    const standIn = await standInTrigger();
    fireEvent.pointerEnter(standIn);
    fireEvent.pointerDown(standIn, { button: 0, pointerType: 'mouse' });
    // The menu's code arrives while the button is held down: the stand-in stays for its click.
    await import('../../../src/shell/layout/ProfileMenuContent.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Menú de perfil' })).toBe(standIn);
    expect(standIn.getAttribute('data-scope')).toBeNull();
    fireEvent.pointerUp(standIn, { button: 0, pointerType: 'mouse' });
    fireEvent.click(standIn);
    await waitFor(() => expect(screen.getByRole('menu').getAttribute('data-state')).toBe('open'), { timeout: 5000 });
    expect(screen.getByRole('menuitem', { name: 'Cerrar Sesión' })).toBeTruthy();
  });
});
