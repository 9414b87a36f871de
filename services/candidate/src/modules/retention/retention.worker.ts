import type { FastifyBaseLogger } from 'fastify';
import { jobAtBusiness, oneLine } from '@careers/server-kit/employer-words';
import type { App } from '@careers/server-kit/http';
import type { MailMessage, MailTransport } from '@careers/server-kit/mail';
import { contactUrl, renderMail } from '@careers/server-kit/mail-layout';
import { productMetrics } from '@careers/server-kit/metrics';
import { leaseDueRows } from '@careers/server-kit/outbox';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import type { BlobStorage } from '../storage/storage';
import { releaseEndedHolds } from './legal-holds.service';
import { deleteDueApplications, withRetention } from './retention.service';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A receipt not sent within a week (a long SMTP outage) is dropped: the application is gone either way. */
const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** The job looks for due applications this often; the date is a day, so an hour late is on time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
export const DELETION_RECEIPT_KIND = 'application deleted';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The receipt of a deletion: which job at which business (the employer's words written plainly), when. */
export function deletionReceiptMail(facts: {
  to: string;
  candidateName: string;
  businessName: string;
  jobTitle: string;
  deletedAt: Date;
  portalUrl: string;
  contactEmail?: string | undefined;
}): MailMessage {
  return renderMail({
    to: facts.to,
    kind: DELETION_RECEIPT_KIND,
    subject: 'Your application and CV were deleted',
    preview: 'The employer deleted your application and its CV, as its rule said.',
    heading: 'Your application was deleted',
    body: [
      oneLine(facts.candidateName) ? `Hello ${oneLine(facts.candidateName)},` : 'Hello,',
      `On ${DAY.format(facts.deletedAt)} the employer's copy of your application for ${jobAtBusiness(facts.jobTitle, facts.businessName)} was deleted, as its retention rule said: your answers, your messages and its access to your CV. Your own CVs on the portal are not changed.`,
    ],
    button: { label: 'See your applications', url: `${facts.portalUrl.replace(/\/+$/, '')}/applications` },
    footer: {
      why: 'You get this email because an application you sent through the portal was deleted.',
      contactUrl: contactUrl(facts.portalUrl, facts.contactEmail),
    },
  });
}

export type RetentionWorker = PollingWorker;

/**
 * The retention job (docs/decisions/0441), hourly on every instance and once across them: deletes what a
 * legal hold kept of the candidate's own deletions once the hold ended (0494), then the due applications
 * (FOR UPDATE SKIP LOCKED, in batches), then sends the receipts from their outbox (leased rows, retried with
 * backoff, each row deleted once sent). The clock is injected.
 */
export function createRetentionWorker(options: {
  db: Db;
  storage: BlobStorage;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  portalUrl: string;
  contactEmail?: string | undefined;
}): RetentionWorker {
  const db = withRetention(options.db);

  async function sendReceipts(): Promise<number> {
    const now = new Date(options.now());
    await db
      .deleteFrom('deletion_receipts')
      .where('deleted_at', '<=', new Date(now.getTime() - GIVE_UP_AFTER_MS))
      .execute();
    let sent = 0;
    for (;;) {
      const rows = await leaseDueRows<{ id: string; attempts: number }>(db, {
        table: 'deletion_receipts',
        now,
        leaseMs: LEASE_MS,
        due: (query) => query.where('next_attempt_at', '<=', now),
        returning: ['id', 'attempts'],
        orderBy: 'id',
        limit: BATCH,
      });
      for (const row of rows) {
        const details = await db
          .selectFrom('deletion_receipts as r')
          .innerJoin('candidates as c', 'c.id', 'r.candidate_id')
          .select(['c.email', 'c.name', 'r.business_name', 'r.job_title', 'r.deleted_at'])
          .where('r.id', '=', row.id)
          .executeTakeFirst();
        if (!details) continue;
        const message = deletionReceiptMail({
          to: details.email,
          candidateName: details.name,
          businessName: details.business_name,
          jobTitle: details.job_title,
          deletedAt: details.deleted_at,
          portalUrl: options.portalUrl,
          contactEmail: options.contactEmail,
        });
        try {
          await options.mail.send(message);
        } catch (err) {
          productMetrics.emailsFailed().inc({ kind: DELETION_RECEIPT_KIND });
          const retryAt = new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20)));
          options.logger.warn({ err, deletionReceiptId: row.id, retryAt }, 'deletion receipt not sent; will retry');
          await db
            .updateTable('deletion_receipts')
            .set({
              attempts: row.attempts + 1,
              next_attempt_at: retryAt,
              locked_until: null,
              last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
            })
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        // Sent: nothing of it is kept.
        await db.deleteFrom('deletion_receipts').where('id', '=', row.id).execute();
        productMetrics.emailsSent().inc({ kind: DELETION_RECEIPT_KIND });
        sent += 1;
      }
      if (rows.length < BATCH) return sent;
    }
  }

  /** Files after each commit: a file left behind is logged, and the orphan sweep finds it. */
  async function releaseHeld(): Promise<number> {
    let files = 0;
    for (;;) {
      const { storageKeys, more } = await releaseEndedHolds(options.db, new Date(options.now()));
      for (const key of storageKeys)
        await options.storage
          .delete(key)
          .catch((err: unknown) => options.logger.error({ err, key }, 'CV file left behind'));
      files += storageKeys.length;
      if (!more) break;
    }
    if (files > 0) options.logger.info({ files }, 'CVs kept under a legal hold deleted after it ended');
    return files;
  }

  async function runOnce(): Promise<number> {
    // First, so an application a hold kept of a deleted account goes as the candidate's deletion, with no receipt.
    const released = await releaseHeld();
    let deleted = 0;
    for (;;) {
      const went = await deleteDueApplications(options.db, new Date(options.now()));
      deleted += went;
      if (went === 0) break;
    }
    if (deleted > 0) options.logger.info({ deleted }, 'applications past their retention date deleted');
    return released + deleted + (await sendReceipts());
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'retention pass failed; the next one tries again',
    job: 'retention',
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job and the clock it and the retention routes read (tests move it). */
    retention: { worker: RetentionWorker; now: () => number };
  }
}

/** Starts the retention job with the app (CANDIDATE_WORKERS) and stops it on close. */
export function startRetention(app: App): void {
  const state = {
    now: Date.now as () => number,
    worker: undefined as unknown as RetentionWorker,
  };
  state.worker = createRetentionWorker({
    db: app.deps.database.db,
    storage: app.deps.storage,
    mail: app.deps.mail,
    now: () => state.now(),
    intervalMs: RETENTION_INTERVAL_MS,
    logger: app.log,
    portalUrl: app.config.portalUrl,
    contactEmail: app.config.contactEmail,
  });
  app.decorate('retention', state);
  if (app.config.workers) app.addHook('onReady', async () => state.worker.start());
  app.addHook('onClose', async () => state.worker.stop());
}
