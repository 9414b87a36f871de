import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchesRoute } from '../src/app/paths';
import { paths } from '../src/lib/paths';
import { jsonForScript, SERVER_PAGE_DATA_ID } from '../src/first-paint/server-rendered-page';
import { compileEarlyRequestsScript, compilePreHydrationScript } from './pre-hydration-build.mjs';

/*
 * The steps that make a page's HTML from the build's index.html, in the order the server runs them:
 * preloads (the landing page's chunks named in the head), inlined stylesheets, composition (the
 * server-rendered page in #root, its head and its data), and scripts after the first paint (the one inline
 * script, src/first-paint/pre-hydration.ts). What a page says (apply-page.ts) is not here.
 */

/** The part of Vite's build manifest (build.manifest) that names each module's chunk and what it imports. */
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The lazily loaded modules (src/app/router.tsx) that render each public landing page, by its route
 * (lib/paths.ts). The browser only learns of them after the main chunk has run; named in index.html they
 * download alongside it, which takes a round trip off the first paint of the pages candidates arrive on
 * from job boards and e-mails.
 */
export const LANDING_PAGES: { route: string; modules: string[]; parts?: string[]; startOnUse?: true }[] = [
  { route: paths.apply, modules: ['src/app/routes/apply.tsx'] },
  {
    route: paths.careers,
    modules: ['src/app/routes/careers.tsx'],
    parts: ['src/app/routes/careers-cv-drop.ts', 'src/features/job-alerts/components/job-alert-signup.tsx'],
    startOnUse: true,
  },
  {
    route: paths.jobs,
    modules: ['src/app/routes/jobs.tsx'],
    parts: ['src/features/job-alerts/components/job-alert-signup.tsx'],
    startOnUse: true,
  },
  { route: paths.login, modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'] },
  { route: paths.signup, modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/signup.tsx'] },
  {
    route: paths.performPasswordReset,
    modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/perform-password-reset.tsx'],
  },
  { route: paths.confirmEmail, modules: ['src/app/layouts/auth-layout.tsx', 'src/app/routes/confirm-email.tsx'] },
];

/**
 * The screening questions' module (features/apply/components/use-screening.tsx): a chunk of its own that only a
 * job with questions loads, and the server renders with such a job's apply page (docs/decisions/0495). Its
 * stylesheet is in that page's first paint, as a part's is; its script is not in the first load.
 */
export const SCREENING_QUESTIONS_PART = 'src/features/apply/components/screening-questions.tsx';

/**
 * Signed-in pages whose chunks are preloaded too. They are not landing pages: no JavaScript budget, and no
 * compile hints (docs/decisions/0223: only the chunks a landing page starts with carry them).
 */
export const PRELOADED_SIGNED_IN_PAGES: { route: string; modules: string[] }[] = [
  // Where status e-mails lead a signed-in candidate: on a phone its chunks' waves were most of the wait
  // before the list (docs/performance.md, the dashboard on a phone).
  {
    route: paths.applications,
    modules: ['src/app/layouts/dashboard-layout.tsx', 'src/app/routes/applications.tsx'],
  },
];

/**
 * The modules of the parts a landing page hydrates on their first use (src/first-paint/hydrate-on-use.tsx,
 * docs/decisions/0464): the server renders them with the page, so their stylesheets are in its first paint;
 * their scripts are not in its first load.
 */
export function landingPageParts(pathname: string): string[] {
  return LANDING_PAGES.find((page) => matchesRoute(page.route, pathname))?.parts ?? [];
}

/**
 * True for a landing page whose scripts start on the first use of one of its parts rather than after its first
 * paint (src/first-paint/pre-hydration.ts, docs/decisions/0479): pages most visitors only read, whose links and
 * forms work without a script until then.
 */
export function startsOnUse(pathname: string): boolean {
  return LANDING_PAGES.find((page) => matchesRoute(page.route, pathname))?.startOnUse === true;
}

/** The modules of the landing page at this address, or null when it is none. */
export function landingPageModules(pathname: string): string[] | null {
  return LANDING_PAGES.find((page) => matchesRoute(page.route, pathname))?.modules ?? null;
}

/** Reads dist/.vite/manifest.json; without one (an old or hand-made build) nothing is preloaded. */
export async function readManifest(distDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** True at the address of a signed-in page whose chunks are preloaded (PRELOADED_SIGNED_IN_PAGES). */
export function isPreloadedSignedInPage(pathname: string): boolean {
  return PRELOADED_SIGNED_IN_PAGES.some((page) => matchesRoute(page.route, pathname));
}

/**
 * `<link>` tags for the chunks and stylesheets a landing page needs beyond the main entry ('' elsewhere).
 * `renderedParts`: modules in chunks of their own that this one page rendered (SCREENING_QUESTIONS_PART for a
 * job with questions): their stylesheets, not their scripts.
 */
export function preloadLinks(manifest: Manifest | null, pathname: string, renderedParts: string[] = []): string {
  const modules =
    landingPageModules(pathname) ??
    PRELOADED_SIGNED_IN_PAGES.find((page) => matchesRoute(page.route, pathname))?.modules ??
    null;
  if (!manifest || !modules) return '';
  // One walk through a chunk and its static imports, each chunk once per set, skipping `skip`'s.
  const walk = (key: string, seen: Set<string>, skip: Set<string>, take: (chunk: ManifestChunk) => void) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    take(chunk);
    chunk.imports?.forEach((next) => walk(next, seen, skip, take));
  };
  // What index.html already loads (the entry and its static imports) is not named again.
  const loaded = new Set<string>();
  const none = new Set<string>();
  Object.keys(manifest)
    .filter((key) => manifest[key]?.isEntry)
    .forEach((key) => walk(key, loaded, none, (chunk) => chunk.css?.forEach((file) => loaded.add(file))));

  const scripts = new Set<string>();
  const styles = new Set<string>();
  const addStyles = (chunk: ManifestChunk) => chunk.css?.forEach((file) => styles.add(file));
  modules.forEach((key) => walk(key, scripts, loaded, addStyles));
  // The parts hydrated on use: their stylesheets (and their imports'), not their scripts.
  const parts = new Set<string>();
  [...landingPageParts(pathname), ...renderedParts].forEach((key) => walk(key, parts, loaded, addStyles));
  return [
    ...[...styles]
      .filter((file) => !loaded.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * `<link rel="preconnect">` to the services for the signed-in pages preloaded above: their first paint waits
 * for the services' answers, and on a phone the connection to another origin (DNS, TCP, TLS) is several round
 * trips that can run while the page's scripts download. `crossorigin`, as the portal's calls are CORS requests
 * without cookies. '' elsewhere, and for a service on the portal's own origin.
 */
export function preconnectLinks(serviceUrls: string[], portalUrl: string, pathname: string): string {
  if (!isPreloadedSignedInPage(pathname)) return '';
  const portalOrigin = new URL(portalUrl).origin;
  const origins = new Set(serviceUrls.map((url) => new URL(url).origin).filter((origin) => origin !== portalOrigin));
  return [...origins].map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin>`).join('');
}

/** index.html with the landing page's links added at the end of its head. */
export function withPreloadLinks(indexHtml: string, links: string): string {
  return links ? indexHtml.replace('</head>', () => `${links}</head>`) : indexHtml;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page's stylesheets written into it: a server-rendered page then paints from its HTML alone, without
 * waiting for a round trip per stylesheet. Each one leaves a disabled link behind (a disabled stylesheet is
 * never fetched nor applied) so that Vite's loader, when the page's chunks import their CSS, finds it
 * already in the page and does not download and apply it a second time (docs/decisions/0221). Asset names
 * are content hashes, so each file is read once.
 */
export function createStylesheetInliner(distDir: string): (html: string) => Promise<string> {
  const files = new Map<string, Promise<string | null>>();
  const read = (file: string) => {
    let content = files.get(file);
    if (!content) {
      content = readFile(join(distDir, file), 'utf8').catch(() => null);
      files.set(file, content);
    }
    return content;
  };
  return async (html) => {
    const links = [...html.matchAll(STYLESHEET_LINK)];
    const contents = await Promise.all(links.map((link) => read(link[1] ?? '')));
    let index = 0;
    // A stylesheet that cannot be read stays a link; `</style` cannot occur in CSS Vite wrote.
    return html.replace(STYLESHEET_LINK, (link, file: string) => {
      const css = contents[index++];
      return css === null || css === undefined || /<\/style/i.test(css)
        ? link
        : `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
    });
  };
}

/** Text for an HTML attribute or element. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** What a server-rendered page puts into index.html. */
export interface PageParts {
  title: string;
  description: string;
  /** Elements added at the end of the head (already HTML). */
  head: string[];
  /** The server's render of the page: what goes into #root. */
  body: string;
  /** What the browser needs to hydrate the same markup (first-paint/server-rendered-page.tsx). */
  data: unknown;
}

/** index.html with a server-rendered page: its title, description and head, its markup in #root, its data. */
export function composePage(indexHtml: string, parts: PageParts): string {
  // React writes the page's hoistable elements (its <title>, image preloads) first; they belong in the
  // head, where the logo preload also starts its download before the body is parsed.
  const hoisted = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)*/.exec(parts.body)?.[0] ?? '';
  const head = [...parts.head, ...(hoisted.match(/<link [^>]*>/g) ?? [])];
  const content = parts.body.slice(hoisted.length);
  // Function replacements: a string in that place is a pattern in which `$&`, `` $` `` and `$'` copy
  // the page into it, and the page's texts may be anyone's.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(parts.description)}" />`,
    )
    .replace('</head>', () => `${head.join('')}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${content}</div><script type="application/json" id="${SERVER_PAGE_DATA_ID}">${jsonForScript(parts.data)}</script>`,
    );
}

