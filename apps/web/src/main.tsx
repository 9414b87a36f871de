import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadPagesFor } from './app/router';
import { hydrateServerRenderedPage, readServerRenderedPage } from './first-paint/hydrate';
import { ServerRenderedPageProvider } from './first-paint/server-rendered-page';
import { authStore } from './lib/auth-store';
import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const serverPage = readServerRenderedPage(root);
const app = (
  <StrictMode>
    <ServerRenderedPageProvider value={serverPage}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </ServerRenderedPageProvider>
  </StrictMode>
);

if (serverPage) {
  // The stored sign-in's first read opens local storage (up to ~13 ms on a phone): a task of its own.
  void hydrateServerRenderedPage(root, app, [() => authStore.get(), () => loadPagesFor(window.location)]);
} else {
  createRoot(root).render(app);
}
