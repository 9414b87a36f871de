import { hydrate, render } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdHydration, HydrateLater, releaseHydration } from './hydration';

// The browser build renders with Preact (vite.config.ts), whose resumed hydration this relies on: the test
// runs the same renderer, not the React the other unit tests use.
vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-dev-runtime'));

/** Preact renders after a microtask; a task later everything queued has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

const containers: HTMLElement[] = [];
function container(html = ''): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  containers.push(element);
  return element;
}

afterEach(() => {
  releaseHydration();
  containers.splice(0).forEach((element) => element.remove());
});

function Page({ onTap }: { onTap: (part: string) => void }) {
  return (
    <main>
      <h1>Apply now</h1>
      <button type="button" onClick={() => onTap('details')}>
        Show more
      </button>
      <HydrateLater>
        <button type="button" onClick={() => onTap('form')}>
          Login
        </button>
      </HydrateLater>
    </main>
  );
}

describe('HydrateLater', () => {
  it('keeps the server markup of the held part while the rest hydrates, then hydrates those same nodes when released', async () => {
    const root = container(renderToString(<Page onTap={() => undefined} />));
    const serverMarkup = root.innerHTML;
    const [details, form] = [...root.querySelectorAll('button')];
    const taps: string[] = [];
    const tapBoth = () => [details, form].forEach((button) => button?.click());

    holdHydration();
    hydrate(<Page onTap={(part) => taps.push(part)} />, root);
    await settle();
    // The rest of the page is the app's; the held part is still the server's button.
    expect(root.innerHTML).toBe(serverMarkup);
    tapBoth();
    expect(taps).toEqual(['details']);

    releaseHydration();
    await settle();
    tapBoth();
    expect(taps).toEqual(['details', 'details', 'form']);
    // Hydrated in place: the same nodes, the same markup.
    expect([...root.querySelectorAll('button')]).toEqual([details, form]);
    expect(root.innerHTML).toBe(serverMarkup);
  });

  it('renders its parts at once when nothing is held (pages rendered in the browser, every later render)', async () => {
    const root = container();
    const taps: string[] = [];
    render(<Page onTap={(part) => taps.push(part)} />, root);
    await settle();
    root.querySelectorAll('button').forEach((button) => button.click());
    expect(taps).toEqual(['details', 'form']);
  });
});
