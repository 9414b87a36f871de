import { closeExtractionReaders } from './modules/cvs/cv-extraction';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { CV_MAX_BYTES } from '@careers/contracts/candidate';
import { createHttpApp, type App } from '@careers/server-kit/http';
import { openDatabase, type Database } from '@careers/server-kit/database';
import { migrateToLatest } from '@careers/server-kit/migrations';
import { createMailTransport, type MailTransport } from '@careers/server-kit/mail';
import { ConfigError } from '@careers/server-kit/env';
import type { Logger } from '@careers/server-kit/logger';
import { createRateLimitStore, type RateLimitStore } from '@careers/server-kit/rate-limit';
import { loadOrCreateSecret } from '@careers/server-kit/secrets';
import { startBackground, type BackgroundJobs } from './background/workers';
import type { CandidateConfig } from './config';
import type { CandidateDatabase } from './db';
import { accountEventRoutes } from './modules/account-events/account-events.routes';
import { applicationRoutes } from './modules/applications/applications.routes';
import { screeningRoutes } from './modules/screening/screening.routes';
import { businessApplicationRoutes } from './modules/applications/business-applications.routes';
import { bearerAuth } from '@careers/server-kit/bearer-auth';
import { createTokenVerifier } from './modules/auth/auth.service';
import { businessFileRoutes } from './modules/business/business-files.routes';
import { businessRoutes } from './modules/business/business.routes';
import { publicLogoUrl } from './modules/business/business.service';
import { candidateRoutes } from './modules/candidates/candidates.routes';
import { careersRoutes } from './modules/careers/careers.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { cvAutofillRoutes } from './modules/cv-autofill/cv-autofill.routes';
import { businessCvDropRoutes } from './modules/cv-drops/business-cv-drops.routes';
import { cvDropRoutes } from './modules/cv-drops/cv-drops.routes';
import { businessCvRoutes } from './modules/cvs/business-cvs.routes';
import { cvRoutes } from './modules/cvs/cvs.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { businessJobRoutes } from './modules/jobs/business-jobs.routes';
import { jobEarlyAnswers } from './modules/jobs/job-answer';
import { JobCache } from './modules/jobs/job-cache';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { teamRoutes } from './modules/team/team.routes';
import { startTeamRemovals } from './modules/team/team-removals';
import { jobAlertRoutes } from './modules/job-alerts/job-alerts.routes';
import { createJobAlertWorker, type JobAlertWorker } from './modules/job-alerts/job-alerts.worker';
import { createCrawlerCounter, type CrawlerCounter } from './modules/crawlers/crawlers.service';
import { feedRoutes } from './modules/feeds/feeds.routes';
import { jobDistributionRoutes } from './modules/crawlers/job-distribution';
import { crawlerRoutes } from './modules/crawlers/crawlers.routes';
import { sourceFunnelRoutes } from './modules/applications/source-funnel';
import { statusEmailRoutes } from './modules/status-emails/status-emails.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { createMessageNoticeWorker } from './modules/messages/messages.worker';
import { interviewRoutes } from './modules/interviews/interviews.routes';
import { createInterviewWorker, type InterviewWorker } from './modules/interviews/interviews.worker';
import { retentionRoutes } from './modules/retention/retention.routes';
import { startRetention } from './modules/retention/retention.worker';
import { createStatusMailWorker, type StatusMailWorker } from './modules/status-emails/status-emails.worker';
import { createStorage } from './modules/storage/storage.factory';
import { jobEndingRoutes } from './modules/job-endings/job-endings.routes';
import { firstStepsRoutes } from './modules/first-steps/first-steps.routes';
import { createJobEndingsWorker } from './modules/job-endings/job-endings.worker';
import { createReplyReminderWorker } from './modules/reply-times/reply-reminders';
import { employerNotificationRoutes } from './modules/employer-notifications/employer-notifications.routes';
import {
  createEmployerNotificationWorker,
  type EmployerNotificationWorker,
} from './modules/employer-notifications/employer-notifications.worker';
import type { PollingWorker } from '@careers/server-kit/polling-worker';
import { indexNowSettings, type IndexNowSettings } from './modules/indexnow/indexnow';
import { createIndexNowWorker } from './modules/indexnow/indexnow.worker';
import type { BlobStorage } from './modules/storage/storage';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface CandidateDeps {
  database: Database<CandidateDatabase>;
  mail: MailTransport;
  storage: BlobStorage;
  jobs: BackgroundJobs;
  /** Status e-mails (docs/decisions/0145): the outbox worker and the unsubscribe links' key. */
  statusMail: { worker: StatusMailWorker; secret: string };
  /** Messages' notices (docs/decisions/0422): the outbox worker of the candidates' "a message is waiting" e-mails. */
  messages: { worker: PollingWorker };
  /** Rate-limit counters and the bot check's replay set: memory, or Redis when REDIS_URL is set. */
  store: RateLimitStore;
  /** HMAC key of the CV autofill's bot-check challenges (docs/decisions/0175). */
  botCheckSecret: string;
  /** Job alerts (docs/decisions/0380): their outbox worker and the clock it and the routes read. */
  jobAlerts: { worker: JobAlertWorker; now: () => number };
  /** Crawler fetches of jobs and feeds, counted in memory and saved in batches (docs/decisions/0382). */
  crawlers: CrawlerCounter;
  /** Interviews (docs/decisions/0430): their e-mail and reminder worker, and the clock it and the routes read. */
  interviews: { worker: InterviewWorker; now: () => number };
  /** No silent endings (docs/decisions/0410): the scheduled pass and the clock it and the close route read. */
  jobEndings: { worker: PollingWorker; now: () => number };
  /** The employers' reminders of overdue applications (docs/decisions/0413) and the clock of the reply times. */
  replyTimes: { worker: PollingWorker; now: () => number };
  /** What the employer hears of (docs/decisions/0497): e-mails at once and the daily digest, and their clock. */
  employerNotifications: { worker: EmployerNotificationWorker; now: () => number };
  /** Search engines told of new, changed and closed jobs (docs/decisions/0561): the outbox worker, its settings and clock. */
  indexNow: { worker: PollingWorker; settings: IndexNowSettings; now: () => number };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: CandidateDeps;
    config: CandidateConfig;
    jobCache: JobCache;
  }
}

