import type { PgBoss } from 'pg-boss';
import type { Database } from '@careers/server-kit/database';
import type { Logger } from '@careers/server-kit/logger';
import type { MailTransport } from '@careers/server-kit/mail';
import { countedJob } from '@careers/server-kit/metrics';
import type { CandidateConfig } from '../config';
import type { CandidateDatabase } from '../db';
import { forwardContactMessage, staleUnforwardedIds } from '../modules/contact/contact.service';
import { parseCv, stalePendingCvIds } from '../modules/cvs/cv-parsing.service';
import { removeOrphanFiles, removeStaleSpoolFiles } from '../modules/cvs/orphan-files';
import type { BlobStorage } from '../modules/storage/storage';
import { QUEUES, startQueue } from './queue';

export interface BackgroundJobs {
  enqueueCvParse(cvId: string): Promise<void>;
  enqueueContactForward(contactMessageId: string): Promise<void>;
  /** Runs the lost-job sweep now (tests, and once at start). */
  sweep(): Promise<void>;
  /** Removes CV files no row holds, older than the grace time (hourly; tests call it). Answers the removed keys. */
  removeOrphanFiles(now?: Date): Promise<string[]>;
  stop(): Promise<void>;
}

interface Context {
  config: CandidateConfig;
  database: Database<CandidateDatabase>;
  storage: BlobStorage;
  mail: MailTransport;
  logger: Logger;
}

const SWEEP_EVERY_MS = 60_000;
const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;
const CONTACT_MAX_ATTEMPTS = 13;

/** Where the parse job's limit is (hostile-files tests read it from here). */
export { MAX_PARSE_ATTEMPTS } from '../modules/cvs/cv-parsing.service';

/** Starts the queue (always, to enqueue) and the workers (when this instance runs them). */
export async function startBackground(ctx: Context): Promise<BackgroundJobs> {
  const boss: PgBoss = await startQueue(
    ctx.database,
    ctx.config.database.url,
    ctx.logger,
    ctx.config.contactRetryDelaySeconds,
  );
  const send = async (queue: string, data: object, key: string) => {
    // singletonKey: the sweep may find a row whose job is still waiting; no second job then.
    await boss.send(queue, data, { singletonKey: key });
  };
  const jobs: BackgroundJobs = {
    enqueueCvParse: (cvId) => send(QUEUES.cvParse, { cvId }, `cv:${cvId}`),
    enqueueContactForward: (id) => send(QUEUES.contactForward, { id }, `contact:${id}`),
    async sweep() {
      const db = ctx.database.db;
      for (const id of await stalePendingCvIds(db, new Date(Date.now() - 2 * 60_000))) await jobs.enqueueCvParse(id);
      if (ctx.config.contactEmail) {
        for (const id of await staleUnforwardedIds(db, new Date(Date.now() - 10 * 60_000), CONTACT_MAX_ATTEMPTS)) {
          await jobs.enqueueContactForward(id);
        }
      }
    },
    async removeOrphanFiles(now = new Date()) {
      const removed = await removeOrphanFiles(ctx.database.db, ctx.storage, now);
      const spool = await removeStaleSpoolFiles(ctx.config.uploadTempDir, now);
      if (removed.length > 0 || spool > 0)
        ctx.logger.info({ files: removed.length, spool }, 'removed CV files that no CV row holds');
      return removed;
    },
    async stop() {
      clearInterval(timer);
      clearInterval(orphanTimer);
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
  let timer: NodeJS.Timeout | undefined;
  if (ctx.config.workers) {
    const parsing = () => ({
      db: ctx.database.db,
      storage: ctx.storage,
      logger: ctx.logger,
      limits: ctx.config.cvExtraction,
    });
    const polling = { pollingIntervalSeconds: 0.5, batchSize: 1 };
    await boss.work<{ cvId: string }>(QUEUES.cvParse, polling, async ([job]) => {
      if (job) await countedJob('cv-parse', () => parseCv(parsing(), job.data.cvId));
    });
    await boss.work<{ id: string }>(QUEUES.contactForward, polling, async ([job]) => {
      if (job)
        await countedJob('contact-forward', () =>
          forwardContactMessage(
            { db: ctx.database.db, mail: ctx.mail, portalUrl: ctx.config.portalUrl },
            ctx.config.contactEmail,
            job.data.id,
          ),
        );
    });
    timer = setInterval(
      () =>
        void countedJob('sweep', () => jobs.sweep()).catch((err: unknown) =>
          ctx.logger.error({ err }, 'background sweep failed'),
        ),
      SWEEP_EVERY_MS,
    );
    timer.unref();
  }
  // Every instance sweeps (its own spool is on its own disk); deleting twice is harmless.
  const orphanTimer = setInterval(
    () =>
      void countedJob('orphan-files', () => jobs.removeOrphanFiles()).catch((err: unknown) =>
        ctx.logger.error({ err }, 'orphan file sweep failed'),
      ),
    ORPHAN_SWEEP_EVERY_MS,
  );
  orphanTimer.unref();
  return jobs;
}
