import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import { holdForProvedAddress } from '../candidates/proved-address';
import {
  claimDueStatusMail,
  deleteStatusMail,
  dropStaleStatusMail,
  markStatusMailFailed,
  markStatusMailSent,
  releaseStatusMailSend,
  statusMailDetails,
  type ClaimedStatusMail,
} from './status-emails.repository';
import { receiptMail, statusMail, unsubscribeToken } from './status-emails.service';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** A status change not sent within three days (a long SMTP outage) is old news: dropped, not sent late. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** Sent rows (ids and times only) are kept this long, for "was it sent?" questions. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

/** 1 s, 2 s, 4 s … capped at 10 minutes, as the identity outbox retries. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}

export type StatusMailWorker = PollingWorker;

export function createStatusMailWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  secret: string;
  portalUrl: string;
  apiUrl: string;
  /** At most this many status e-mails an hour per business; the rest wait (docs/decisions/0236). */
  perBusinessPerHour: number;
  /** The address of a business's logo when it has one (its image folder given), for the e-mail's header. */
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
  /** CONTACT_EMAIL, when set: the footer's "Contact us" writes to it. */
  contactEmail?: string | undefined;
}): StatusMailWorker {
  const { db } = options;

  async function sendOne(row: ClaimedStatusMail): Promise<boolean> {
    const details = await statusMailDetails(db, row.id);
    // The application or candidate went (their rows cascade), or the candidate turned status e-mails off
    // since; a receipt is not a status e-mail and goes either way (docs/decisions/0557).
    if (!details || (row.kind === 'status' && !details.status_emails)) {
      await releaseStatusMailSend(db, row.id);
      await deleteStatusMail(db, row.id);
      return false;
    }
    // A receipt or a status e-mail goes to a proved address only: a new candidate proves it with the code
    // that finishes the application, and the e-mail follows (docs/decisions/0283, 0532). Until then it
    // waits, its place in the business's budget given back; unproved for three days, it is dropped as stale.
    if (!details.email_verified) {
      await releaseStatusMailSend(db, row.id);
      await holdForProvedAddress(db, 'status_mail_outbox', row, options.now());
      return false;
    }
    const facts = {
      to: details.email,
      candidateName: details.name,
      jobTitle: details.title,
      businessName: details.business_name,
      logoUrl: await options.logoUrl?.(details.image_relative_directory).catch(() => undefined),
      applicationId: details.application_id,
      token: unsubscribeToken(options.secret, details.candidate_id),
      portalUrl: options.portalUrl,
      apiUrl: options.apiUrl,
      contactEmail: options.contactEmail,
    };
    const message =
      row.kind === 'receipt'
        ? receiptMail({
            ...facts,
            appliedAt: new Date(details.applied_at),
            cvFileName: details.cv_file_name,
            timeZone: details.time_zone,
          })
        : statusMail({ ...facts, applicationStatus: row.applicationStatus, endingReason: details.ending_reason });
    try {
      await options.mail.send(message);
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: message.kind });
      const retryAt = new Date(options.now() + backoffMs(row.attempts));
      options.logger.warn(
        { err, statusMailId: row.id, kind: message.kind, attempts: row.attempts + 1, retryAt },
        'status e-mail not sent; will retry',
      );
      await releaseStatusMailSend(db, row.id);
      await markStatusMailFailed(db, row.id, retryAt, err instanceof Error ? err.message : String(err));
      return false;
    }
    await markStatusMailSent(db, row.id, new Date(options.now()));
    productMetrics.emailsSent().inc({ kind: message.kind });
    return true;
  }

  async function runOnce(): Promise<number> {
    const now = options.now();
    const stale = await dropStaleStatusMail(
      db,
      new Date(now),
      new Date(now - GIVE_UP_AFTER_MS),
      new Date(now - KEEP_SENT_MS),
    );
    if (stale.expired > 0)
      options.logger.warn({ dropped: stale.expired }, 'status e-mails not sent within three days; dropped');
    let sent = 0;
    for (;;) {
      const rows = await claimDueStatusMail(db, new Date(options.now()), LEASE_MS, BATCH, options.perBusinessPerHour);
      for (const row of rows) if (await sendOne(row)) sent += 1;
      if (rows.length < BATCH) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'status e-mail pass failed',
    job: 'status-mail',
  });
}
