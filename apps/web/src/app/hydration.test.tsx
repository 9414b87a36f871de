import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdHydration, HydrateLater, releaseHydration } from './hydration';

function Page({ onTap }: { onTap: () => void }) {
  return (
    <main>
      <h1>Apply now</h1>
      <HydrateLater>
        <button type="button" onClick={onTap}>
          Login
        </button>
      </HydrateLater>
    </main>
  );
}

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

describe('HydrateLater', () => {
  it('keeps the server markup of its part while hydration is held, and hydrates that same markup when released', async () => {
    const root = container(renderToString(<Page onTap={() => undefined} />));
    const serverButton = root.querySelector('button');
    let taps = 0;
    holdHydration();
    await act(async () => {
      hydrateRoot(root, <Page onTap={() => taps++} />);
    });
    // Held: the button the server sent is still there, and not yet the app's.
    expect(root.querySelector('button')).toBe(serverButton);
    serverButton?.click();
    expect(taps).toBe(0);

    await act(async () => {
      releaseHydration();
    });
    expect(root.querySelector('button')).toBe(serverButton);
    serverButton?.click();
    expect(taps).toBe(1);
  });

  it('renders its part at once when nothing is held (pages rendered in the browser, every later render)', async () => {
    const root = container();
    let taps = 0;
    await act(async () => {
      createRoot(root).render(<Page onTap={() => taps++} />);
    });
    root.querySelector('button')?.click();
    expect(taps).toBe(1);
  });
});
