import { StrictMode } from 'react';
import { config as configureZod } from 'zod';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, loadPagesFor } from './app/router';
import {
  SERVER_PAGE_DATA_ID,
  ServerRenderedPageProvider,
  type ServerRenderedApplyPage,
} from './app/server-rendered-page';
import './styles/tokens.css';
import './styles/base.css';

// zod compiles object schemas with new Function() unless told not to; under the portal's CSP (no
// 'unsafe-eval') its probe for that is a console CSP violation. Set before any schema parses.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** The page the server rendered into #root (docs/decisions/0061), or null for a page the browser builds. */
function readServerRenderedPage(): ServerRenderedApplyPage | null {
  const data = document.getElementById(SERVER_PAGE_DATA_ID)?.textContent;
  if (!data || !root?.firstElementChild) return null;
  try {
    return JSON.parse(data) as ServerRenderedApplyPage;
  } catch {
    return null;
  }
}

/** What the server-rendered page's loader keeps (apps/web/server/scripts-after-paint.ts). */
interface Boot {
  hydrated: boolean;
  pending: EventTarget | null;
}

/** A form submitted before hydration was held back by the loader: submitted again, now to the app. */
function submitHeldForm() {
  const boot = (window as { careersBoot?: Boot }).careersBoot;
  if (!boot) return;
  boot.hydrated = true;
  const form = boot.pending;
  boot.pending = null;
  if (form instanceof HTMLFormElement && form.isConnected) form.requestSubmit();
}

const serverPage = readServerRenderedPage();
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
  // Hydration must render at once what the server sent, so the page's chunks are loaded first; then a new
  // task, so that running those chunks and hydrating are two shorter tasks, not one long one (input waits
  // for a whole task).
  void loadPagesFor(window.location)
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => {
      hydrateRoot(root, app);
      submitHeldForm();
    });
} else {
  createRoot(root).render(app);
}
