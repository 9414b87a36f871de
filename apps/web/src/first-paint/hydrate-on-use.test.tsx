import { render } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';
import { hydrateServerRenderedPage } from './hydrate';
import { releaseHydration } from './hydration';
import { hydrateOnUse } from './hydrate-on-use';
import { USE_EVENTS } from './part-use';

/** Preact renders after a microtask; a task later everything queued has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

const containers: HTMLElement[] = [];
afterEach(() => {
  releaseHydration();
  delete window.careersBoot;
  containers.splice(0).forEach((element) => element.remove());
});

/** What the part did once hydrated, in order. */
let log: string[] = [];

/** A sign-up form like the job alert's: a controlled field, a button of the app, a file input, a drop area. */
function SignUp({ label }: { label: string }) {
  const [email, setEmail] = useState('');
  const [subscribed, setSubscribed] = useState(false);
  useLayoutEffect(() => void log.push('hydrated'), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    log.push(`sent ${email}${subscribed ? ' subscribed' : ''}`);
  };
  return (
    <form className="sign-up" onSubmit={submit}>
      <label htmlFor="email">{label}</label>
      <input id="email" name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input
        type="checkbox"
        name="news"
        checked={subscribed}
        onChange={(event) => setSubscribed(event.target.checked)}
      />
      <button type="button" onClick={() => log.push(`tapped with ${email}`)}>
        Login
      </button>
      <input type="file" name="cv" onChange={(event) => log.push(`chose ${event.target.files?.[0]?.name}`)} />
      <label
        className="drop"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          log.push(`dropped ${[...(event.dataTransfer?.files ?? [])].map((file) => file.name).join()}`);
        }}
      >
        Drop your CV here
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

/** A chunk whose arrival the test decides. */
function chunk() {
  let arrive!: () => void;
  const importPart = vi.fn(
    () => new Promise<{ default: typeof SignUp }>((resolve) => (arrive = () => resolve({ default: SignUp }))),
  );
  return { importPart, arrive: () => arrive() };
}

function Page({
  Part,
  hydrateNow,
}: {
  Part: ReturnType<typeof hydrateOnUse<{ label: string }>>;
  hydrateNow?: boolean;
}) {
  const [taps, setTaps] = useState(0);
  return (
    <main>
      <h1>Careers</h1>
      <button type="button" className="page-button" onClick={() => setTaps(taps + 1)}>
        Tapped {taps}
      </button>
      <Part label="Your email address" hydrateNow={hydrateNow} />
    </main>
  );
}

/**
 * The server's page (the part loaded first, as entry-server.tsx loads every part), its inline script's early
 * input held (pre-hydration.ts), then hydrated as main.tsx hydrates it.
 */
async function serverPage(hydrateNow = false) {
  const onServer = hydrateOnUse(async () => ({ default: SignUp }));
  await onServer.load();
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page Part={onServer} hydrateNow={hydrateNow} />);
  document.body.append(root);
  containers.push(root);
  log = [];
  const { importPart, arrive } = chunk();
  const Part = hydrateOnUse(importPart);
  const serverMarkup = root.innerHTML;
  const form = root.querySelector('form')!;
  const field = root.querySelector<HTMLInputElement>('input[name=email]')!;
  holdEarlyInput();
  const startHydration = () => hydrateServerRenderedPage(root, <Page Part={Part} hydrateNow={hydrateNow} />, []);
  return { root, serverMarkup, form, field, importPart, arrive, startHydration };
}

