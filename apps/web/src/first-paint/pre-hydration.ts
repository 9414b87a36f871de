import { holdEarlyInput } from './early-input';

/*
 * The one inline script of a server-rendered page (docs/decisions/0216, 0311), compiled on its own by the
 * portal's server (server/page-html.ts) and not part of the app's bundle. It holds the candidate's early
 * input (early-input.ts), then starts the app after the first paint, which the server's HTML makes on its
 * own, or a second after it ran at the latest (a browser without paint timing, a tab opened in the
 * background that paints only when shown): the entry, then the chunks it will import as modulepreloads
 * (no waterfall of imports), a few per task.
 */

/** Written by the server around this script: the entry module(s) and the chunks they import. */
declare const SCRIPT_ENTRIES: string[];
declare const SCRIPT_CHUNKS: string[];

/** Each modulepreload costs a request's set-up on the main thread (about 1 ms at Lighthouse's 4× CPU slowdown). */
const PRELOADS_PER_TASK = 6;

function add(element: HTMLScriptElement | HTMLLinkElement): void {
  element.crossOrigin = '';
  document.head.appendChild(element);
}

const script = (src: string) => Object.assign(document.createElement('script'), { type: 'module', src });
const preload = (href: string) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href });

holdEarlyInput();

let started = false;
function start(): void {
  if (started) return;
  started = true;
  SCRIPT_ENTRIES.forEach((file) => add(script(file)));
  const rest = SCRIPT_CHUNKS.slice();
  const next = () => {
    rest.splice(0, PRELOADS_PER_TASK).forEach((file) => add(preload(file)));
    if (rest.length) setTimeout(next);
  };
  next();
}

try {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
} catch {
  // No paint timing: the fallback below starts the scripts.
}
setTimeout(start, 1000);
