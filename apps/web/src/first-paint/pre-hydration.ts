import { holdEarlyInput } from './early-input';
import { STORED_AUTH_KEY } from '../lib/early-answers';
import { PART_ATTRIBUTE, USE_EVENTS, USED_ATTRIBUTE } from './part-use';

/*
 * The one inline script of a server-rendered page (docs/decisions/0216, 0311), compiled on its own by the
 * portal's server (server/page-html.ts) and not part of the app's bundle. It holds the candidate's early
 * input (early-input.ts), then starts the app after the first paint, which the server's HTML makes on its
 * own, or a second after it ran at the latest (a browser without paint timing, a tab opened in the
 * background that paints only when shown): the entry, then the chunks it will import as modulepreloads
 * (no waterfall of imports), a few per task.
 *
 * A page started on use (SCRIPT_ON_USE: the careers pages and /jobs, docs/decisions/0479) is read, not used,
 * by most visitors, and its links and search form work without a script: it loads no script until one of its
 * parts hydrated on use (hydrate-on-use.tsx) is used. That use marks the part, holds an Enter pressed in its
 * fields, and starts the app, which hydrates the page and then the part. A visitor with a stored sign-in gets
 * the page started after its first paint, as the others (the careers page's CV drop starts by itself then).
 */

/** Written by the server around this script: the entry module(s) and the chunks they import. */
declare const SCRIPT_ENTRIES: string[];
declare const SCRIPT_CHUNKS: string[];
declare const SCRIPT_ON_USE: boolean;

/** Each modulepreload costs a request's set-up on the main thread (about 1 ms at Lighthouse's 4× CPU slowdown). */
const PRELOADS_PER_TASK = 6;

function add(element: HTMLScriptElement | HTMLLinkElement): void {
  element.crossOrigin = '';
  document.head.appendChild(element);
}

const script = (src: string) => Object.assign(document.createElement('script'), { type: 'module', src });
const preload = (href: string) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href });

/** The part hydrated on use that an event happened in, if any. */
const partOf = (event: Event) => (event.target as Element | null)?.closest?.(`[${PART_ATTRIBUTE}]`) ?? null;

const onUse = SCRIPT_ON_USE && !signedIn();
// A page started on use holds only its parts' input: its other forms (the job search) work as plain HTML.
const held = holdEarlyInput(onUse ? (event) => partOf(event) !== null : undefined);

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

function startAfterFirstPaint(): void {
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the fallback below starts the scripts.
  }
  setTimeout(start, 1000);
}

function signedIn(): boolean {
  try {
    return localStorage.getItem(STORED_AUTH_KEY) !== null;
  } catch {
    return false;
  }
}

const TEXT_FIELD = /^(text|email|search|tel|url|password|number)$/;

function startOnUse(): void {
  const used = (event: Event) => {
    const part = partOf(event);
    if (!part) return;
    part.setAttribute(USED_ATTRIBUTE, '');
    // Enter in a field sends its form once the part is hydrated (its button waits for the script).
    const field = event.target;
    if (
      event.type === 'keydown' &&
      (event as KeyboardEvent).key === 'Enter' &&
      field instanceof HTMLInputElement &&
      TEXT_FIELD.test(field.type) &&
      field.form &&
      !held.hydrated
    ) {
      event.preventDefault();
      held.pending = field.form;
    }
    start();
  };
  USE_EVENTS.forEach((type) => document.addEventListener(type, used, true));
}

if (onUse) startOnUse();
else startAfterFirstPaint();
