import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';
import { preloadFirstPage } from './shell/router.tsx';
import { session } from './engine/session.ts';

// Signed in: the first screen's menu, schemas and list page go out now, beside the app's scripts.
if (session.current()) void import('./engine/first-screen.ts').then((m) => m.startFirstScreen(window.location.hash));
// The login page (visitor, or an address of it): its chunks are already on their way (the build's
// first-screen preload), so the first render waits for them, at most 150 ms, and draws the form
// itself rather than a spinner first (one render and one paint fewer).
const firstPage = preloadFirstPage(window.location.hash, Boolean(session.current()));

const start = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
if (firstPage) void Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, 150))]).then(start);
else start();