describe('hydrateOnUse', () => {
  it('keeps the part as the server rendered it, its chunk not asked for, while the rest of the page hydrates', async () => {
    const page = await serverPage();
    await page.startHydration();
    const pageButton = page.root.querySelector<HTMLButtonElement>('.page-button')!;
    pageButton.click();
    await settle();
    expect(pageButton.textContent).toBe('Tapped 1');
    expect(page.importPart).not.toHaveBeenCalled();
    expect(log).toEqual([]);
    expect(page.root.querySelector('form')).toBe(page.form);
    expect(page.root.querySelector('[data-hydrate-on-use]')?.innerHTML).toBe(
      new DOMParser().parseFromString(page.serverMarkup, 'text/html').querySelector('[data-hydrate-on-use]')?.innerHTML,
    );
  });

  it.each(USE_EVENTS)('loads and hydrates the part on its first %s, in place', async (type) => {
    const page = await serverPage();
    await page.startHydration();
    page.field.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    page.field.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    expect(page.importPart).toHaveBeenCalledTimes(1);
    expect(log).toEqual([]);
    page.arrive();
    await settle();
    await settle();
    expect(log).toEqual(['hydrated']);
    // The same nodes: nothing was rebuilt, so whatever had the focus keeps it.
    expect(page.root.querySelector('form')).toBe(page.form);
    expect(page.root.querySelector('input[name=email]')).toBe(page.field);
  });

  it('starts a part used before the page’s scripts ran (a page started on use, 0479) as the page hydrates', async () => {
    const page = await serverPage();
    // What the inline script of a page started on use did on a pointer over the part: marked it (no focus in
    // it, no text typed, nothing else that says it was used).
    page.root.querySelector('[data-hydrate-on-use]')!.setAttribute('data-used', '');
    await page.startHydration();
    expect(page.importPart).toHaveBeenCalledTimes(1);
    page.arrive();
    await vi.waitFor(() => expect(log).toEqual(['hydrated']));
    expect(page.root.querySelector('form')).toBe(page.form);
  });

  it('sends a form whose Enter the inline script held before the page’s scripts ran, once the part is hydrated', async () => {
    const page = await serverPage();
    page.root.querySelector('[data-hydrate-on-use]')!.setAttribute('data-used', '');
    page.field.value = 'early@example.test';
    window.careersBoot!.pending = page.form;
    await page.startHydration();
    page.arrive();
    await vi.waitFor(() => expect(log).toHaveLength(2));
    expect(log).toEqual(['hydrated', 'sent early@example.test']);
  });

  it('hands over the text typed, a box ticked, a tap and a submit made before it was hydrated', async () => {
    const page = await serverPage();
    await page.startHydration();
    page.field.focus();
    page.field.value = 'early@example.test';
    page.field.dispatchEvent(new Event('input', { bubbles: true }));
    page.root.querySelector<HTMLInputElement>('input[name=news]')!.click();
    page.root.querySelector<HTMLButtonElement>('button[type=button]:not(.page-button)')!.click();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    // Held: the browser's own submit (a GET with the address in it) does not happen.
    expect(submit.defaultPrevented).toBe(true);
    expect(page.importPart).toHaveBeenCalledTimes(1);

    page.arrive();
    await vi.waitFor(() => expect(log).toHaveLength(3));
    expect(log).toEqual(['hydrated', 'tapped with early@example.test', 'sent early@example.test subscribed']);
    expect(page.field.value).toBe('early@example.test');
    expect(document.activeElement).toBe(page.field);
    // Hydrated: the app's handlers take what comes next.
    page.form.requestSubmit();
    expect(log.at(-1)).toBe('sent early@example.test subscribed');
    expect(log).toHaveLength(4);
  });

  it('sends the form on Enter in a field, by keyboard alone, once hydrated', async () => {
    const page = await serverPage();
    await page.startHydration();
    page.field.focus();
    expect(page.importPart).toHaveBeenCalledTimes(1);
    page.field.value = 'keys@example.test';
    page.field.dispatchEvent(new Event('input', { bubbles: true }));
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    page.field.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    page.arrive();
    await vi.waitFor(() => expect(log).toEqual(['hydrated', 'sent keys@example.test']));
    expect(document.activeElement).toBe(page.field);
  });

  it('starts at once when the part was used before the page was hydrated (the focus in it, text typed)', async () => {
    const page = await serverPage();
    page.field.focus();
    page.field.value = 'before@example.test';
    await page.startHydration();
    expect(page.importPart).toHaveBeenCalledTimes(1);
    page.arrive();
    await settle();
    page.form.requestSubmit();
    await vi.waitFor(() => expect(log).toEqual(['hydrated', 'sent before@example.test']));
  });

  it("takes a tap and a submit the page's inline script held before the page was hydrated, and hands them over", async () => {
    const page = await serverPage();
    page.field.value = 'early@example.test';
    page.root.querySelector<HTMLButtonElement>('button[type=button]:not(.page-button)')!.click();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await page.startHydration();
    // The page handed them over to the part, which holds them until it is hydrated.
    expect(page.importPart).toHaveBeenCalledTimes(1);
    expect(log).toEqual([]);
    page.arrive();
    await vi.waitFor(() => expect(log).toHaveLength(3));
    expect(log).toEqual(['hydrated', 'tapped with early@example.test', 'sent early@example.test']);
  });

  it('hands over a chosen file and a dropped one', async () => {
    const page = await serverPage();
    await page.startHydration();
    const fileInput = page.root.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(fileInput, 'files', { value: [new File(['cv'], 'chosen.pdf')] });
    fileInput.dispatchEvent(new Event('change', { bubbles: true }));
    const zone = page.root.querySelector('.drop')!;
    const dragOver = new Event('dragover', { bubbles: true, cancelable: true });
    zone.dispatchEvent(dragOver);
    // Allowed to drop here: the browser would otherwise open the file instead of the page.
    expect(dragOver.defaultPrevented).toBe(true);
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [new File(['cv'], 'dropped.pdf')] } });
    zone.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    page.arrive();
    await vi.waitFor(() => expect(log).toHaveLength(3));
    expect(log).toEqual(['hydrated', 'dropped dropped.pdf', 'chose chosen.pdf']);
  });

  it('hydrates with the page, its chunk asked for at once, when told to (a signed-in visitor)', async () => {
    const page = await serverPage(true);
    await page.startHydration();
    expect(page.importPart).toHaveBeenCalledTimes(1);
    page.arrive();
    await vi.waitFor(() => expect(log).toEqual(['hydrated']));
    expect(page.root.querySelector('form')).toBe(page.form);
  });

  it('stays as the server rendered it while the page around it renders again', async () => {
    const page = await serverPage();
    await page.startHydration();
    const pageButton = page.root.querySelector<HTMLButtonElement>('.page-button')!;
    pageButton.click();
    await settle();
    pageButton.click();
    await settle();
    expect(pageButton.textContent).toBe('Tapped 2');
    expect(page.root.querySelector('form')).toBe(page.form);
    expect(page.root.querySelectorAll('form')).toHaveLength(1);
    page.field.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    page.arrive();
    await vi.waitFor(() => expect(log).toEqual(['hydrated']));
    expect(page.root.querySelectorAll('form')).toHaveLength(1);
    expect(page.root.querySelector('form')).toBe(page.form);
  });

  it('asks for the chunk again on the next use when it failed to load', async () => {
    const page = await serverPage();
    await page.startHydration();
    let attempts = 0;
    page.importPart.mockImplementation(() => {
      attempts++;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: SignUp });
    });
    page.field.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(log).toEqual([]);
    page.field.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(log).toEqual(['hydrated']));
    expect(attempts).toBe(2);
  });

  it('renders the part as soon as its chunk is in on a page rendered in the browser', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    containers.push(root);
    log = [];
    const { importPart, arrive } = chunk();
    const Part = hydrateOnUse(importPart);
    render(<Page Part={Part} />, root);
    await settle();
    expect(importPart).toHaveBeenCalledTimes(1);
    arrive();
    await vi.waitFor(() => expect(log).toEqual(['hydrated']));
    expect(root.querySelector('input[name=email]')).not.toBeNull();
  });
});