/** Opens the database (migrating it), the file store, the mail transport and the background queue. */
export async function openDependencies(
  config: CandidateConfig,
  logger: Logger,
  overrides: Partial<Pick<CandidateDeps, 'storage'>> = {},
): Promise<CandidateDeps> {
  // With PostgreSQL the service may run as several instances: a key made up per instance would make the
  // unsubscribe links of one instance fail on the others.
  if (config.database.url && !config.statusMail.unsubscribeSecret) {
    throw new ConfigError(
      'candidate service: invalid configuration\n  UNSUBSCRIBE_SECRET: must be set, the same on every instance, when CANDIDATE_DATABASE_URL is set',
    );
  }
  // Redis means several instances: a bot-check key made up per instance would fail on the others.
  if (config.redisUrl && !config.botCheck.secret) {
    throw new ConfigError(
      'candidate service: invalid configuration\n  BOT_CHECK_SECRET: must be set, the same on every instance, when REDIS_URL is set',
    );
  }
  const database = await openDatabase<CandidateDatabase>({
    ...config.database,
    onConnectionError: (err) => logger.warn({ err }, 'database connection lost; the pool opens a new one when needed'),
  });
  await migrateToLatest(database.db as never, migrationsFolder, 'candidate');
  const mail = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    outboxDir: config.devOutboxDir,
  });
  const storage = overrides.storage ?? createStorage(config.storage);
  // A business's logo heads the e-mails about it when it has one (server-kit mail-layout's mailHeader).
  const businessLogoUrl = (folder: string) => publicLogoUrl(storage, config.publicBlobBaseUrl, folder);
  const jobs = await startBackground({ config, database, storage, mail, logger });
  if (config.workers) await jobs.sweep();
  const secret = await loadOrCreateSecret(
    'unsubscribe',
    config.statusMail.unsubscribeSecret,
    config.statusMail.secretsDir,
    false,
  );
  const worker = createStatusMailWorker({
    db: database.db,
    mail,
    now: Date.now,
    intervalMs: config.statusMail.pollIntervalMs,
    logger,
    secret,
    portalUrl: config.portalUrl,
    apiUrl: config.publicUrl,
    perBusinessPerHour: config.statusMail.perBusinessPerHour,
    logoUrl: businessLogoUrl,
    contactEmail: config.contactEmail,
  });
  if (config.workers) worker.start();
  const noticeWorker = createMessageNoticeWorker({
    db: database.db,
    mail,
    now: Date.now,
    intervalMs: config.statusMail.pollIntervalMs,
    logger,
    secret,
    portalUrl: config.portalUrl,
    apiUrl: config.publicUrl,
    logoUrl: businessLogoUrl,
    contactEmail: config.contactEmail,
  });
  if (config.workers) noticeWorker.start();
  const store = createRateLimitStore({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    onError: (err) => logger.warn({ err }, 'Redis unreachable; CV autofill answers 503 until it is back'),
  });
  const botCheckSecret = await loadOrCreateSecret(
    'bot-check',
    config.botCheck.secret,
    config.botCheck.secretsDir,
    false,
  );
  const alertWorker = createJobAlertWorker({
    db: database.db,
    mail,
    now: Date.now,
    intervalMs: config.jobAlerts.pollIntervalMs,
    logger,
    secret,
    portalUrl: config.portalUrl,
    apiUrl: config.publicUrl,
    settings: config.jobAlerts,
    logoUrl: businessLogoUrl,
    contactEmail: config.contactEmail,
  });
  if (config.workers) alertWorker.start();
  const interviewClock = { now: Date.now };
  const interviewWorker = createInterviewWorker({
    db: database.db,
    mail,
    now: () => interviewClock.now(),
    intervalMs: config.statusMail.pollIntervalMs,
    logger,
    portalUrl: config.portalUrl,
    uidDomain: new URL(config.portalUrl).hostname,
    contactEmail: config.contactEmail,
    logoUrl: businessLogoUrl,
  });
  if (config.workers) interviewWorker.start();
  const endingsWorker = createJobEndingsWorker({
    db: database.db,
    now: Date.now,
    intervalMs: config.jobEndings.pollIntervalMs,
    graceMs: config.jobEndings.graceMs,
    logger,
  });
  if (config.workers) endingsWorker.start();
  const reminderWorker = createReplyReminderWorker({
    db: database.db,
    mail,
    now: Date.now,
    intervalMs: config.jobEndings.pollIntervalMs,
    logger,
    portalUrl: config.portalUrl,
    contactEmail: config.contactEmail,
    logoUrl: businessLogoUrl,
  });
  if (config.workers) reminderWorker.start();
  const noticeClock = { now: Date.now };
  const employerNoticeWorker = createEmployerNotificationWorker({
    db: database.db,
    mail,
    now: () => noticeClock.now(),
    intervalMs: config.statusMail.pollIntervalMs,
    logger,
    portalUrl: config.portalUrl,
    contactEmail: config.contactEmail,
    logoUrl: businessLogoUrl,
  });
  if (config.workers) employerNoticeWorker.start();
  const indexNow = await indexNowSettings(config);
  if (indexNow.offBecause) logger.info(`IndexNow is off: ${indexNow.offBecause}`);
  const indexNowClock = { now: Date.now };
  const indexNowWorker = createIndexNowWorker({
    db: database.db,
    settings: indexNow,
    now: () => indexNowClock.now(),
    intervalMs: config.indexNow.pollIntervalMs,
    logger,
  });
  if (config.workers && indexNow.endpoint) indexNowWorker.start();
  return {
    database,
    mail,
    storage,
    jobs,
    statusMail: { worker, secret },
    messages: { worker: noticeWorker },
    store,
    botCheckSecret,
    jobAlerts: { worker: alertWorker, now: Date.now },
    crawlers: createCrawlerCounter(database.db, logger),
    // One clock for the routes and the worker: a test that moves it moves both.
    interviews: {
      worker: interviewWorker,
      get now() {
        return interviewClock.now;
      },
      set now(clock: () => number) {
        interviewClock.now = clock;
      },
    },
    jobEndings: { worker: endingsWorker, now: Date.now },
    replyTimes: { worker: reminderWorker, now: Date.now },
    employerNotifications: {
      worker: employerNoticeWorker,
      get now() {
        return noticeClock.now;
      },
      set now(clock: () => number) {
        noticeClock.now = clock;
      },
    },
    indexNow: {
      worker: indexNowWorker,
      settings: indexNow,
      get now() {
        return indexNowClock.now;
      },
      set now(clock: () => number) {
        indexNowClock.now = clock;
      },
    },
  };
}

