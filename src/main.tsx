import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App.tsx';
import { preloadFirstPage } from './shell/router.tsx';
import { session } from './engine/session.ts';

// Signed in: the first screen's menu, schemas and list page go out now, beside the app's scripts.
if (session.current()) void import('./engine/first-screen.ts').then((m) => m.startFirstScreen(window.location.hash));
// The login page (visitor, or an address of it): its chunk, so the first render draws the form.
preloadFirstPage(window.location.hash, Boolean(session.current()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
