/**
 * The settings the portal learns at run time from GET /config.js (window.__PORTAL_CONFIG__), so one
 * build serves every environment. Shared by the browser code and the portal's own server, which checks
 * the settings when it starts (server/config.ts) and writes them; the browser reads them as written.
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
