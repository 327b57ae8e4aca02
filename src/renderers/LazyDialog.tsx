/**
 * Emite's dialog frame and delete confirmation (ConfirmDialog.tsx) for screens that mount them
 * closed: nothing is drawn, and the dialog's code (zag dialog, focus trap, portal: ≈16 kB as sent)
 * is not loaded, until the dialog first opens (issue 30: a list's closed dialogs loaded it before
 * its first row). The code is fetched a second after mount, when the browser is idle, so a first
 * open seldom waits; once open, the real dialog stays mounted (it closes with its animation).
 * @example <LazyConfirmDialog open={Boolean(toDelete)} title="¿Eliminar?" onConfirm={remove} onClose={close} />
 */
import { useEffect, useState, type ComponentType } from 'react';
import { deferred, type Deferred } from '../shell/deferred.tsx';
import type { ConfirmDialogProps, DialogFrameProps } from './ConfirmDialog.tsx';

/**
 * Runs `run` once the first screen is over: `delayMs` after the call, then when the browser is
 * idle (at most 2 s later). Returns a cancel function.
 */
export function afterFirstScreen(run: () => void, delayMs = 1000): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * A dialog component (its `open` prop) that draws nothing, and loads nothing, until first opened;
 * then it stays mounted, so it closes with its animation. `real` is the deferred dialog. Its code
 * is preloaded after the first screen (afterFirstScreen) unless `preloadIdle` is false (a dialog
 * most screens never open, as the mobile menu's drawer on a desktop); `preload()` starts it at will
 * (the drawer's button on pointerdown).
 */
export function lazyDialog<P extends { open: boolean }>(real: Deferred<P>, { preloadIdle = true } = {}): ComponentType<P> & { preload: () => Promise<unknown> } {
  function LazyDialog(p: P) {
    const [shown, setShown] = useState(p.open);
    if (p.open && !shown) setShown(true);
    useEffect(() => (preloadIdle ? afterFirstScreen(() => void real.preload().catch(() => undefined)) : undefined), []);
    const Real = real;
    return shown ? <Real {...p} /> : null;
  }
  return Object.assign(LazyDialog, { preload: () => real.preload() });
}

export const LazyDialogFrame = lazyDialog<DialogFrameProps>(deferred(() => import('./ConfirmDialog.tsx').then((m) => m.DialogFrame)));
export const LazyConfirmDialog = lazyDialog<ConfirmDialogProps>(deferred(() => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog)));
