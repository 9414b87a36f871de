import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@careers/server-kit/database';
import { ConfigError } from '@careers/server-kit/env';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { createMailTransport, type MailTransport } from '@careers/server-kit/mail';
import { createRateLimitStore, type RateLimitStore } from '@careers/server-kit/rate-limit';
import type { Logger } from '@careers/server-kit/logger';
import type { PollingWorker } from '@careers/server-kit/polling-worker';
import { loadOrCreateSecret } from '@careers/server-kit/secrets';
import type { IdentityConfig } from './config';
import type { IdentityDatabase } from './db';
import { loadSigningKeys, type SigningKeys } from './modules/tokens/signing-keys';
import { createAccountEventsWorker, type AccountEventsWorker } from './modules/account-events/account-events.worker';
import { createOutboxWorker, type OutboxWorker } from './modules/mail/mail.worker';
import { createRetentionWorker } from './modules/retention/retention';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface IdentityDeps {
  database: Database<IdentityDatabase>;
  mail: MailTransport;
  /** The clock for every expiry (codes, tokens, links): tests move it. */
  now: () => number;
  /** Rate-limit counters and the bot-check replay set: memory, or Redis when REDIS_URL is set. */
  store: RateLimitStore;
  keys: SigningKeys;
  secrets: {
    otpPepper: string;
    botCheckSecret: string;
    /** The candidate service's credential for /internal/ calls; undefined: those calls are refused (decision 0351). */
    internalApiToken: string | undefined;
  };
  outbox: OutboxWorker;
  accountEvents: AccountEventsWorker;
  retention: PollingWorker;
}

export interface DependencyOptions {
  /** Secrets and signing key in memory only, nothing written under DATA_DIR (tests). */
  ephemeral?: boolean;
  now?: () => number;
}

/** Opens the database (migrating it), the mail transport, the limit store, keys and secrets. */
export async function openDependencies(
  config: IdentityConfig,
  logger: Logger,
  options: DependencyOptions = {},
): Promise<IdentityDeps> {
  const ephemeral = options.ephemeral ?? false;
  const now = options.now ?? Date.now;
  // With Redis the service runs as several instances (design.md §2): a key or secret made up per
  // instance would make codes, bot checks and tokens of one instance fail on the others.
  if (config.redisUrl && !ephemeral) {
    const keyFiles = (await fs.readdir(config.secrets.keysDir).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.pem'),
    );
    const missing = [
      ...(config.secrets.jwtPrivateKey || keyFiles.length > 0
        ? []
        : [
            `JWT_PRIVATE_KEY: must be set, the same on every instance, when REDIS_URL is set (or the same PEM files in ${config.secrets.keysDir})`,
          ]),
      ...(config.secrets.botCheckSecret
        ? []
        : ['BOT_CHECK_SECRET: must be set, the same on every instance, when REDIS_URL is set']),
      ...(config.secrets.otpPepper
        ? []
        : ['OTP_PEPPER: must be set, the same on every instance, when REDIS_URL is set']),
    ];
    if (missing.length > 0)
      throw new ConfigError(
        `identity service: invalid configuration\n${missing.map((line) => `  ${line}`).join('\n')}`,
      );
  }
  const database = await openDatabase<IdentityDatabase>({
    ...config.database,
    onConnectionError: (err) => logger.warn({ err }, 'database connection lost; the pool opens a new one when needed'),
  });
  await migrateToLatest(database.db as never, migrationsFolder, 'identity');
  const mail = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    now,
    // Tests keep theirs in memory: nothing of theirs is written under a data folder.
    outboxDir: ephemeral ? undefined : config.devOutboxDir,
  });
  const store = createRateLimitStore({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    now,
    onError: (err) => logger.warn({ err }, 'Redis unreachable; limit checks answer 503 until it is back'),
  });
  const keys = await loadSigningKeys({
    configuredPem: config.secrets.jwtPrivateKey,
    dir: config.secrets.keysDir,
    ephemeral,
  });
  const secrets = {
    otpPepper: await loadOrCreateSecret('otp-pepper', config.secrets.otpPepper, config.secrets.dir, ephemeral),
    botCheckSecret: await loadOrCreateSecret('bot-check', config.secrets.botCheckSecret, config.secrets.dir, ephemeral),
    // Shared with the candidate service: generated (in the folder both read) only in the embedded default.
    internalApiToken:
      config.internalApi.token ??
      (config.internalApi.generatedDir && !ephemeral
        ? await loadOrCreateSecret('internal-api', undefined, config.internalApi.generatedDir, false)
        : undefined),
  };
  const outbox = createOutboxWorker({ db: database.db, mail, now, intervalMs: config.mailPollIntervalMs, logger });
  const accountEvents = createAccountEventsWorker({
    db: database.db,
    keys,
    issuer: config.publicUrl,
    deliveryUrl: config.accountEventsUrl,
    now,
    intervalMs: config.mailPollIntervalMs,
    logger,
  });
  const retention = createRetentionWorker({ db: database.db, now, ...config.retention, logger });
  return { database, mail, now, store, keys, secrets, outbox, accountEvents, retention };
}
