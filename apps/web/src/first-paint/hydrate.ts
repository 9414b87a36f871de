import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { replayEarlyInput } from './replay-input';
import { holdHydration, releaseHydration } from './hydration';
import { SERVER_PAGE_DATA_ID, type ServerRenderedPage } from './server-rendered-page';

/** The page the server rendered into `root` (docs/decisions/0061), or null for a page the browser builds. */
export function readServerRenderedPage(root: HTMLElement): ServerRenderedPage | null {
  const data = document.getElementById(SERVER_PAGE_DATA_ID)?.textContent;
  if (!data || !root.firstElementChild) return null;
  try {
    return JSON.parse(data) as ServerRenderedPage;
  } catch {
    return null;
  }
}

/** A new task: the work before and after it are two shorter tasks, not one long one (input waits for a whole task). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Hydrates the server's markup. Hydration must render at once what the server sent, so `prepare` (loading
 * the page's chunks) runs first, each step in a task of its own; then hydrating the page, then its held parts
 * (hydration.tsx), each a task; what the candidate did meanwhile (early-input.ts) is handed over last.
 */
export async function hydrateServerRenderedPage(
  root: HTMLElement,
  app: ReactNode,
  prepare: (() => unknown)[],
): Promise<void> {
  for (const step of prepare) {
    await nextTask();
    await step();
  }
  await nextTask();
  holdHydration();
  hydrateRoot(root, app);
  await nextTask();
  releaseHydration();
  await nextTask();
  await replayEarlyInput();
}
