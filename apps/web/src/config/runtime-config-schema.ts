import { z } from 'zod';

/**
 * The settings the portal learns at run time from GET /config.js (window.__PORTAL_CONFIG__), so one
 * build serves every environment. Shared by the browser code and the portal's own server.
 */
export const DEFAULT_RUNTIME_CONFIG = {
  identityBaseUrl: 'http://localhost:3001',
  candidateBaseUrl: 'http://localhost:3002',
  blobBaseUrl: 'http://localhost:3002/blobs',
  environment: 'Production',
} as const;

const baseUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

export const runtimeConfigSchema = z.object({
  identityBaseUrl: baseUrl.default(DEFAULT_RUNTIME_CONFIG.identityBaseUrl),
  candidateBaseUrl: baseUrl.default(DEFAULT_RUNTIME_CONFIG.candidateBaseUrl),
  blobBaseUrl: baseUrl.default(DEFAULT_RUNTIME_CONFIG.blobBaseUrl),
  environment: z.string().trim().min(1).default(DEFAULT_RUNTIME_CONFIG.environment),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

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
