import { hydrate } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { JobAlertSignup } from './job-alert-signup';

/** Preact renders after a microtask; a task later everything queued has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

let root: HTMLElement | undefined;
afterEach(() => {
  root?.remove();
  root = undefined;
});

describe('the job alert sign-up, server-rendered with its page', () => {
  it('keeps an address typed before the page script ran, and its button waits for the script', async () => {
    root = document.createElement('div');
    root.innerHTML = renderToString(<JobAlertSignup businessId="b1" />);
    document.body.append(root);
    const field = () => root!.querySelector<HTMLInputElement>('input[name="email"]')!;
    const button = () => root!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button().disabled).toBe(true);
    field().value = 'early@example.test';

    hydrate(<JobAlertSignup businessId="b1" />, root);
    await settle();
    expect(field().value).toBe('early@example.test');
    expect(button().disabled).toBe(false);
  });
});
