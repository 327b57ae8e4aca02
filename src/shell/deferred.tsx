/**
 * A component whose code loads on first use, like React.lazy but without Suspense (issue 30).
 *
 * React 19 throttles Suspense: a render that only retries a suspended boundary (a lazy chunk that
 * arrived) commits no sooner than 300 ms after the last time any boundary showed or hid its
 * fallback. On a cold deep link each nested lazy level (the signed-in frame, the screen router,
 * the list) waited up to that long although its chunk had long arrived. A deferred component
 * instead draws `fallback` and, once its module is there, sets its own state (an ordinary update,
 * never throttled); a module loaded before, or already loaded by `preload()`, draws at once.
 * A failed load throws on render, to the nearest error boundary, as React.lazy does.
 * @example
 * const ListPage = deferred(() => import('./ListPage.tsx').then((m) => m.ListPage), <Spinner />);
 * <ListPage schemaName="invoice" basePath="/invoicing/invoice" />
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type Deferred<P> = ComponentType<P> & {
  /** Start loading now (idempotent); resolves to the component. */
  preload(): Promise<ComponentType<P>>;
  /** Whether the module is there (a render draws the component at once). */
  isLoaded(): boolean;
};

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): Deferred<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = undefined; // a later mount tries again
        throw err;
      },
    ));

  function DeferredComponent(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }));
    // Started while rendering (as React.lazy does), not after the commit.
    if (!state.component && !state.error) void preload().catch(() => undefined);
    useEffect(() => {
      if (state.component || state.error) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state]);
    if (state.error) throw state.error;
    const Component = state.component;
    return Component ? <Component {...props} /> : <>{fallback}</>;
  }
  return Object.assign(DeferredComponent, { preload, isLoaded: () => loaded !== undefined });
}
