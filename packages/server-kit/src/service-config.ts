import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_IPV6_CLIENT_PREFIX } from './rate-limit';
import { commaListSchema, logFormatSchema, logLevelSchema, trustProxySchema, urlSchema } from './env';

/**
 * The settings both services read, with the same names and defaults (docs/decisions/0187): each service's
 * schema spreads this shape and adds its own (its port, database, secrets, limits).
 */
export const sharedEnvShape = {
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelSchema,
  LOG_FORMAT: logFormatSchema,
  DATA_DIR: z.string().min(1).default('./data'),
  PORTAL_URL: urlSchema.default('http://localhost:3000'),
  IDENTITY_URL: urlSchema.default('http://localhost:3001'),
  CANDIDATE_URL: urlSchema.default('http://localhost:3002'),
  CORS_ORIGINS: commaListSchema.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Careers Portal <no-reply@careers.localhost>'),
  /** The provider's inbox: contact messages are forwarded there, and every e-mail's "Contact us" writes to it. */
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: trustProxySchema,
  /**
   * Per-client limits count an IPv6 client by this many leading bits of its address (one subscriber
   * usually holds a whole /64); IPv4 clients by their whole address (docs/decisions/0241).
   */
  IPV6_CLIENT_PREFIX: z.coerce.number().int().min(16).max(128).default(DEFAULT_IPV6_CLIENT_PREFIX),
  // Without it /metrics answers loopback peers only (a scraper on the same host or through a sidecar).
  METRICS_TOKEN: z.string().min(32).optional(),
  /** How often a service's mail outbox is polled. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * Rate-limit counters and the bot check's "used once" set: in memory, or on Redis shared by every
   * instance. Several instances need it (else a limit or a bot-check token counts per instance).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** HMAC key of the service's ALTCHA challenges; generated under DATA_DIR when unset (one instance). */
  BOT_CHECK_SECRET: z.string().min(32).optional(),
  /** The bot check's proof of work size (the same range in both services). */
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(20_000),
};

type SharedEnv = z.output<z.ZodObject<typeof sharedEnvShape>>;

/**
 * The dev outbox's folder, shared by both services: only in the embedded default (no SMTP server, and the
 * service's database is its own PGlite under DATA_DIR), never in a deployment (docs/decisions/0071, 0282).
 */
export function devOutboxDir(env: SharedEnv, databaseUrl: string | undefined): string | undefined {
  return env.SMTP_URL || databaseUrl ? undefined : path.join(path.resolve(env.DATA_DIR), 'dev-outbox');
}

/** The shared part of both services' config, from the parsed settings. */
export function sharedConfig(env: SharedEnv) {
  return {
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    dataDir: path.resolve(env.DATA_DIR),
    portalUrl: env.PORTAL_URL,
    corsOrigins: env.CORS_ORIGINS ?? [env.PORTAL_URL],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    ipv6ClientPrefix: env.IPV6_CLIENT_PREFIX,
    metricsToken: env.METRICS_TOKEN,
    redisUrl: env.REDIS_URL,
  };
}
