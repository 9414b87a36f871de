import { z } from 'zod';

/**
 * Parses the environment once at start. An invalid setting stops the process with a message that lists
 * every bad variable, not just the first (DESIGN §2).
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>, appName: string): z.output<T> {
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
export const commaListSchema = z
  .string()
  .transform((s) => s.split(',').map((v) => v.trim().replace(/\/+$/, '')).filter(Boolean));
export const booleanSchema = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
