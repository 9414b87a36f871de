import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import { holdForProvedAddress } from '../candidates/proved-address';
import { unsubscribeToken } from '../status-emails/status-emails.service';
import { messageNoticeMail } from './messages.mail';
import {
  deleteNotice,
  dropStaleNotices,
  leaseDueNotices,
  markNoticeFailed,
  markNoticeSent,
  noticeDetails,
} from './messages.repository';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** A notice not sent within three days (a long SMTP outage) is dropped: the message is on the portal. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;
export const MESSAGE_NOTICE_POLL_MS = 5_000;

const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));

/**
 * The candidates' "a message is waiting" e-mails (docs/decisions/0422), once across instances: due rows are
 * leased (server-kit leaseDueRows: FOR UPDATE SKIP LOCKED and a lease) and sent outside any transaction;
 * a notice whose message was read meanwhile, or whose candidate turned status e-mails off, is dropped
 * unsent. Failures retry with a growing wait. The clock is injected.
 */
export function createMessageNoticeWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  secret: string;
  portalUrl: string;
  apiUrl: string;
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
  contactEmail?: string | undefined;
}): PollingWorker {
  const { db } = options;

  async function sendOne(row: { id: number; message_id: string; attempts: number }): Promise<boolean> {
    const details = await noticeDetails(db, row.message_id);
    if (!details || details.read_at !== null || !details.status_emails) {
      await deleteNotice(db, row.id);
      return false;
    }
    // To a proved address only (docs/decisions/0532): held until the candidate proves it.
    if (!details.email_verified) {
      await holdForProvedAddress(db, 'message_notice_outbox', row, options.now());
      return false;
    }
    const message = messageNoticeMail({
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
    });
    try {
      await options.mail.send(message);
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: message.kind });
      const retryAt = new Date(options.now() + backoffMs(row.attempts));
      options.logger.warn(
        { err, noticeId: row.id, attempts: row.attempts + 1, retryAt },
        'message notice not sent; will retry',
      );
      await markNoticeFailed(db, row.id, retryAt, err instanceof Error ? err.message : String(err));
      return false;
    }
    await markNoticeSent(db, row.id, new Date(options.now()));
    productMetrics.emailsSent().inc({ kind: message.kind });
    return true;
  }

  async function runOnce(): Promise<number> {
    const now = options.now();
    const expired = await dropStaleNotices(
      db,
      new Date(now),
      new Date(now - GIVE_UP_AFTER_MS),
      new Date(now - KEEP_SENT_MS),
    );
    if (expired > 0) options.logger.warn({ dropped: expired }, 'message notices not sent within three days; dropped');
    let sent = 0;
    for (;;) {
      const rows = await leaseDueNotices(db, new Date(options.now()), LEASE_MS, BATCH);
      for (const row of rows) if (await sendOne({ ...row, id: Number(row.id) })) sent += 1;
      if (rows.length < BATCH) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'message notice pass failed',
    job: 'message-notices',
  });
}
