/*
 * Until a server-rendered page is hydrated its forms are the server's HTML: a submit would send the
 * candidate's details in the address (a GET to the page itself) and reload it, and a tap on a button of the
 * app (Login) or a CV chosen would do nothing. The page's inline script (pre-hydration.ts) holds the submit
 * back and notes the last such button and every file input changed; once the page is hydrated,
 * replayEarlyInput() hands them to the app. Enter on the CV input opens its chooser as Space does, as the
 * app's own handler does once hydrated.
 */

/** What the inline script keeps for the app, in `window.careersBoot`. */
export interface EarlyInput {
  hydrated: boolean;
  pending: EventTarget | null;
  clicked: EventTarget | null;
  files: EventTarget[];
}

declare global {
  interface Window {
    careersBoot?: EarlyInput;
  }
}

/** Runs in the page's inline script, before any module: listens (capturing) until the page is hydrated. */
export function holdEarlyInput(): void {
  const boot: EarlyInput = (window.careersBoot = { hydrated: false, pending: null, clicked: null, files: [] });
  const listen = (type: string, listener: (event: Event) => void) => document.addEventListener(type, listener, true);
  const fileInput = (target: EventTarget | null) =>
    target && (target as HTMLInputElement).type === 'file' ? (target as HTMLInputElement) : null;
  listen('submit', (event) => {
    if (boot.hydrated) return;
    event.preventDefault();
    boot.pending = event.target;
  });
  listen('click', (event) => {
    const target = event.target as Element | null;
    const button = !boot.hydrated && target?.closest?.('button[type=button]');
    if (button) boot.clicked = button;
  });
  listen('change', (event) => {
    const input = fileInput(event.target);
    if (!boot.hydrated && input && !boot.files.includes(input)) boot.files.push(input);
  });
  listen('keydown', (event) => {
    const input = fileInput(event.target);
    if (boot.hydrated || (event as KeyboardEvent).key !== 'Enter' || !input) return;
    event.preventDefault();
    input.click();
  });
}

/**
 * Once everything is hydrated: the app takes over, and gets what the candidate did meanwhile: the files
 * chosen (their change again), the last button tapped (tapped again), then a submitted form (submitted again).
 * The tap and the submit wait a task after the files' change: the app renders a chosen file's state in a
 * microtask, and a form submitted before that render would still hold its handler that saw no file.
 */
export async function replayEarlyInput(): Promise<void> {
  const boot = window.careersBoot;
  if (!boot) return;
  boot.hydrated = true;
  let changed = false;
  for (const input of boot.files.splice(0))
    if (input instanceof HTMLInputElement && input.isConnected && input.files?.length) {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      changed = true;
    }
  const button = boot.clicked;
  const form = boot.pending;
  boot.clicked = boot.pending = null;
  if (changed && (button || form)) await new Promise((resolve) => setTimeout(resolve));
  if (button instanceof HTMLButtonElement && button.isConnected) button.click();
  if (form instanceof HTMLFormElement && form.isConnected) form.requestSubmit();
}