const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[\w.-]+\.js)">/g;
const CONFIG_SCRIPT = /<script src="\/config\.js"><\/script>/;

/** The compiled server has the script built in (scripts/build-servers.mjs); run from source it compiles it once. */
declare const __PRE_HYDRATION_SCRIPT__: string | undefined;
let preHydrationScript: string | undefined;

/**
 * The page's one inline script: the run-time settings, then src/first-paint/pre-hydration.ts (it holds early
 * input and starts the scripts after the first paint) given the entry and the chunks it will import.
 */
function loader(entries: string[], chunks: string[], settings: string, onUse: boolean): string {
  preHydrationScript ??=
    typeof __PRE_HYDRATION_SCRIPT__ === 'string' ? __PRE_HYDRATION_SCRIPT__ : compilePreHydrationScript();
  return `${settings.trim()}(function(){var SCRIPT_ENTRIES=${JSON.stringify(entries)},SCRIPT_CHUNKS=${JSON.stringify(chunks)},SCRIPT_ON_USE=${onUse};${preHydrationScript}})()`;
}

declare const __EARLY_REQUESTS_SCRIPT__: string | undefined;
let earlyRequestsScript: string | undefined;

/**
 * A preloaded signed-in page (/applications) starts its data in its HTML (docs/decisions/0466): GET
 * /config.js becomes one inline script, the run-time settings and then src/first-paint/early-requests.ts,
 * which asks the candidate service for the page's first data with the stored session while the page's
 * scripts download (the app takes those answers, lib/early-answers.ts). The scripts themselves load as
 * before: the page has nothing to show without them.
 */
