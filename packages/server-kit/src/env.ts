import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Parses the environment once at start. An invalid setting stops the process with a message that lists
 * every bad variable, not just the first (design.md §2).
 */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  env: Record<string, string | undefined>,
  appName: string,
): z.output<T> {
  // Empty strings mean "not set": a blank line in an env file should fall back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`${appName}: invalid configuration\n${lines.join('\n')}`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const portSchema = z.coerce.number().int().min(0).max(65535);
export const urlSchema = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
/**
 * LOG_FORMAT: `json` (the default, what production ships to its log store: one JSON object a line) or
 * `text` (one readable line an event, for a person at a terminal; `npm start` picks it with LOG_LEVEL
 * warn, docs/decisions/0096-a-newcomers-first-minute.md). Both carry the same redacted fields.
 */
export const logFormatSchema = z.enum(['json', 'text']).default('json');
export type LogFormat = z.output<typeof logFormatSchema>;
export const commaListSchema = z.string().transform((s) =>
  s
    .split(',')
    .map((v) => v.trim().replace(/\/+$/, ''))
    .filter(Boolean),
);
export const booleanSchema = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** What Fastify (proxy-addr) is told to trust in X-Forwarded-For: nothing, the nearest N hops, or these proxies. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default: X-Forwarded-For is ignored), a number of proxy hops in front of
 * the service, or a comma-separated list of the proxies' addresses and CIDRs (also `loopback`,
 * `linklocal`, `uniquelocal`). `true` means one hop, a single load balancer: trusting every hop would let
 * any client choose its own address in X-Forwarded-For and step around every per-client limit
 * (docs/decisions/0070-trust-proxy-hops-or-addresses.md).
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected false, a hop count (0-10) or comma-separated proxy addresses/CIDRs; not valid: ${bad.join(', ') || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });
