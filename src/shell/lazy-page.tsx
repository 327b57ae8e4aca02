/**
 * A page loaded on first use, without a Suspense boundary (issue 30, the cold login page).
 *
 * React commits the content that replaces a Suspense fallback in a "retry" render, and holds
 * every retry until 300 ms after the last fallback it showed or hid (react-dom's
 * FALLBACK_THROTTLE_MS). On a cold load the page's chunk arrives while the fallback has just been
 * drawn, so with `React.lazy` the login page waited up to 300 ms on an idle main thread before
 * appearing. A page made by `lazyPage` shows `fallback` itself while its chunk loads and then
 * re-renders with an ordinary state update, which React commits at once.
 *
 * `preload()` starts the import early (src/main.tsx, for the screen the visit draws first); a page
 * whose chunk has already arrived renders at once, without the fallback. A failed import is thrown
 * during render, as `React.lazy` does, for the nearest error boundary.
 * @example const LoginPage = lazyPage(() => import('./pages/LoginPage.tsx'), <Spinner aria-label="Cargando" />);
 */
import { useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** A component that loads `load()` when first rendered (or preloaded), showing `fallback` meanwhile. */
// Any component, as React.lazy takes.
export type LazyPage<C extends ComponentType<any>> = ((props: ComponentProps<C>) => ReactNode) & { preload: () => Promise<void> };

// Any component, as React.lazy takes.
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>, fallback: ReactNode): LazyPage<C> {
  let loaded: ComponentType<ComponentProps<C>> | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => void (loaded = m.default as ComponentType<ComponentProps<C>>),
      (error: unknown) => void (failure = { error }),
    ));

  function Page(props: ComponentProps<C>) {
    const [, setArrived] = useState(false);
    const ready = Boolean(loaded || failure);
    useEffect(() => {
      if (ready) return;
      let mounted = true;
      void preload().then(() => mounted && setArrived(true));
      return () => {
        mounted = false;
      };
    }, [ready]);
    if (failure) throw failure.error;
    if (!loaded) {
      void preload();
      return <>{fallback}</>;
    }
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return Object.assign(Page, { preload });
}
