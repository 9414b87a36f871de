import { createHash } from 'node:crypto';

const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"(?: crossorigin)? href="(\/assets\/[\w.-]+\.js)">/g;
const CONFIG_SCRIPT = /<script src="\/config\.js"><\/script>/;

/**
 * Until the page is hydrated its forms are the server's HTML: a submit would send the candidate's details
 * in the address (a GET to the page itself) and reload it, and a tap on a button of the app (Login) or a
 * CV chosen would do nothing. The loader holds the submit back and notes the last such button and every
 * file input changed; main.tsx hands them to the app once hydrated (`window.careersBoot`). Enter on the CV
 * input opens its chooser as Space does, as the app's own handler does once hydrated.
 */
const HOLD_EARLY_INPUT = `var boot=window.careersBoot={hydrated:false,pending:null,clicked:null,files:[]};document.addEventListener('submit',function(e){if(!boot.hydrated){e.preventDefault();boot.pending=e.target}},true);document.addEventListener('click',function(e){var b=!boot.hydrated&&e.target&&e.target.closest&&e.target.closest('button[type=button]');if(b)boot.clicked=b},true);document.addEventListener('change',function(e){var t=e.target;if(!boot.hydrated&&t&&t.type==='file'&&boot.files.indexOf(t)<0)boot.files.push(t)},true);document.addEventListener('keydown',function(e){var t=e.target;if(!boot.hydrated&&e.key==='Enter'&&t&&t.type==='file'){e.preventDefault();t.click()}},true);`;

/**
 * Each modulepreload link costs the browser a request's set-up on the main thread (about 1 ms each on a
 * phone, measured at Lighthouse's 4× CPU slowdown): added a few per task, the page stays responsive.
 */
const PRELOADS_PER_TASK = 6;

/**
 * Started by the page's one inline script: the entry, then the chunks it will import as modulepreloads (no
 * waterfall of imports), a few per task. It starts after the first paint, which the server's HTML makes on
 * its own, or a second after it ran at the latest (a browser without paint timing, a tab opened in the
 * background that paints only when shown).
 */
function loader(entries: string[], chunks: string[], settings: string): string {
  return `${settings.trim()}(function(){${HOLD_EARLY_INPUT}var started=false;function start(){if(started)return;started=true;var h=document.head;${JSON.stringify(entries)}.forEach(function(f){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=f;h.appendChild(s)});var rest=${JSON.stringify(chunks)};(function next(){rest.splice(0,${PRELOADS_PER_TASK}).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;h.appendChild(l)});if(rest.length)setTimeout(next)})()}try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(start)}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(start,1000)})()`;
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
 * more request before the first paint (docs/decisions/0221). A page without a module script is returned
 * as it is.
 */
export function scriptsAfterFirstPaint(html: string, settings: string): DeferredScripts {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return { html, scriptHash: null };
  const chunks = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const script = loader(entries, chunks, settings);
  const scriptHash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const stripped = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace(CONFIG_SCRIPT, '');
  return { html: stripped.replace('</body>', () => `<script>${script}</script></body>`), scriptHash };
}