/** A field with an id of its own (useId) that names its error message once something is typed. */
function Field({ name }: { name: string }) {
  const id = useId();
  const [wrong, setWrong] = useState(false);
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={id}>{name}</label>
      <input id={id} name={name} aria-describedby={wrong ? `${id}-error` : undefined} onInput={() => setWrong(true)} />
      <p id={`${id}-error`}>{wrong ? `Wrong ${name}` : ''}</p>
    </div>
  );
}

describe('hydrateOnUse and ids', () => {
  it("gives each part the ids the server gave it, whichever part is used first, so no message is another's", async () => {
    const fieldPart = (load: () => Promise<{ default: typeof Field }>) => hydrateOnUse(load);
    const field = async () => ({ default: Field });
    const IdsPage = ({
      First,
      Second,
    }: {
      First: ReturnType<typeof fieldPart>;
      Second: ReturnType<typeof fieldPart>;
    }) => (
      <main>
        <Field name="before" />
        <First name="first" />
        <Second name="second" />
        <Field name="after" />
      </main>
    );
    const [firstOnServer, secondOnServer] = [fieldPart(field), fieldPart(field)];
    await Promise.all([firstOnServer.load(), secondOnServer.load()]);
    const root = document.createElement('div');
    root.innerHTML = renderToString(<IdsPage First={firstOnServer} Second={secondOnServer} />);
    document.body.append(root);
    containers.push(root);
    const serverIds = [...root.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(serverIds).size).toBe(serverIds.length);

    holdEarlyInput();
    await hydrateServerRenderedPage(root, <IdsPage First={fieldPart(field)} Second={fieldPart(field)} />, []);
    // The second part used first, then the first; the page's own fields too.
    for (const name of ['second', 'first', 'before', 'after']) {
      const input = root.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
      input.value = name;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await vi.waitFor(() => expect(input.getAttribute('aria-describedby')).not.toBeNull());
    }
    await settle();
    for (const name of ['before', 'first', 'second', 'after']) {
      const input = root.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
      const message = document.getElementById(input.getAttribute('aria-describedby')!);
      expect(message?.textContent, name).toBe(`Wrong ${name}`);
      expect(root.querySelector(`label[for="${input.id}"]`)?.textContent, name).toBe(name);
    }
    expect([...root.querySelectorAll('[id]')].map((element) => element.id)).toEqual(serverIds);
  });
});
