/**
 * Ask before leaving a screen with unsaved changes: in-app navigation (react-router's blocker,
 * confirmed with the browser's dialog: Enter accepts, Esc cancels) and closing or reloading the tab
 * (beforeunload). Reads `dirty` through a ref, so a save can navigate right after clearing it.
 * @example useUnsavedGuard(dirty && !saving);
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export const UNSAVED_CHANGES_QUESTION = 'Hay cambios sin guardar. ¿Desea salir y descartarlos?';

export function useUnsavedGuard(dirty: boolean): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const handler = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);
}
