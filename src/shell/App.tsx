/** The application root: Chakra, swr defaults, notifications and the hash router. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { emiteSystem } from './chakra-system.ts';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createAppRouter } from './router.tsx';
import { useSession } from '../engine/session.ts';
import { whenPublished } from '../engine/notify.ts';

/**
 * The toaster (zag's toast machine) is not needed to draw the first screen: it loads with the first
 * message published (kept until it comes, engine/notify.ts) or the first press of a key or pointer,
 * whichever is first, so it never competes with the first screen's scripts (issue 30).
 */
const Notifications = lazy(() => import('./Notifications.tsx').then((m) => ({ default: m.Notifications })));

function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stop = whenPublished(want);
    window.addEventListener('pointerdown', want, { capture: true, once: true });
    window.addEventListener('keydown', want, { capture: true, once: true });
    return () => {
      stop();
      window.removeEventListener('pointerdown', want, { capture: true });
      window.removeEventListener('keydown', want, { capture: true });
    };
  }, [wanted]);
  return wanted;
}

export function App() {
  const [router] = useState(createAppRouter);
  const user = useSession();
  const toaster = useToasterWanted();
  return (
    <ChakraProvider value={emiteSystem}>
      {/* A new session gets a fresh cache: one company's data never shows in another's. */}
      <SWRConfig key={user?._id ?? 'anon'} value={{ provider: () => new Map() }}>
        <RouterProvider router={router} />
      </SWRConfig>
      {toaster && (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      )}
    </ChakraProvider>
  );
}
