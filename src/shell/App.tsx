/** The application root: Chakra, swr defaults, notifications and the hash router. */
import { useState } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Notifications } from './Notifications.tsx';
import { createAppRouter } from './router.tsx';
import { useSession } from '../engine/session.ts';

export function App() {
  const [router] = useState(createAppRouter);
  const user = useSession();
  return (
    <ChakraProvider value={defaultSystem}>
      {/* A new session gets a fresh cache: one company's data never shows in another's. */}
      <SWRConfig key={user?._id ?? 'anon'} value={{ provider: () => new Map() }}>
        <RouterProvider router={router} />
      </SWRConfig>
      <Notifications />
    </ChakraProvider>
  );
}