export async function buildApp(config: CandidateConfig, deps: CandidateDeps, logger: Logger): Promise<App> {
  const jobCache = new JobCache(config.jobCache.ttlMs, config.jobCache.maxEntries);
  const app = await createHttpApp({
    name: 'candidate',
    description:
      'Candidates, CV files, jobs, job applications, CV drops, contact, and the employer API. Authorized by the identity ' +
      "service's access tokens (Authorization: Bearer); GET /job/{id}, GET /blobs/* and CV previews by link are public.",
    logger,
    corsOrigins: config.corsOrigins,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    earlyAnswers: jobEarlyAnswers(jobCache),
    ready: async () => {
      await deps.database.ping();
      // Any key will do: a missing object answers null, an unreachable store rejects.
      await deps.storage.size('readiness/probe');
      await deps.store.ping();
    },
  });
  app.decorate('deps', deps);
  app.decorate('config', config);
  await app.register(bearerAuth, { verify: createTokenVerifier(config.auth) });
  app.decorate('jobCache', jobCache);
  app.decorateRequest('member', null);
  // Removed team members' sessions end at the identity service (docs/decisions/0351).
  await startTeamRemovals(app);
  // The retention job (docs/decisions/0441).
  startRetention(app);

  // One file part per request; the CV limit is the ceiling, the logo route asks for less.
  await app.register(multipart, {
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 },
  });

  await app.register(candidateRoutes);
  await app.register(cvRoutes);
  await app.register(cvAutofillRoutes);
  await app.register(jobRoutes);
  await app.register(careersRoutes);
  await app.register(applicationRoutes);
  await app.register(messageRoutes);
  await app.register(screeningRoutes);
  await app.register(cvDropRoutes);
  await app.register(contactRoutes);
  await app.register(businessRoutes);
  await app.register(businessJobRoutes);
  await app.register(businessApplicationRoutes);
  await app.register(businessCvDropRoutes);
  await app.register(businessCvRoutes);
  await app.register(businessFileRoutes);
  await app.register(teamRoutes);
  await app.register(accountEventRoutes);
  await app.register(dataExportRoutes);
  await app.register(statusEmailRoutes);
  await app.register(jobAlertRoutes);
  await app.register(feedRoutes);
  await app.register(jobDistributionRoutes);
  await app.register(crawlerRoutes);
  await app.register(sourceFunnelRoutes);
  await app.register(interviewRoutes);
  await app.register(retentionRoutes);
  await app.register(jobEndingRoutes);
  await app.register(employerNotificationRoutes);
  await app.register(firstStepsRoutes);

  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    // After the jobs, which wait for the CVs being read: no reader child outlives the service.
    await closeExtractionReaders();
    await deps.statusMail.worker.stop();
    await deps.messages.worker.stop();
    await deps.jobAlerts.worker.stop();
    await deps.interviews.worker.stop();
    await deps.jobEndings.worker.stop();
    await deps.replyTimes.worker.stop();
    await deps.employerNotifications.worker.stop();
    await deps.indexNow.worker.stop();
    await deps.crawlers.stop();
    await deps.mail.close();
    await deps.database.close();
    await deps.store.close();
  });
  return app;
}
