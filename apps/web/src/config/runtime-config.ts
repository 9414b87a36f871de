import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from './runtime-config-schema';

declare global {
  interface Window {
    /** Written by the portal's server (GET /config.js, or the first lines of a server-rendered page's script). */
    __PORTAL_CONFIG__?: RuntimeConfig;
  }
}

/**
 * The settings as the portal's server wrote them: it checked them when it started (server/config.ts), so
 * they are not checked again here. Without them (a page served by something else) the defaults apply.
 */
export function readRuntimeConfig(
  written: RuntimeConfig | undefined = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__,
): RuntimeConfig {
  return written ?? { ...DEFAULT_RUNTIME_CONFIG };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();
