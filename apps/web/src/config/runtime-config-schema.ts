/**
 * The settings the portal learns at run time from GET /config.js (window.__PORTAL_CONFIG__), so one
 * build serves every environment. Shared by the browser code and the portal's own server.
 *
 * The rules are written by hand, not with zod: the browser reads them during a page's first load, which
 * loads no zod (docs/decisions/0220). They are the ones the zod schema had: each base URL an http(s) address
 * (trimmed, `scheme://` required, parsed by the URL parser; tabs and newlines dropped as the parser drops
 * them), kept without its trailing slashes; the environment label a non-blank string, trimmed; an absent
 * setting takes its default; unknown keys are ignored.
 */
export interface RuntimeConfig {
  identityBaseUrl: string;
  candidateBaseUrl: string;
  blobBaseUrl: string;
  environment: string;
}

export const DEFAULT_RUNTIME_CONFIG = {
  identityBaseUrl: 'http://localhost:3001',
  candidateBaseUrl: 'http://localhost:3002',
  blobBaseUrl: 'http://localhost:3002/blobs',
  environment: 'Production',
} as const satisfies RuntimeConfig;

type Checked = { ok: true; value: string } | { ok: false; problem: string };

/** An http(s) base URL, as zod's `z.url({ protocol: /^https?$/ })` accepts it, without trailing slashes. */
function checkBaseUrl(value: unknown): Checked {
  if (typeof value !== 'string') return { ok: false, problem: `expected a string, got ${typeof value}` };
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return { ok: false, problem: 'not an http(s) URL' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: 'not a URL' };
  }
  if (!/^https?:$/.test(url.protocol)) return { ok: false, problem: 'not an http(s) URL' };
  return { ok: true, value: trimmed.replace(/[\t\n\r]/g, '').replace(/\/+$/, '') };
}

function checkLabel(value: unknown): Checked {
  if (typeof value !== 'string') return { ok: false, problem: `expected a string, got ${typeof value}` };
  const trimmed = value.trim();
  return trimmed ? { ok: true, value: trimmed } : { ok: false, problem: 'must not be blank' };
}

const CHECKS: Record<keyof RuntimeConfig, (value: unknown) => Checked> = {
  identityBaseUrl: checkBaseUrl,
  candidateBaseUrl: checkBaseUrl,
  blobBaseUrl: checkBaseUrl,
  environment: checkLabel,
};

export type RuntimeConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

/** Checks a run-time configuration object: every setting valid (or absent: its default), else every problem. */
export function parseRuntimeConfig(source: unknown): RuntimeConfigResult {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    return { ok: false, problems: ['expected an object'] };
  }
  const values = source as Record<string, unknown>;
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  const problems: string[] = [];
  for (const key of Object.keys(CHECKS) as (keyof RuntimeConfig)[]) {
    if (values[key] === undefined) continue;
    const checked = CHECKS[key](values[key]);
    if (checked.ok) config[key] = checked.value;
    else problems.push(`${key}: ${checked.problem}`);
  }
  return problems.length === 0 ? { ok: true, config } : { ok: false, problems };
}

/** The body of GET /config.js, in the exact form the team agreed on. */
export function renderConfigScript(config: RuntimeConfig): string {
  const entries: [keyof RuntimeConfig, string][] = [
    ['identityBaseUrl', config.identityBaseUrl],
    ['candidateBaseUrl', config.candidateBaseUrl],
    ['blobBaseUrl', config.blobBaseUrl],
    ['environment', config.environment],
  ];
  // '<' is escaped so that no value can close a script element.
  const body = entries.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ');
  return `window.__PORTAL_CONFIG__ = {${body.replace(/</g, '\\u003c')}};\n`;
}
