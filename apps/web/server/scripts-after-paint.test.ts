import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './scripts-after-paint';

const PAGE =
  '<html><head><script src="/config.js"></script><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="modulepreload" crossorigin href="/assets/apply-1.js">' +
  '</head><body><div id="root"><form></form></div></body></html>';

/** The body of GET /config.js, as renderConfigScript writes it. */
const SETTINGS = 'window.__PORTAL_CONFIG__ = {"environment": "Test"};\n';

describe('scriptsAfterFirstPaint', () => {
  it('moves the module script and its preloads into one inline loader at the end of the body, named by its hash', () => {
    const { html, scriptHash } = scriptsAfterFirstPaint(PAGE, SETTINGS);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<script>(.*)<\/script><\/body><\/html>$/.exec(html)?.[1] ?? '';
    // The settings open the loader instead of being a request of their own (0221).
    expect(html).not.toContain('/config.js');
    expect(loader.startsWith('window.__PORTAL_CONFIG__ = {"environment": "Test"};(function(){')).toBe(true);
    expect(loader).toContain('["/assets/react-1.js","/assets/apply-1.js"]');
    expect(loader).toContain('["/assets/index-1.js"]');
    expect(scriptHash).toBe(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`);
  });

  it('starts the scripts after the first paint, or a second later at the latest, and only once', async () => {
    const { html } = scriptsAfterFirstPaint(PAGE, SETTINGS);
    const loader = /<script>(.*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    const added: string[] = [];
    const timers: (() => void)[] = [];
    let paintObserver: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    const element = (tag: string) => ({ tag }) as Record<string, string>;
    const fakeWindow = {
      document: {
        head: {
          appendChild: (e: Record<string, string>) => added.push(`${e.tag} ${e.rel ?? e.type} ${e.href ?? e.src}`),
        },
        createElement: element,
        addEventListener: () => undefined,
      },
      PerformanceObserver: class {
        constructor(callback: typeof paintObserver) {
          paintObserver = callback;
        }
        observe() {}
      },
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', loader)(
      {},
      fakeWindow.document,
      fakeWindow.PerformanceObserver,
      fakeWindow.setTimeout,
    );
    expect(added).toEqual([]);
    expect(timers).toHaveLength(1); // the one-second fallback
    paintObserver?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    expect(timers).toHaveLength(2);
    timers[1]?.();
    expect(added).toEqual([
      'script module /assets/index-1.js',
      'link modulepreload /assets/react-1.js',
      'link modulepreload /assets/apply-1.js',
    ]);
    timers[0]?.(); // the fallback fires too: nothing is added twice
    expect(added).toHaveLength(3);
  });

  it('holds back a form submitted before hydration and notes the buttons tapped and files chosen', () => {
    const { html } = scriptsAfterFirstPaint(PAGE, SETTINGS);
    const loader = /<script>(.*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    const win: { careersBoot?: { hydrated: boolean; pending: unknown; clicked: unknown; files: unknown[] } } = {};
    type Listener = (event: { target: unknown; preventDefault: () => void }) => void;
    const listeners: Record<string, Listener> = {};
    const document = {
      addEventListener: (type: string, listener: Listener, capture: boolean) => {
        expect(capture).toBe(true);
        listeners[type] = listener;
      },
    };
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', loader)(win, document, undefined, () => 0);
    let prevented = 0;
    const fire = (type: string, target: unknown) => listeners[type]?.({ target, preventDefault: () => prevented++ });
    const form = { name: 'apply form' };
    const loginButton = { name: 'Login' };
    const cvInput = { type: 'file' };
    fire('submit', form);
    fire('click', { closest: (selector: string) => (selector === 'button[type=button]' ? loginButton : null) });
    fire('click', { closest: () => null }); // not a button of the app: nothing noted
    fire('change', cvInput);
    fire('change', cvInput);
    fire('change', { type: 'text' });
    expect(prevented).toBe(1);
    expect(win.careersBoot).toEqual({ hydrated: false, pending: form, clicked: loginButton, files: [cvInput] });
    // Hydrated: the app's own handlers take everything from now on.
    win.careersBoot!.hydrated = true;
    win.careersBoot!.clicked = null;
    fire('submit', form);
    fire('click', { closest: () => loginButton });
    fire('change', { type: 'file' });
    expect(prevented).toBe(1);
    expect(win.careersBoot).toEqual({ hydrated: true, pending: form, clicked: null, files: [cvInput] });
  });

  it('adds the preloads a few per task, so that no task sets up all the requests', () => {
    const chunks = Array.from(
      { length: 14 },
      (_, i) => `<link rel="modulepreload" crossorigin href="/assets/c${i}.js">`,
    );
    const { html } = scriptsAfterFirstPaint(
      PAGE.replace('</head>', () => `${chunks.join('')}</head>`),
      SETTINGS,
    );
    const loader = /<script>(.*)<\/script><\/body>/.exec(html)?.[1] ?? '';
    const timers: (() => void)[] = [];
    let added = 0;
    const document = {
      head: { appendChild: () => added++ },
      createElement: () => ({}),
      addEventListener: () => undefined,
    };
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', loader)(
      {},
      document,
      undefined,
      (f: () => void) => timers.push(f),
    );
    timers.shift()?.(); // the fallback start
    const perTask = [added];
    while (timers.length > 0) {
      const before = added;
      timers.shift()?.();
      perTask.push(added - before);
    }
    // The entry and six preloads, then six per task: 16 preloads in all (2 of the page, 14 added here).
    expect(perTask).toEqual([7, 6, 4]);
  });

  it('leaves a page without a module script as it is', () => {
    const page = '<html><body><div id="root"></div></body></html>';
    expect(scriptsAfterFirstPaint(page, SETTINGS)).toEqual({ html: page, scriptHash: null });
  });
});
