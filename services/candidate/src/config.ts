import path from 'node:path';
import { z } from 'zod';
import { EXTRACTION_LIMITS } from './modules/cvs/cv-extraction';
import { booleanSchema, parseEnv, portSchema, urlSchema } from '@careers/server-kit/env';
import { devOutboxDir, sharedConfig, sharedEnvShape } from '@careers/server-kit/service-config';

const schema = z
  .object({
    ...sharedEnvShape,
    CANDIDATE_PORT: portSchema.default(3002),
    CANDIDATE_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PUBLIC_BLOB_BASE_URL: urlSchema.optional(),
    IDENTITY_JWKS_URL: urlSchema.optional(),
    S3_ENDPOINT: urlSchema.optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanSchema.default(true),
    /** Background work (CV parsing, contact forwarding, status e-mails) in this process; off for API-only instances. */
    CANDIDATE_WORKERS: booleanSchema.default(true),
    /**
     * HMAC key of the status e-mails' unsubscribe links: the same on every instance. Generated under DATA_DIR
     * when unset on one PGlite instance; required with CANDIDATE_DATABASE_URL (checked at start).
     */
    UNSUBSCRIBE_SECRET: z.string().min(32).optional(),
    // REDIS_URL, BOT_CHECK_SECRET and BOT_CHECK_MAX_NUMBER are in sharedEnvShape (the CV autofill's bot
    // check and its "used once" set, docs/decisions/0175; REDIS_URL and BOT_CHECK_SECRET go together).
    // Its own name: the deploy env file is shared, and REDIS_KEY_PREFIX is the identity service's.
    CANDIDATE_REDIS_KEY_PREFIX: z.string().min(1).max(100).default('careers:candidate:'),
    /**
     * The OS caps of each CV extraction child process (docs/decisions/0230): private writable memory
     * (RLIMIT_DATA) in MiB and CPU seconds (RLIMIT_CPU). At most two children run at once per instance.
     */
    CV_EXTRACTION_MEMORY_MB: z.coerce.number().int().min(192).max(8192).default(EXTRACTION_LIMITS.memoryMb),
    CV_EXTRACTION_CPU_SECONDS: z.coerce.number().int().min(1).max(600).default(EXTRACTION_LIMITS.cpuSeconds),
    /** A status change waits this long before its e-mail goes: a quick correction by the employer sends one e-mail, or none. */
    STATUS_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** A closed job's open applications get their outcome this long after the close (docs/decisions/0410). */
    JOB_ENDING_GRACE_SECONDS: z.coerce.number().int().min(0).max(21600).default(3600),
    /**
     * Status e-mails sent per business and hour; beyond it the moves still happen and their e-mails wait for a
     * later hour (docs/decisions/0236). Bounds what one employer can make the platform's mailer send.
     */
    STATUS_MAILS_PER_BUSINESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
    /**
     * The identity service's internal calls (docs/decisions/0351): its PRIVATE address (an instance, or an
     * internal balancer; never the public one through nginx, which refuses /internal/), and the shared
     * credential. Without the token (and no embedded database to keep a generated one), removals wait.
     */
    IDENTITY_INTERNAL_URL: urlSchema.optional(),
    INTERNAL_API_TOKEN: z.string().min(32).optional(),
    /**
     * The portal's server reports crawlers' fetches of the apply pages with this credential (docs/decisions/0514):
     * the same value in the portal's settings. Generated under DATA_DIR when unset with the embedded database;
     * else, unset, no such report is accepted.
     */
    CRAWLER_REPORT_TOKEN: z.string().min(32).optional(),
    /** Job alerts (docs/decisions/0380): at most one e-mail per alert per this many seconds (a day; tests shorten it). */
    JOB_ALERT_DIGEST_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(86_400),
    /** An unconfirmed job alert is forgotten after this many hours. */
    JOB_ALERT_CONFIRM_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .default(48),
    /** Job-alert sign-ups per address, and per client address, in an hour. */
    JOB_ALERT_SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    JOB_ALERT_SIGNUPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    /**
     * Confirmation e-mails the whole install queues in an hour, across instances (counted in the database,
     * docs/decisions/0493): what strangers can make the platform's sender write to addresses not proved yet.
     */
    JOB_ALERT_CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
    /**
     * IndexNow (docs/decisions/0561): the key the portal serves at /{key}.txt, the same on every instance and in
     * the portal's settings. Generated under DATA_DIR when unset with the embedded database; else, unset, off.
     */
    INDEXNOW_KEY: z
      .string()
      .regex(/^[a-zA-Z0-9-]{8,128}$/, 'expected 8 to 128 letters, digits or dashes')
      .optional(),
    /** Where new, changed and closed jobs are posted; only with a public https PORTAL_URL. */
    INDEXNOW_ENDPOINT: urlSchema.default('https://api.indexnow.org/indexnow'),
    INDEXNOW_ENABLED: booleanSchema.default(true),
    /** The feeds' country (ISO 3166-1 alpha-2) of a job that names none (docs/decisions/0381). */
    FEED_DEFAULT_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('GB'),
  })
  .superRefine((env, ctx) => {
    // Half an S3 configuration would silently fall back to local files: refuse it instead.
    if (Boolean(env.S3_ENDPOINT) !== Boolean(env.S3_BUCKET)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_ENDPOINT and S3_BUCKET must be set together' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
  });

export type CandidateConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof schema>) {
  const shared = sharedConfig(env);
  const { dataDir } = shared;
  return {
    ...shared,
    port: env.CANDIDATE_PORT,
    database: { url: env.CANDIDATE_DATABASE_URL, dataDir: path.join(dataDir, 'candidate-db') },
    identityUrl: env.IDENTITY_URL,
    /** Removed team members' sessions end at the identity service (docs/decisions/0351). */
    internalApi: {
      identityUrl: env.IDENTITY_INTERNAL_URL ?? env.IDENTITY_URL,
      token: env.INTERNAL_API_TOKEN,
      generatedDir: env.CANDIDATE_DATABASE_URL ? undefined : path.join(dataDir, 'internal-secrets'),
    },
    /** The portal's server's credential for its crawler reports (docs/decisions/0514); generated as internalApi's is. */
    crawlerReport: {
      token: env.CRAWLER_REPORT_TOKEN,
      generatedDir: env.CANDIDATE_DATABASE_URL ? undefined : path.join(dataDir, 'internal-secrets'),
    },
    publicUrl: env.CANDIDATE_URL,
    /** Only in the embedded default: its e-mails go to the dev outbox the identity service shows. */
    devOutboxDir: devOutboxDir(env, env.CANDIDATE_DATABASE_URL),
    publicBlobBaseUrl: env.PUBLIC_BLOB_BASE_URL ?? `${env.CANDIDATE_URL}/blobs`,
    auth: {
      issuer: env.IDENTITY_URL,
      jwksUrl: env.IDENTITY_JWKS_URL ?? `${env.IDENTITY_URL}/.well-known/jwks.json`,
    },
    storage:
      env.S3_ENDPOINT && env.S3_BUCKET
        ? ({
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
          } as const)
        : ({ kind: 'local', root: path.join(dataDir, 'candidate-files') } as const),
    /** Where uploads are spooled while their type is checked, before they reach the store. */
    uploadTempDir: path.join(dataDir, 'candidate-uploads'),
    workers: env.CANDIDATE_WORKERS,
    /** No silent endings and reply reminders (docs/decisions/0410, 0413): their passes poll with the mail. */
    jobEndings: { graceMs: env.JOB_ENDING_GRACE_SECONDS * 1000, pollIntervalMs: env.MAIL_POLL_INTERVAL_MS },
    statusMail: {
      unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
      /** Where a generated unsubscribe key is kept when UNSUBSCRIBE_SECRET is unset. */
      secretsDir: path.join(dataDir, 'candidate-secrets'),
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      delayMs: env.STATUS_MAIL_DELAY_SECONDS * 1000,
      perBusinessPerHour: env.STATUS_MAILS_PER_BUSINESS_PER_HOUR,
    },
    jobAlerts: {
      digestIntervalMs: env.JOB_ALERT_DIGEST_INTERVAL_SECONDS * 1000,
      confirmWithinMs: env.JOB_ALERT_CONFIRM_HOURS * 3_600_000,
      perAddress: env.JOB_ALERT_SIGNUPS_PER_ADDRESS_PER_HOUR,
      perClient: env.JOB_ALERT_SIGNUPS_PER_CLIENT_PER_HOUR,
      confirmationsPerHour: env.JOB_ALERT_CONFIRMATIONS_PER_HOUR,
      windowSeconds: 3600,
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    },
    feeds: { defaultCountry: env.FEED_DEFAULT_COUNTRY },
    /** IndexNow (docs/decisions/0561); its key is generated as crawlerReport's token is. */
    indexNow: {
      enabled: env.INDEXNOW_ENABLED,
      key: env.INDEXNOW_KEY,
      generatedDir: env.CANDIDATE_DATABASE_URL ? undefined : path.join(dataDir, 'internal-secrets'),
      endpoint: env.INDEXNOW_ENDPOINT,
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    },
    redisKeyPrefix: env.CANDIDATE_REDIS_KEY_PREFIX,
    /** The CV autofill's bot check: its own challenges (action cv-autofill), 10 minutes to use one. */
    botCheck: {
      secret: env.BOT_CHECK_SECRET,
      secretsDir: path.join(dataDir, 'candidate-secrets'),
      maxNumber: env.BOT_CHECK_MAX_NUMBER,
      expiresSeconds: 600,
      action: 'cv-autofill',
    },
    /** CV autofill requests per client address and window (tests lower it). */
    cvAutofillLimit: { limit: 20, windowSeconds: 600 },
    /** First retry delay of a failed contact e-mail; doubles per attempt (tests shorten it). */
    contactRetryDelaySeconds: 30,
    /** GET /job/{id} from memory: how long another instance's change may go unseen, and how many jobs are kept. */
    jobCache: { ttlMs: 3_000, maxEntries: 10_000 },
    /**
     * Memory, CPU, time and concurrency limits of CV text extraction (tests lower them). The wall-clock
     * deadline leaves room for a child that waits for a core; V8's heap stays below the memory cap.
     */
    cvExtraction: {
      ...EXTRACTION_LIMITS,
      memoryMb: env.CV_EXTRACTION_MEMORY_MB,
      cpuSeconds: env.CV_EXTRACTION_CPU_SECONDS,
      timeoutMs: Math.max(EXTRACTION_LIMITS.timeoutMs, env.CV_EXTRACTION_CPU_SECONDS * 2000),
      maxOldGenerationSizeMb: Math.min(
        EXTRACTION_LIMITS.maxOldGenerationSizeMb,
        Math.floor(env.CV_EXTRACTION_MEMORY_MB / 2),
      ),
    },
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): CandidateConfig {
  return toConfig(parseEnv(schema, env, 'candidate service'));
}
