import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, type RuntimeConfig } from './runtime-config-schema';

declare global {
  interface Window {
    __PORTAL_CONFIG__?: unknown;
  }
}

/** Reads window.__PORTAL_CONFIG__ (set by /config.js); a missing or broken value falls back to the defaults. */
export function readRuntimeConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__,
): RuntimeConfig {
  const parsed = parseRuntimeConfig(source ?? {});
  if (parsed.ok) return parsed.config;
  console.error('Invalid window.__PORTAL_CONFIG__, using defaults', parsed.problems);
  return { ...DEFAULT_RUNTIME_CONFIG };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();
