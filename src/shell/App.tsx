/** The application root: Chakra, swr defaults, notifications and the hash router. */
import { lazy, Suspense, useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { emiteSystem } from './chakra-system.ts';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { createAppRouter } from './router.tsx';
import { useSession } from '../engine/session.ts';

/** The toaster (zag's toast machine) is not needed to draw the first screen: it loads after it. */
const Notifications = lazy(() => import('./Notifications.tsx').then((m) => ({ default: m.Notifications })));

export function App() {
  const [router] = useState(createAppRouter);
  const user = useSession();
  return (
    <ChakraProvider value={emiteSystem}>
      {/* A new session gets a fresh cache: one company's data never shows in another's. */}
      <SWRConfig key={user?._id ?? 'anon'} value={{ provider: () => new Map() }}>
        <RouterProvider router={router} />
      </SWRConfig>
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
    </ChakraProvider>
  );
}
