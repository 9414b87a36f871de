import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_EMPLOYER_NOTIFICATIONS,
  DIGEST_HOUR,
  EMPLOYER_NOTICE_KINDS,
  type EmployerNotificationSettings,
} from '@careers/contracts/employer-notifications';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import {
  claimDigest,
  deleteOldRows,
  digestMembers,
  digestsTaken,
  dropNotice,
  eventsSince,
  lastDigestSent,
  leaseDueNotices,
  markDigest,
  markNoticeFailed,
  markNoticeSent,
  noticeFacts,
  waitingApplications,
} from './employer-notifications.repository';
import {
  EMPLOYER_DIGEST_MAIL_KIND,
  EMPLOYER_NOTICE_MAIL_KIND,
  employerDigestMail,
  employerNoticeMail,
  type EventFacts,
} from './employer-notifications.mail';

/*
 * Sends what the employer hears of (docs/decisions/0497): the outbox of e-mails at once, leased so each goes
 * once across instances, and the daily digest, claimed per (member, local day).
 */

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const GIVE_UP_AFTER_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 30 * 60 * 1000;
const DIGEST_RETRY_MS = 10 * 60 * 1000;
/** The digest's search runs at most this often per instance; the outbox is sent on every pass. */
const DIGEST_EVERY_MS = 60 * 1000;
const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The digest lists at most this many waiting applications and this many events (then says how many more). */
const DIGEST_WAITING = 50;
const DIGEST_EVENTS = 100;

export interface EmployerNotificationWorker extends PollingWorker {
  /** Sends today's digests that are due; `anyHour`: before the digest hour too (the operator's command). */
  sendDigests(options?: { anyHour?: boolean }): Promise<number>;
}

export interface EmployerNotificationOptions {
  db: Db;
  mail: MailTransport;
  now: () => number;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  portalUrl: string;
  contactEmail?: string | undefined;
  /** The address of a business's logo when it has one (its image folder given), for the e-mail's header. */
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
}

/** The member's date (YYYY-MM-DD) and hour in their time zone; UTC when the zone is unknown here. */
export function localDayAndHour(now: Date, timeZone: string | null): { day: string; hour: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return localDayAndHour(now, 'UTC');
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** Sends the daily digests due at `now`, once per member and local day across instances; answers how many went. */
export async function sendDailyDigests(
  options: EmployerNotificationOptions,
  now: Date,
  anyHour = false,
): Promise<number> {
  const { db } = options;
  const members = await digestMembers(db);
  // Every zone's date is within a day of UTC's.
  const taken = await digestsTaken(db, new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10), now);
  let sent = 0;
  for (const m of members) {
    const chosen: EmployerNotificationSettings = {
      newApplication: m.new_application ?? DEFAULT_EMPLOYER_NOTIFICATIONS.newApplication,
      candidateReply: m.candidate_reply ?? DEFAULT_EMPLOYER_NOTIFICATIONS.candidateReply,
      withdrawal: m.withdrawal ?? DEFAULT_EMPLOYER_NOTIFICATIONS.withdrawal,
      bookingChange: m.booking_change ?? DEFAULT_EMPLOYER_NOTIFICATIONS.bookingChange,
    };
    const kinds = EMPLOYER_NOTICE_KINDS.filter((k) => chosen[k] === 'digest');
    if (kinds.length === 0) continue;
    const { day, hour } = localDayAndHour(now, m.time_zone);
    if ((!anyHour && hour < DIGEST_HOUR) || taken.has(`${m.user_id}|${day}`)) continue;
    if (!(await claimDigest(db, { businessId: m.business_id, userId: m.user_id, day }, now, LEASE_MS))) continue;
    try {
      const waiting = kinds.includes('newApplication')
        ? await waitingApplications(db, m.business_id, m.user_id, DIGEST_WAITING)
        : [];
      const since = (await lastDigestSent(db, m.user_id)) ?? new Date(now.getTime() - DAY_MS);
      const eventKinds = kinds.filter((k) => k !== 'newApplication');
      const events = await eventsSince(db, m.business_id, m.user_id, eventKinds, since, now, DIGEST_EVENTS);
      const waitingTotal = Number(waiting[0]?.total ?? 0);
      const items = waitingTotal + events.length;
      if (items > 0) {
        await options.mail.send(
          employerDigestMail({
            to: m.email,
            businessName: m.business_name,
            logoUrl: await options.logoUrl?.(m.image_relative_directory).catch(() => undefined),
            waiting: waiting.map((w) => ({
              applicationId: w.id,
              jobTitle: w.job_title,
              candidateName: w.candidate_name,
              appliedAt: new Date(w.applied_at),
              replyWithinDays: w.reply_within_days,
            })),
            waitingTotal,
            events: events.map(toFacts),
            now,
            portalUrl: options.portalUrl,
            contactEmail: options.contactEmail,
          }),
        );
        productMetrics.emailsSent().inc({ kind: EMPLOYER_DIGEST_MAIL_KIND });
        sent += 1;
      }
      // Nothing waited and nothing happened: the day is done all the same, without an e-mail.
      await markDigest(db, m.user_id, day, { sentAt: now, items });
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: EMPLOYER_DIGEST_MAIL_KIND });
      options.logger.warn({ err, userId: m.user_id, day }, 'employer digest not sent; will retry');
      await markDigest(db, m.user_id, day, { retryAt: new Date(now.getTime() + DIGEST_RETRY_MS) });
    }
  }
  return sent;
}

