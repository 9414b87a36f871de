import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { ApplicationStatus } from '@careers/contracts/enums';
import { quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { MailMessage, MailTransport } from '@careers/server-kit/mail';
import { contactUrl, renderMail } from '@careers/server-kit/mail-layout';
import { productMetrics } from '@careers/server-kit/metrics';
import { leaseDueRows } from '@careers/server-kit/outbox';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';

/*
 * The employer's one reminder of overdue applications (docs/decisions/0413). A pass marks each application
 * past its job's promise, still new and not yet reminded, and writes one outbox row per job in the same
 * transaction (FOR UPDATE SKIP LOCKED: once across instances); the rows are sent under a lease, as the
 * status e-mails are, to the business's owners and recruiters and the hiring managers given the job.
 */

export const REPLY_REMINDER_KIND = 'reply reminder';
/** The search for newly overdue applications runs at most this often per instance; sending runs on every pass. */
const QUEUE_EVERY_MS = 60 * 1000;
const LEASE_MS = 2 * 60 * 1000;
const BATCH = 500;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** Marks newly overdue applications as reminded and queues one reminder per job; returns how many jobs. */
export async function queueReplyReminders(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const overdue = await sql<{ id: string; job_id: string }>`
      select a.id, a.job_id from job_applications a
      join jobs j on j.id = a.job_id
      where a.application_status = ${ApplicationStatus.ApplicationPending}
        and a.withdrawn_at is null and a.reply_reminded_at is null
        and a.ending_reason is null and a.keep_on_file_asked_at is null
        and j.closed_at is null
        and a.applied_at + make_interval(days => j.reply_within_days) < ${now}
      order by a.applied_at
      limit ${BATCH}
      for update of a skip locked`.execute(trx);
    if (overdue.rows.length === 0) return 0;
    await trx
      .updateTable('job_applications')
      .set({ reply_reminded_at: now })
      .where(
        'id',
        'in',
        overdue.rows.map((r) => r.id),
      )
      .execute();
    const perJob = new Map<string, number>();
    for (const row of overdue.rows) perJob.set(row.job_id, (perJob.get(row.job_id) ?? 0) + 1);
    await trx
      .insertInto('reply_reminder_outbox')
      .values(
        [...perJob].map(([jobId, count]) => ({
          job_id: jobId,
          overdue_count: count,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
    return perJob.size;
  });
}

/** The reminder: how many applications of the job are past its promise, and the link to its list. */
export function replyReminderMail(facts: {
  to: string;
  jobTitle: string;
  businessName: string;
  replyWithinDays: number;
  overdueCount: number;
  jobUrl: string;
  /** The business's logo, when it has one. */
  logoUrl?: string | undefined;
  portalUrl: string;
  contactEmail?: string | undefined;
}): MailMessage {
  const title = quotableEmployerWords(facts.jobTitle);
  const business = quotableEmployerWords(facts.businessName);
  const n = facts.overdueCount;
  const applications = n === 1 ? '1 application has' : `${n} applications have`;
  return renderMail({
    to: facts.to,
    kind: REPLY_REMINDER_KIND,
    subject: `${applications} waited longer than your ${facts.replyWithinDays} days`,
    preview: `You promised to reply within ${facts.replyWithinDays} days.`,
    business: business === null ? undefined : { name: business, logoUrl: facts.logoUrl },
    heading: 'Candidates are waiting for your reply',
    body: [
      `${applications} waited longer than the ${facts.replyWithinDays} days your job ad promises, with no status given yet. The candidates see that their application is overdue.`,
      {
        facts: [{ label: 'Job', value: title ?? '(not shown in this email because it contains a web address)' }],
      },
      'Give each a status (or close the job, and every open application gets its outcome). This is the only reminder for these applications.',
    ],
    button: { label: 'See the applications', url: facts.jobUrl },
    footer: {
      why: 'You get this email as a member of the business’s team on the Careers Portal.',
      contactUrl: contactUrl(facts.portalUrl, facts.contactEmail),
    },
  });
}

export function createReplyReminderWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  portalUrl: string;
  contactEmail?: string | undefined;
  /** The address of a business's logo when it has one (its image folder given), for the e-mail's header. */
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
}): PollingWorker {
  const { db } = options;

  async function recipients(jobId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('business_members as m')
      .innerJoin('jobs as j', 'j.business_id', 'm.business_id')
      .select('m.email')
      .where('j.id', '=', jobId)
      .where((eb) =>
        eb.or([
          eb('m.role', 'in', ['Owner', 'Recruiter']),
          eb('m.user_id', 'in', eb.selectFrom('job_assignments').select('user_id').where('job_id', '=', jobId)),
        ]),
      )
      .orderBy('m.email')
      .execute();
    return [...new Set(rows.map((r) => r.email))];
  }

  async function sendOne(row: { id: number; job_id: string; overdue_count: number; attempts: number }) {
    const job = await db
      .selectFrom('jobs as j')
      .innerJoin('businesses as b', 'b.id', 'j.business_id')
      .select(['j.title', 'j.reply_within_days', 'b.name', 'b.image_relative_directory'])
      .where('j.id', '=', row.job_id)
      .executeTakeFirst();
    const to = job ? await recipients(row.job_id) : [];
    const logoUrl = job ? await options.logoUrl?.(job.image_relative_directory).catch(() => undefined) : undefined;
    try {
      for (const address of to)
        await options.mail.send(
          replyReminderMail({
            to: address,
            jobTitle: job!.title,
            businessName: job!.name,
            replyWithinDays: job!.reply_within_days,
            overdueCount: row.overdue_count,
            jobUrl: `${options.portalUrl}/employer/jobs/${row.job_id}`,
            logoUrl,
            portalUrl: options.portalUrl,
            contactEmail: options.contactEmail,
          }),
        );
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: REPLY_REMINDER_KIND });
      const retryAt = new Date(options.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20)));
      options.logger.warn({ err, reminderId: row.id, retryAt }, 'reply reminder not sent; will retry');
      await db
        .updateTable('reply_reminder_outbox')
        .set({
          attempts: row.attempts + 1,
          next_attempt_at: retryAt,
          locked_until: null,
          last_error: err instanceof Error ? err.message : String(err),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    await db
      .updateTable('reply_reminder_outbox')
      .set({ sent_at: new Date(options.now()), locked_until: null })
      .where('id', '=', row.id)
      .execute();
    for (let i = 0; i < to.length; i += 1) productMetrics.emailsSent().inc({ kind: REPLY_REMINDER_KIND });
    return true;
  }

  let lastQueued: number | null = null;

  async function runOnce(): Promise<number> {
    const now = new Date(options.now());
    // Sent rows go after 30 days; a reminder not sent within three days is old news.
    await db
      .deleteFrom('reply_reminder_outbox')
      .where((eb) =>
        eb.or([
          eb('sent_at', '<', new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000)),
          eb.and([eb('sent_at', 'is', null), eb('created_at', '<', new Date(now.getTime() - GIVE_UP_AFTER_MS))]),
        ]),
      )
      .execute();
    if (lastQueued === null || Math.abs(now.getTime() - lastQueued) >= QUEUE_EVERY_MS) {
      lastQueued = now.getTime();
      await queueReplyReminders(db, now);
    }
    let sent = 0;
    for (;;) {
      const rows = await leaseDueRows<{ id: string | number; job_id: string; overdue_count: number; attempts: number }>(
        db,
        {
          table: 'reply_reminder_outbox',
          now,
          leaseMs: LEASE_MS,
          due: (q) => q.where('sent_at', 'is', null).where('next_attempt_at', '<=', now),
          returning: ['id', 'job_id', 'overdue_count', 'attempts'],
          orderBy: 'id',
          limit: 20,
        },
      );
      for (const row of rows) if (await sendOne({ ...row, id: Number(row.id) })) sent += 1;
      if (rows.length < 20) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'reply reminder pass failed',
    job: 'reply-reminders',
  });
}
