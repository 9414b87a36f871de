import type { EarlyInput } from './early-input';

/**
 * Once hydrated: the app takes over, and gets what was held meanwhile (by default the page's early input, in
 * `window.careersBoot`; a part hydrated on use hands over its own): the files chosen (their change again),
 * the last button tapped (tapped again), then a submitted form (submitted again). The tap and the submit wait
 * a task after the files' change: the app renders a chosen file's state in a microtask, and a form submitted
 * before that render would still hold its handler that saw no file.
 */
export async function replayEarlyInput(held: EarlyInput | undefined = window.careersBoot): Promise<void> {
  if (!held) return;
  held.hydrated = true;
  let changed = false;
  for (const input of held.files.splice(0))
    if (input instanceof HTMLInputElement && input.isConnected && input.files?.length) {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      changed = true;
    }
  const button = held.clicked;
  const form = held.pending;
  held.clicked = held.pending = null;
  if (changed && (button || form)) await new Promise((resolve) => setTimeout(resolve));
  if (button instanceof HTMLButtonElement && button.isConnected) button.click();
  if (form instanceof HTMLFormElement && form.isConnected) form.requestSubmit();
}
