/*
 * Until a server-rendered page is hydrated its forms are the server's HTML: a submit would send the
 * candidate's details in the address (a GET to the page itself) and reload it, and a tap on a button of the
 * app (Login) or a CV chosen would do nothing. The page's inline script (pre-hydration.ts) holds the submit
 * back and notes the last such button and every file input changed; once the page is hydrated,
 * replayEarlyInput() (replay-input.ts) hands them to the app. Enter on the CV input opens its chooser as
 * Space does, as the app's own handler does once hydrated. A part hydrated on its first use
 * (hydrate-on-use.tsx) holds and hands over its own input the same way, until it is hydrated. Holding and
 * handing over are two modules: the page's entry hands over but never holds (the inline script does).
 */

/** What is held until the app takes over: in `window.careersBoot` for the whole page, or a part's own. */
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

/**
 * Listens (capturing) on `target` until `held.hydrated`: a submit held back, the last app button tapped, files
 * chosen. Returns what stops listening.
 */
export function holdInput(
  target: EventTarget,
  held: EarlyInput,
  holds: (event: Event) => boolean = () => true,
): () => void {
  const listeners: [string, (event: Event) => void][] = [];
  const listen = (type: string, listener: (event: Event) => void) => {
    const holding = (event: Event) => {
      if (holds(event)) listener(event);
    };
    target.addEventListener(type, holding, true);
    listeners.push([type, holding]);
  };
  const fileInput = (node: EventTarget | null) =>
    node && (node as HTMLInputElement).type === 'file' ? (node as HTMLInputElement) : null;
  listen('submit', (event) => {
    if (held.hydrated) return;
    event.preventDefault();
    held.pending = event.target;
  });
  listen('click', (event) => {
    const node = event.target as Element | null;
    const button = !held.hydrated && node?.closest?.('button[type=button]');
    if (button) held.clicked = button;
  });
  listen('change', (event) => {
    const input = fileInput(event.target);
    if (!held.hydrated && input && !held.files.includes(input)) held.files.push(input);
  });
  listen('keydown', (event) => {
    const input = fileInput(event.target);
    if (held.hydrated || (event as KeyboardEvent).key !== 'Enter' || !input) return;
    event.preventDefault();
    input.click();
  });
  return () => listeners.forEach(([type, listener]) => target.removeEventListener(type, listener, true));
}

/**
 * Runs in the page's inline script, before any module: holds the page's input until it is hydrated, or only
 * the input `holds` picks (a page started on use holds its parts' input, and lets its plain forms work).
 */
export function holdEarlyInput(holds?: (event: Event) => boolean): EarlyInput {
  const held: EarlyInput = (window.careersBoot = { hydrated: false, pending: null, clicked: null, files: [] });
  holdInput(document, held, holds);
  return held;
}
