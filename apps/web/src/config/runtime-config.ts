import { runtimeConfigSchema, type RuntimeConfig } from './runtime-config-schema';

declare global {
  interface Window {
    __PORTAL_CONFIG__?: unknown;
  }
}

/** Reads window.__PORTAL_CONFIG__ (set by /config.js); a missing or broken value falls back to the defaults. */
export function readRuntimeConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__,
): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(source ?? {});
  if (parsed.success) return parsed.data;
  console.error('Invalid window.__PORTAL_CONFIG__, using defaults', parsed.error.issues);
  return runtimeConfigSchema.parse({});
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig();
