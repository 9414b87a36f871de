import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { authStore } from './lib/auth-store';
import { holdHydration, releaseHydration } from './app/hydration';
import { AppRouter, loadPagesFor, numberFirstHistoryEntry } from './app/router';
import {
  SERVER_PAGE_DATA_ID,
  ServerRenderedPageProvider,
  type ServerRenderedApplyPage,
} from './app/server-rendered-page';
import './styles/tokens.css';
import './styles/base.css';

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
  clicked: EventTarget | null;
  files: EventTarget[];
}

/**
 * What the candidate did before hydration, held by the loader, now handed to the app: the files chosen
 * (their change again), the last button tapped (tapped again), then a submitted form (submitted again).
 */
function replayEarlyInput() {
  const boot = (window as { careersBoot?: Boot }).careersBoot;
  if (!boot) return;
  boot.hydrated = true;
  for (const input of boot.files.splice(0))
    if (input instanceof HTMLInputElement && input.isConnected && input.files?.length)
      input.dispatchEvent(new Event('change', { bubbles: true }));
  const button = boot.clicked;
  const form = boot.pending;
  boot.clicked = boot.pending = null;
  if (button instanceof HTMLButtonElement && button.isConnected) button.click();
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

/** A new task: the work before and after it are two shorter tasks, not one long one (input waits for a whole task). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

if (serverPage) {
  // Hydration must render at once what the server sent, so the page's chunks are loaded first. Running
  // this module, numbering the history entry and reading the stored sign-in (each costly the first time,
  // docs/decisions/0224), finding and loading the page's chunks, running them, hydrating the page, then
  // its held parts (app/hydration.tsx), are each a task; what the candidate did meanwhile is handed over last.
  void nextTask()
    .then(() => numberFirstHistoryEntry())
    .then(nextTask)
    .then(() => authStore.get())
    .then(nextTask)
    .then(() => loadPagesFor(window.location))
    .then(nextTask)
    .then(() => {
      holdHydration();
      hydrateRoot(root, app);
    })
    .then(nextTask)
    .then(releaseHydration)
    .then(nextTask)
    .then(replayEarlyInput);
} else {
  createRoot(root).render(app);
}
