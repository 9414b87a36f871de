import path from 'node:path';
import { z } from 'zod';
import { commaListSchema, logLevelSchema, parseEnv, portSchema, urlSchema } from '@careers/server-kit/env';

const schema = z.object({
  IDENTITY_PORT: portSchema.default(3001),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelSchema,
  DATA_DIR: z.string().min(1).default('./data'),
  IDENTITY_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PORTAL_URL: urlSchema.default('http://localhost:3000'),
  IDENTITY_URL: urlSchema.default('http://localhost:3001'),
  CORS_ORIGINS: commaListSchema.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Careers Portal <no-reply@careers.localhost>'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type IdentityConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.IDENTITY_PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: { url: env.IDENTITY_DATABASE_URL, dataDir: path.join(dataDir, 'identity-db') },
    portalUrl: env.PORTAL_URL,
    publicUrl: env.IDENTITY_URL,
    corsOrigins: env.CORS_ORIGINS ?? [env.PORTAL_URL],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return toConfig(parseEnv(schema, env, 'identity service'));
}
