import path from 'node:path';
import { z } from 'zod';
import { commaListSchema, logLevelSchema, parseEnv, portSchema, urlSchema } from '@careers/server-kit/env';

const schema = z.object({
  CANDIDATE_PORT: portSchema.default(3002),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelSchema,
  DATA_DIR: z.string().min(1).default('./data'),
  CANDIDATE_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PORTAL_URL: urlSchema.default('http://localhost:3000'),
  IDENTITY_URL: urlSchema.default('http://localhost:3001'),
  CANDIDATE_URL: urlSchema.default('http://localhost:3002'),
  CORS_ORIGINS: commaListSchema.optional(),
  PUBLIC_BLOB_BASE_URL: urlSchema.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Careers Portal <no-reply@careers.localhost>'),
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type CandidateConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.CANDIDATE_PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: { url: env.CANDIDATE_DATABASE_URL, dataDir: path.join(dataDir, 'candidate-db') },
    portalUrl: env.PORTAL_URL,
    identityUrl: env.IDENTITY_URL,
    publicUrl: env.CANDIDATE_URL,
    corsOrigins: env.CORS_ORIGINS ?? [env.PORTAL_URL],
    publicBlobBaseUrl: env.PUBLIC_BLOB_BASE_URL ?? `${env.CANDIDATE_URL}/blobs`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    trustProxy: env.TRUST_PROXY,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): CandidateConfig {
  return toConfig(parseEnv(schema, env, 'candidate service'));
}
