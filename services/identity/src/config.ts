import {
  DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR,
  DEFAULT_SEND_INTERVAL_SECONDS,
  DEFAULT_SENDS_PER_HOUR,
} from '@careers/contracts/limits';
import path from 'node:path';
import { z } from 'zod';
import { parseEnv, portSchema } from '@careers/server-kit/env';
import { devOutboxDir, sharedConfig, sharedEnvShape } from '@careers/server-kit/service-config';
import { DEFAULT_PASSWORD_HASH_COST } from './lib/crypto';

const schema = z.object({
  ...sharedEnvShape,
  IDENTITY_PORT: portSchema.default(3001),
  IDENTITY_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('careers:identity:'),
  // Secrets: generated under DATA_DIR when unset (one instance); set them when running several
  // (BOT_CHECK_SECRET, with REDIS_URL and BOT_CHECK_MAX_NUMBER, is in sharedEnvShape).
  JWT_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PKCS#8 PEM private key' }).optional(),
  OTP_PEPPER: z.string().min(32).optional(),
  // Sends per (e-mail, purpose): codes, confirmation and reset links each count apart.
  SEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(DEFAULT_SEND_INTERVAL_SECONDS),
  SENDS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_SENDS_PER_HOUR),
  // Per client address and per e-mail, in a fixed window, for lookups and for calls that send e-mail.
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_LOOKUPS_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_LOOKUPS_PER_EMAIL: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SENDS_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LOGINS_PER_IP: z.coerce.number().int().min(1).default(30),
  // Sign-in code e-mails one client may have sent to one address an hour (below SENDS_PER_HOUR on purpose).
  CODE_SENDS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR),
  // Password hashes (scrypt, 32 MiB each) running at once in this process; as many more may wait.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // scrypt's cost as log2 N (decision 0470): 15 (N=2^15, 32 MiB a hash), the least a deployment may have;
  // above 15 a hash would pass the 64 MiB memory bound. Lower only under NODE_ENV=test (see below).
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(10)
    .max(DEFAULT_PASSWORD_HASH_COST)
    .default(DEFAULT_PASSWORD_HASH_COST),
  NODE_ENV: z.string().optional(),
  // How long a new candidate's confirmation link waits; a sign-in code verified before it makes it unneeded.
  CONFIRMATION_LINK_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  // Used and expired codes, tokens, sent mail and ended sessions are removed this long after (decision 0122).
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // The candidate service's credential for the internal calls (POST /internal/team-removals, decision 0351):
  // the same value in both services. Generated under DATA_DIR when unset with the embedded database.
  INTERNAL_API_TOKEN: z.string().min(32).optional(),
});

/**
 * The tests hash thousands of passwords: they may lower the cost (decision 0470), nothing else may. Refused
 * when the configuration is loaded, so a deployment with a weak setting does not start.
 */
const checkedSchema = schema.superRefine((env, ctx) => {
  if (env.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST && env.NODE_ENV !== 'test')
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_COST'],
      message: `below ${DEFAULT_PASSWORD_HASH_COST} only for the tests (NODE_ENV=test); unset it to keep scrypt N=2^${DEFAULT_PASSWORD_HASH_COST}`,
    });
});

export type IdentityConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  const shared = sharedConfig(env);
  const { dataDir } = shared;
  return {
    ...shared,
    port: env.IDENTITY_PORT,
    database: { url: env.IDENTITY_DATABASE_URL, dataDir: path.join(dataDir, 'identity-db') },
    publicUrl: env.IDENTITY_URL,
    /** Only in the embedded default: where both services keep the e-mails /dev/outbox shows. */
    devOutboxDir: devOutboxDir(env, env.IDENTITY_DATABASE_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    secrets: {
      dir: path.join(dataDir, 'identity-secrets'),
      keysDir: path.join(dataDir, 'identity-keys'),
      jwtPrivateKey: env.JWT_PRIVATE_KEY,
      botCheckSecret: env.BOT_CHECK_SECRET,
      otpPepper: env.OTP_PEPPER,
    },
    botCheck: { maxNumber: env.BOT_CHECK_MAX_NUMBER, expiresSeconds: 600, action: 'submit' },
    sendLimits: { intervalSeconds: env.SEND_INTERVAL_SECONDS, perHour: env.SENDS_PER_HOUR },
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      lookupsPerIp: env.RATE_LIMIT_LOOKUPS_PER_IP,
      lookupsPerEmail: env.RATE_LIMIT_LOOKUPS_PER_EMAIL,
      sendsPerIp: env.RATE_LIMIT_SENDS_PER_IP,
      loginsPerIp: env.RATE_LIMIT_LOGINS_PER_IP,
      codeSendsPerClient: env.CODE_SENDS_PER_CLIENT_PER_HOUR,
    },
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    /** scrypt's cost, log2 N (15 outside the tests). */
    passwordHashCost: env.PASSWORD_HASH_COST,
    mailPollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    confirmationLinkDelayMs: env.CONFIRMATION_LINK_DELAY_SECONDS * 1000,
    retention: { keepMs: env.RETENTION_DAYS * 86_400_000, intervalMs: 3_600_000 },
    /** The candidate service's public job answer (GET /job/{id}): a code e-mail names the job it finishes. */
    candidateJobUrl: `${env.CANDIDATE_URL.replace(/\/+$/, '')}/job`,
    /**
     * The internal calls' credential (decision 0351): configured, or generated in DATA_DIR (shared with the
     * candidate service of the embedded default) when there is no database URL; else the calls are refused.
     */
    internalApi: {
      token: env.INTERNAL_API_TOKEN,
      generatedDir: env.IDENTITY_DATABASE_URL ? undefined : path.join(dataDir, 'internal-secrets'),
    },
    /** Where deleted accounts are announced, so the candidate service removes their data. */
    accountEventsUrl: `${env.CANDIDATE_URL.replace(/\/+$/, '')}/account-events`,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return toConfig(parseEnv(checkedSchema, env, 'identity service'));
}