export function signedInStartScript(html: string, settings: string): DeferredScripts {
  if (!CONFIG_SCRIPT.test(html)) return { html, scriptHash: null };
  earlyRequestsScript ??=
    typeof __EARLY_REQUESTS_SCRIPT__ === 'string' ? __EARLY_REQUESTS_SCRIPT__ : compileEarlyRequestsScript();
  const script = `${settings.trim()}${earlyRequestsScript}`;
  const scriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return { html: html.replace(CONFIG_SCRIPT, () => `<script>${script}</script>`), scriptHash };
}

export interface DeferredScripts {
  html: string;
  /** The inline loader's hash, for the page's Content-Security-Policy (script-src). */
  scriptHash: string | null;
}

/**
 * A server-rendered page's scripts start after its first paint (docs/decisions/0216): the page is readable
 * and its form visible from the HTML alone, so the JavaScript (which hydrates it) no longer competes with
 * the document, the logo and the first paint for a phone's bandwidth and CPU. The module script and the
 * modulepreload links leave the head; one small inline script at the end of the body adds them back.
 * The run-time settings (`settings`, the body of GET /config.js) open that script instead of being one
 * more request before the first paint (docs/decisions/0221). With `onUse` they start on the first use of
 * one of the page's parts instead (startsOnUse above). A page without a module script is returned as it is.
 */
export function scriptsAfterFirstPaint(html: string, settings: string, { onUse = false } = {}): DeferredScripts {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return { html, scriptHash: null };
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const script = loader(entries, chunks, settings, onUse);
  const scriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const stripped = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(CONFIG_SCRIPT, '');
  return { html: stripped.replace('</body>', () => `<script>${script}</script></body>`), scriptHash };
}
