import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';
import { replayEarlyInput } from './replay-input';

afterEach(() => {
  document.body.innerHTML = '';
  delete window.careersBoot;
});

describe('early input before hydration', () => {
  it('holds a submit and a tap back, then hands them to the app once hydrated, the tap first', async () => {
    document.body.innerHTML = '<form><button type="button">Login</button><button type="submit">Apply</button></form>';
    const form = document.querySelector('form')!;
    const login = document.querySelector<HTMLButtonElement>('button[type=button]')!;
    holdEarlyInput();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const order: string[] = [];
    login.click();
    form.requestSubmit();
    expect(window.careersBoot).toMatchObject({ hydrated: false, pending: form, clicked: login });

    // Hydrated: the app's own handlers now run, and the held input reaches them.
    form.addEventListener('submit', (event) => {
      order.push('submit');
      submitted(event);
    });
    login.addEventListener('click', () => order.push('tap'));
    await replayEarlyInput();
    expect(order).toEqual(['tap', 'submit']);
    expect(window.careersBoot).toMatchObject({ hydrated: true, pending: null, clicked: null });
    // From now on nothing is held.
    form.requestSubmit();
    expect(order).toEqual(['tap', 'submit', 'submit']);
    expect(window.careersBoot?.pending).toBeNull();
  });

  it('notes each file input changed once, and opens its chooser on Enter', () => {
    document.body.innerHTML = '<input type="file"><input type="text">';
    const [file, text] = document.querySelectorAll('input');
    holdEarlyInput();
    file!.dispatchEvent(new Event('change', { bubbles: true }));
    file!.dispatchEvent(new Event('change', { bubbles: true }));
    text!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(window.careersBoot?.files).toEqual([file]);
    const opened = vi.spyOn(file!, 'click').mockImplementation(() => undefined);
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    file!.dispatchEvent(enter);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(enter.defaultPrevented).toBe(true);
  });

  it('submits a held form only once the app has rendered the file chosen before hydration', async () => {
    document.body.innerHTML = '<form><input type="file"><button type="submit">Apply</button></form>';
    const form = document.querySelector('form')!;
    const input = document.querySelector('input')!;
    Object.defineProperty(input, 'files', { value: [new File(['cv'], 'cv.txt', { type: 'text/plain' })] });
    holdEarlyInput();
    input.dispatchEvent(new Event('change', { bubbles: true }));
    form.requestSubmit();

    // The app: a change sets its state, rendered in a microtask as Preact renders; the submit reads it.
    let rendered: File | null = null;
    const seenOnSubmit: (File | null)[] = [];
    input.addEventListener('change', () => queueMicrotask(() => (rendered = input.files?.[0] ?? null)));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seenOnSubmit.push(rendered);
    });
    await replayEarlyInput();
    expect(seenOnSubmit.map((file) => file?.name)).toEqual(['cv.txt']);
  });

  it('does nothing on a page that had no inline script', async () => {
    await expect(replayEarlyInput()).resolves.toBeUndefined();
  });
});
