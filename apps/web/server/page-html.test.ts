// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import {
  LANDING_PAGES,
  PRELOADED_SIGNED_IN_PAGES,
  landingPageModules,
  preconnectLinks,
  preloadLinks,
  scriptsAfterFirstPaint,
  startsOnUse,
  withPreloadLinks,
  type Manifest,
} from './page-html';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_http-1.js': { file: 'assets/http-1.js', imports: ['_react-1.js'] },
  'src/app/routes/apply.tsx': {
    file: 'assets/apply-1.js',
    imports: ['index.html', '_react-1.js', '_http-1.js'],
    css: ['assets/apply-1.css'],
  },
  'src/app/layouts/auth-layout.tsx': {
    file: 'assets/auth-layout-1.js',
    imports: ['index.html'],
    css: ['assets/auth-layout-1.css'],
  },
  'src/app/routes/login.tsx': { file: 'assets/login-1.js', imports: ['index.html', '_http-1.js'] },
  'src/app/layouts/dashboard-layout.tsx': { file: 'assets/dashboard-layout-1.js', imports: ['_http-1.js'] },
  'src/app/routes/applications.tsx': { file: 'assets/applications-1.js', css: ['assets/applications-1.css'] },
};

describe('landing page preloads', () => {
  it("names the apply page's chunks and stylesheet, not what index.html already loads", () => {
    const links = preloadLinks(manifest, '/apply/42');
    expect(links).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/apply-1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/apply-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/http-1.js">',
    );
  });

  it('names the auth layout and the page for login, once each', () => {
    const links = preloadLinks(manifest, '/account/login');
    expect(links.match(/http-1\.js/g)).toHaveLength(1);
    expect(links).toContain('auth-layout-1.js');
    expect(links).toContain('login-1.js');
  });

  it("names the dashboard layout and the applications page for /applications (a status e-mail's link)", () => {
    const links = preloadLinks(manifest, '/applications');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-layout-1.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/applications-1.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/http-1.js">');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/applications-1.css">');
  });

  it("connects early to the services' origins on /applications, not elsewhere nor to the portal's own origin", () => {
    const services = ['https://api.example.com/candidate', 'https://id.example.com', 'https://api.example.com/other'];
    expect(preconnectLinks(services, 'https://jobs.example.com', '/applications')).toBe(
      '<link rel="preconnect" href="https://api.example.com" crossorigin>' +
        '<link rel="preconnect" href="https://id.example.com" crossorigin>',
    );
    expect(preconnectLinks(services, 'https://jobs.example.com', '/cvs')).toBe('');
    expect(preconnectLinks(services, 'https://jobs.example.com', '/apply/42')).toBe('');
    expect(preconnectLinks(['https://jobs.example.com/api'], 'https://jobs.example.com/', '/applications')).toBe('');
  });

  it('finds the landing page by its route, as the router matches it', () => {
    expect(landingPageModules('/apply/42')).toEqual(['src/app/routes/apply.tsx']);
    expect(landingPageModules('/apply/42/')).toEqual(['src/app/routes/apply.tsx']);
    expect(landingPageModules('/account/reset/a%40b.c/token')).toContain('src/app/routes/perform-password-reset.tsx');
    expect(landingPageModules('/confirm/7/t')).toContain('src/app/routes/confirm-email.tsx');
    for (const elsewhere of ['/apply', '/apply/42/x', '/confirm/7', '/account/reset/a', '/cvs', '/Account/login'])
      expect(landingPageModules(elsewhere), elsewhere).toBeNull();
  });

  it('adds nothing to other pages or without a manifest', () => {
    expect(preloadLinks(manifest, '/cvs')).toBe('');
    expect(preloadLinks(null, '/apply/42')).toBe('');
    expect(withPreloadLinks('<head></head>', '')).toBe('<head></head>');
    expect(withPreloadLinks('<head><title>x</title></head>', '<link>')).toBe('<head><title>x</title><link></head>');
  });

  it('adds the stylesheets of the parts a page hydrates on their first use, and not their scripts', () => {
    const withParts: Manifest = {
      ...manifest,
      'src/app/routes/jobs.tsx': { file: 'assets/jobs-1.js', imports: ['index.html', '_react-1.js'] },
      'src/features/job-alerts/components/job-alert-signup.tsx': {
        file: 'assets/job-alert-signup-1.js',
        imports: ['index.html', '_http-1.js', '_text-input-1.js'],
        css: ['assets/job-alerts-1.css'],
      },
      '_text-input-1.js': { file: 'assets/text-input-1.js', css: ['assets/text-input-1.css'] },
    };
    expect(preloadLinks(withParts, '/jobs')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/job-alerts-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/text-input-1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/jobs-1.js">',
    );
  });

  it('names parts that their pages really load on use', async () => {
    const withParts = LANDING_PAGES.filter((page) => page.parts?.length);
    expect(withParts.map((page) => page.route)).toEqual(['/careers/:slug', '/jobs']);
    for (const page of withParts) {
      const route = page.modules.at(-1)!;
      const source = await readFile(fileURLToPath(new URL(`../${route}`, import.meta.url)), 'utf8');
      for (const part of page.parts ?? []) {
        const from = path.posix.relative(path.posix.dirname(route), part).replace(/\.tsx?$/, '');
        expect(source, `${route} loads ${part}`).toContain(
          `hydrateOnUse(() => import('${from.startsWith('.') ? from : `./${from}`}'))`,
        );
      }
    }
  });

  it('names modules that the router really loads', async () => {
    const router = await readFile(fileURLToPath(new URL('../src/app/router.tsx', import.meta.url)), 'utf8');
    for (const module of [...LANDING_PAGES, ...PRELOADED_SIGNED_IN_PAGES].flatMap((entry) => entry.modules)) {
      expect(router).toContain(`import('./${module.replace(/^src\/app\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});

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
    // The script is src/first-paint/pre-hydration.ts, compiled: no name of the compiler's helpers is left in it.
    expect(loader).not.toMatch(/__name|__export|require\(|import /);
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

  describe('a page started on use (0479)', () => {
    it('is a careers page or /jobs: pages read far more than used, whose links and search work without a script', () => {
      expect(['/careers/acme', '/jobs', '/jobs?q=baker'].map((url) => startsOnUse(url.split('?')[0]!))).toEqual([
        true,
        true,
        true,
      ]);
      for (const pathname of ['/apply/3f1c7c2e-8d4b-4a5e-9b6f-2c1d0e9a0b1c', '/account/login', '/account/signup'])
        expect(startsOnUse(pathname)).toBe(false);
    });

    class FakeInput {
      type = 'email';
      form = { name: 'alert form' };
    }
    type Listener = (event: { type: string; target: unknown; key?: string; preventDefault: () => void }) => void;
    /** Runs the loader of a page started on use, with a stored sign-in or not. */
    const run = (stored: string | null) => {
      const { html } = scriptsAfterFirstPaint(PAGE, SETTINGS, { onUse: true });
      const loader = /<script>(.*)<\/script><\/body>/.exec(html)?.[1] ?? '';
      expect(loader).toContain('SCRIPT_ON_USE=true');
      const added: string[] = [];
      const timers: (() => void)[] = [];
      const listeners: Record<string, Listener[]> = {};
      let observed = 0;
      const win: { careersBoot?: { hydrated: boolean; pending: unknown } } = {};
      const document = {
        head: { appendChild: (e: Record<string, string>) => added.push(e.src ?? e.href ?? '') },
        createElement: () => ({}),
        addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
      };
      const PerformanceObserver = class {
        observe() {
          observed++;
        }
      };
      new Function(
        'window',
        'document',
        'PerformanceObserver',
        'setTimeout',
        'localStorage',
        'HTMLInputElement',
        loader,
      )(
        win,
        document,
        PerformanceObserver,
        (f: () => void) => timers.push(f),
        { getItem: (key: string) => (key === 'careers-portal.auth' ? stored : null) },
        FakeInput,
      );
      let prevented = 0;
      const fire = (type: string, target: unknown, key?: string) =>
        listeners[type]?.forEach((listener) => listener({ type, target, key, preventDefault: () => prevented++ }));
      return { added, timers, fire, win, observed: () => observed, prevented: () => prevented };
    };
    const partElement = () => {
      const attributes: string[] = [];
      return { attributes, setAttribute: (name: string) => attributes.push(name) };
    };
    const inPart = (part: unknown, target: object = {}) =>
      Object.assign(target, { closest: (selector: string) => (selector === '[data-hydrate-on-use]' ? part : null) });

    it('loads no script after its first paint, nor a second later, and not on a use outside its parts', () => {
      const page = run(null);
      expect(page.observed()).toBe(0);
      page.timers.splice(0).forEach((timer) => timer());
      page.fire('pointerover', inPart(null));
      page.fire('focusin', inPart(null));
      page.fire('click', { closest: () => null });
      expect(page.added).toEqual([]);
      // Its plain forms (the job search) are sent by the browser, not held for an app that is not coming.
      page.fire('submit', { closest: () => null });
      expect(page.prevented()).toBe(0);
      expect(page.win.careersBoot?.pending).toBeNull();
      // A part's form is held, and starts the scripts.
      const partForm = inPart(partElement());
      page.fire('submit', partForm);
      expect(page.prevented()).toBe(1);
      expect(page.win.careersBoot?.pending).toBe(partForm);
      expect(page.added).toHaveLength(3);
    });

    it('starts the scripts on the first use of a part, which it marks used, and only once', () => {
      const page = run(null);
      const part = partElement();
      page.fire('focusin', inPart(part));
      expect(part.attributes).toEqual(['data-used']);
      expect(page.added).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/apply-1.js']);
      page.fire('pointerdown', inPart(partElement()));
      expect(page.added).toHaveLength(3);
    });

    it('holds an Enter pressed in a part’s field for its form, and lets other keys through', () => {
      const page = run(null);
      const field = inPart(partElement(), new FakeInput());
      page.fire('keydown', field, 'a');
      expect(page.prevented()).toBe(0);
      page.fire('keydown', field, 'Enter');
      expect(page.prevented()).toBe(1);
      expect(page.win.careersBoot?.pending).toEqual({ name: 'alert form' });
    });

    it('starts after the first paint, as other pages, for a visitor with a stored sign-in', () => {
      const page = run('{"accessToken":"x"}');
      expect(page.observed()).toBe(1);
      page.timers.shift()?.(); // the one-second fallback
      expect(page.added[0]).toBe('/assets/index-1.js');
    });
  });

  it('leaves a page without a module script as it is', () => {
    const page = '<html><body><div id="root"></div></body></html>';
    expect(scriptsAfterFirstPaint(page, SETTINGS)).toEqual({ html: page, scriptHash: null });
  });
});
