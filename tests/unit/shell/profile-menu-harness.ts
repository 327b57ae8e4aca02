/**
 * What the profile menu's unit tests share: jsdom's missing layout stubbed, each test's screen and
 * session cleared after it, and the menu's stand-in trigger on a signed-in screen. The menu's code is
 * loaded once per file (Vitest isolates modules per file): a test that needs it unloaded comes first
 * in its file, or has a file of its own.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { routes } from '../../../src/shell/router.tsx';
import { session } from '../../../src/engine/session.ts';
import { mockApi, renderScreen, stubLayout } from '../renderers/harness.tsx';

/** Call at the top of the file. */
export function profileMenuHooks(): void {
  beforeAll(stubLayout);
  afterEach(() => {
    cleanup();
    localStorage.clear();
    session.reset();
  });
}

/** Mi perfil, signed in; @returns the stand-in trigger (no zag menu yet: no data-scope="menu"). */
export async function standInTrigger(): Promise<HTMLElement> {
  mockApi({});
  renderScreen(routes, '/pages/user');
  const standIn = await screen.findByRole('button', { name: 'Menú de perfil' });
  expect(standIn.getAttribute('data-scope')).toBeNull();
  return standIn;
}