function toFacts(row: {
  kind: EventFacts['kind'];
  detail: string | null;
  application_id: string;
  job_title: string;
  candidate_name: string;
  withdrawal_reason: string | null;
}): EventFacts {
  return {
    kind: row.kind,
    detail: row.detail,
    applicationId: row.application_id,
    jobTitle: row.job_title,
    candidateName: row.candidate_name,
    withdrawalReason: row.withdrawal_reason,
  };
}

/** Sends the e-mails at once that are due; answers how many went. */
async function sendNotices(options: EmployerNotificationOptions, now: Date): Promise<number> {
  const { db } = options;
  let sent = 0;
  for (;;) {
    const rows = await leaseDueNotices(db, now, LEASE_MS, BATCH);
    for (const row of rows) {
      const facts = await noticeFacts(db, row.event_id, row.user_id);
      // No longer in the team, off the job, no longer wanted at once, or the application is gone.
      if (!facts) {
        await dropNotice(db, row.id);
        continue;
      }
      try {
        await options.mail.send(
          employerNoticeMail({
            ...toFacts(facts),
            to: facts.email,
            businessName: facts.business_name,
            logoUrl: await options.logoUrl?.(facts.image_relative_directory).catch(() => undefined),
            portalUrl: options.portalUrl,
            contactEmail: options.contactEmail,
          }),
        );
      } catch (err) {
        productMetrics.emailsFailed().inc({ kind: EMPLOYER_NOTICE_MAIL_KIND });
        if (row.attempts + 1 >= GIVE_UP_AFTER_ATTEMPTS) {
          options.logger.error({ err, noticeId: row.id }, 'employer notice not sent; given up');
          await dropNotice(db, row.id);
          continue;
        }
        const retryAt = new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20)));
        options.logger.warn({ err, noticeId: row.id, retryAt }, 'employer notice not sent; will retry');
        await markNoticeFailed(db, row.id, retryAt, err instanceof Error ? err.message : String(err));
        continue;
      }
      await markNoticeSent(db, row.id, now);
      productMetrics.emailsSent().inc({ kind: EMPLOYER_NOTICE_MAIL_KIND });
      sent += 1;
    }
    if (rows.length < BATCH) return sent;
  }
}

export function createEmployerNotificationWorker(
  options: EmployerNotificationOptions & { intervalMs: number; logger: FastifyBaseLogger },
): EmployerNotificationWorker {
  let lastDigestPass: number | null = null;

  async function runOnce(): Promise<number> {
    const now = new Date(options.now());
    let sent = await sendNotices(options, now);
    if (lastDigestPass === null || Math.abs(now.getTime() - lastDigestPass) >= DIGEST_EVERY_MS) {
      lastDigestPass = now.getTime();
      await deleteOldRows(options.db, new Date(now.getTime() - KEPT_MS));
      sent += await sendDailyDigests(options, now);
    }
    return sent;
  }

  const worker = createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'employer notification pass failed',
    job: 'employer-notifications',
  });
  return {
    ...worker,
    sendDigests: ({ anyHour = false } = {}) => sendDailyDigests(options, new Date(options.now()), anyHour),
  };
}
