import type { PgBoss } from 'pg-boss';
import type { Database } from '@careers/server-kit/database';
import type { Logger } from '@careers/server-kit/logger';
import type { MailTransport } from '@careers/server-kit/mail';
import { countedJob, productMetrics } from '@careers/server-kit/metrics';
import type { CandidateConfig } from '../config';
import type { CandidateDatabase } from '../db';
import {
  countAttempt,
  findUnforwarded,
  markForwarded,
  staleUnforwardedIds,
} from '../modules/contact/contact.repository';
import { contactMail } from '../modules/contact/contact.service';
import type { CvFileType } from '../modules/cvs/cv-file-type';
import { ExtractionError, runExtraction } from '../modules/cvs/cv-extraction';
import { countParseAttempt, findCvById, setParseResult, stalePendingCvIds } from '../modules/cvs/cvs.repository';
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

/** A file whose extraction did not finish this many times (a crash mid-way) is Failed, not retried again. */
export const MAX_PARSE_ATTEMPTS = 2;

export async function parseCv(ctx: Context, cvId: string): Promise<void> {
  const db = ctx.database.db;
  const cv = await findCvById(db, cvId);
  if (!cv || cv.parse_status !== 'Pending') return;
  // A storage outage throws here and the job is retried; a file that cannot be read is final.
  const object = await ctx.storage.get(cv.storage_key);
  if (!object) {
    await setParseResult(db, cvId, { status: 'Failed', text: null, error: 'file missing' });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  const attempts = await countParseAttempt(db, cvId);
  if (attempts === null) return;
  if (attempts > MAX_PARSE_ATTEMPTS) {
    ctx.logger.warn({ cvId, attempts }, 'CV parsing never finished; giving up');
    await setParseResult(db, cvId, { status: 'Failed', text: null, error: 'parsing did not finish' });
    return;
  }
  try {
    const bytes = Buffer.concat(chunks);
    chunks.length = 0; // one copy of the file in memory, and that one moves to the worker
    const text = await runExtraction(
      { task: 'text', type: cv.file_type as CvFileType, bytes },
      ctx.config.cvExtraction,
    );
    await setParseResult(db, cvId, { status: 'Parsed', text, error: null });
  } catch (err) {
    const unsupported = err instanceof ExtractionError && err.kind === 'unsupported';
    ctx.logger.warn({ err, cvId }, unsupported ? 'CV content not supported' : 'CV parsing failed');
    await setParseResult(db, cvId, {
      status: unsupported ? 'Unsupported' : 'Failed',
      text: null,
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    });
  }
}

export async function forwardContact(ctx: Context, id: string): Promise<void> {
  const to = ctx.config.contactEmail;
  if (!to) return;
  const db = ctx.database.db;
  const row = await findUnforwarded(db, id);
  if (!row) return;
  await countAttempt(db, id);
  // Throws on an SMTP failure: pg-boss retries with backoff. At-least-once: a crash between send and
  // mark can repeat one e-mail, which beats losing it.
  const message = contactMail(row, to);
  try {
    await ctx.mail.send(message);
  } catch (err) {
    productMetrics.emailsFailed().inc({ kind: message.kind });
    throw err;
  }
  productMetrics.emailsSent().inc({ kind: message.kind });
  await markForwarded(db, id);
}

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
    const polling = { pollingIntervalSeconds: 0.5, batchSize: 1 };
    await boss.work<{ cvId: string }>(QUEUES.cvParse, polling, async ([job]) => {
      if (job) await countedJob('cv-parse', () => parseCv(ctx, job.data.cvId));
    });
    await boss.work<{ id: string }>(QUEUES.contactForward, polling, async ([job]) => {
      if (job) await countedJob('contact-forward', () => forwardContact(ctx, job.data.id));
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
