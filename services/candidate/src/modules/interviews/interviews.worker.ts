import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { CandidateDatabase } from '../../db';
import {
  claimDueInterviewMail,
  dropInterviewMail,
  dropOldInterviewMail,
  interviewMailDetails,
  markInterviewMailFailed,
  markInterviewMailSent,
  queueDueReminders,
  type ClaimedInterviewMail,
} from './interviews.repository';
import { holdForProvedAddress } from '../candidates/proved-address';
import { INVITATION_TIMES, goneInterviewMail, interviewMail } from './interviews.mail';
import { REMINDER_BEFORE_MS, firstOpenTimes } from './interviews.service';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** An interview e-mail not sent within two days (a long SMTP outage) is dropped: its time has likely passed. */
const GIVE_UP_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

export type InterviewWorker = PollingWorker;

/**
 * The interview e-mails' worker (docs/decisions/0433): each pass first queues the reminders that are due
 * (once across instances: the interview row is marked in the transaction that queues them, under SKIP
 * LOCKED), then sends what the outbox holds under a lease, as the status e-mails do.
 */
export function createInterviewWorker(options: {
  db: Kysely<CandidateDatabase>;
  mail: MailTransport;
  /** The clock (tests move it). */
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  portalUrl: string;
  uidDomain: string;
  contactEmail?: string | undefined;
  /** The address of a business's logo when it has one (its image folder given), for the e-mail's header. */
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
}): InterviewWorker {
  const { db } = options;

  /**
   * The e-mail of a claimed row; null when there is nothing left to say (its interview went with its
   * application), 'held' while it is the candidate's and their address is not proved (docs/decisions/0532).
   */
  async function messageOf(row: ClaimedInterviewMail) {
    if (row.gone && row.starts_at && row.ends_at)
      return goneInterviewMail({
        gone: row.gone,
        sequence: row.sequence,
        start: row.starts_at,
        end: row.ends_at,
        portalUrl: options.portalUrl,
        contactEmail: options.contactEmail,
        uidDomain: options.uidDomain,
        now: new Date(options.now()),
      });
    const details = row.interview_id ? await interviewMailDetails(db, row.interview_id) : undefined;
    if (!details) return null;
    if (row.recipient === 'candidate' && !details.candidate_email_verified) return 'held' as const;
    return interviewMail({
      kind: row.kind,
      recipient: row.recipient,
      interviewId: details.id,
      applicationId: details.application_id,
      sequence: row.sequence,
      start: row.starts_at,
      end: row.ends_at,
      candidate: { name: details.candidate_name, email: details.candidate_email },
      interviewer: { name: details.interviewer_name, email: details.interviewer_email },
      jobTitle: details.title,
      businessName: details.business_name,
      logoUrl: await options.logoUrl?.(details.image_relative_directory).catch(() => undefined),
      locationKind: details.location_kind,
      location: details.location,
      timeZone: details.time_zone,
      candidateTimeZone: details.candidate_time_zone,
      // The times open when it is sent, not when it was queued: a taken one is not offered.
      openTimes:
        row.kind === 'invitation' ? await firstOpenTimes(db, details.id, options.now(), INVITATION_TIMES) : undefined,
      portalUrl: options.portalUrl,
      contactEmail: options.contactEmail,
      uidDomain: options.uidDomain,
      now: new Date(options.now()),
    });
  }

  async function sendOne(row: ClaimedInterviewMail): Promise<boolean> {
    const message = await messageOf(row);
    if (!message) {
      await dropInterviewMail(db, row.id);
      return false;
    }
    if (message === 'held') {
      await holdForProvedAddress(db, 'interview_mail_outbox', row, options.now());
      return false;
    }
    try {
      await options.mail.send(message);
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: message.kind });
      const retryAt = new Date(options.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20)));
      options.logger.warn(
        { err, interviewMailId: row.id, kind: message.kind, attempts: row.attempts + 1, retryAt },
        'interview e-mail not sent; will retry',
      );
      await markInterviewMailFailed(db, row.id, retryAt, err instanceof Error ? err.message : String(err));
      return false;
    }
    await markInterviewMailSent(db, row.id, new Date(options.now()));
    productMetrics.emailsSent().inc({ kind: message.kind });
    return true;
  }

  async function runOnce(): Promise<number> {
    const now = options.now();
    const expired = await dropOldInterviewMail(
      db,
      new Date(now),
      new Date(now - GIVE_UP_AFTER_MS),
      new Date(now - KEEP_SENT_MS),
    );
    if (expired > 0) options.logger.warn({ dropped: expired }, 'interview e-mails not sent within two days; dropped');
    while ((await queueDueReminders(db, new Date(options.now()), REMINDER_BEFORE_MS)) === 100);
    let sent = 0;
    for (;;) {
      const rows = await claimDueInterviewMail(db, new Date(options.now()), LEASE_MS, BATCH);
      for (const row of rows) if (await sendOne(row)) sent += 1;
      if (rows.length < BATCH) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'interview e-mail pass failed',
    job: 'interview-mail',
  });
}
