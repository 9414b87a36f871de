import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import { leaseDueRows } from '@careers/server-kit/outbox';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import {
  alertDetails,
  confirmMail,
  digestMail,
  newJobsOfAlert,
  removeExpiredAlerts,
  scheduleDigests,
  type AlertSettings,
} from './job-alerts.service';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** An alert e-mail not sent within a day (an SMTP outage) is dropped: the next day's digest covers its jobs. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** Sent rows (ids, times and counts only) are kept this long. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

export type JobAlertWorker = PollingWorker;

interface Claimed {
  id: number;
  alert_id: string;
  kind: 'confirm' | 'digest';
  jobs_until: Date | null;
  attempts: number;
}

/**
 * The job alerts' background pass (docs/decisions/0380), once across instances: unconfirmed alerts past
 * their expiry go; each confirmed alert whose day has come gets one digest row (scheduleDigests); then the
 * outbox's due rows are leased (server-kit leaseDueRows: FOR UPDATE SKIP LOCKED and a lease) and sent. A
 * digest with no new job is marked done without an e-mail. The clock is injected.
 */
export function createJobAlertWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  secret: string;
  portalUrl: string;
  apiUrl: string;
  settings: AlertSettings;
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
  contactEmail?: string | undefined;
}): JobAlertWorker {
  const { db } = options;
  const links = {
    portalUrl: options.portalUrl,
    apiUrl: options.apiUrl,
    secret: options.secret,
    contactEmail: options.contactEmail,
  };

  const finish = (id: number, jobCount: number | null) =>
    db
      .updateTable('job_alert_outbox')
      .set({ sent_at: new Date(options.now()), locked_until: null, job_count: jobCount })
      .where('id', '=', id)
      .execute();

  async function sendOne(row: Claimed): Promise<boolean> {
    const alert = await alertDetails(db, row.alert_id);
    if (!alert) {
      await db.deleteFrom('job_alert_outbox').where('id', '=', row.id).execute();
      return false;
    }
    let message;
    let found: Awaited<ReturnType<typeof newJobsOfAlert>> | undefined;
    if (row.kind === 'confirm') {
      message = confirmMail(alert, links, options.settings.confirmWithinMs);
    } else {
      const until = row.jobs_until ?? new Date(options.now());
      found = await newJobsOfAlert(db, alert, until, new Date(options.now()));
      if (found.total === 0) {
        // Nothing new: no e-mail, and the window is done.
        await db.updateTable('job_alerts').set({ jobs_since: until }).where('id', '=', alert.id).execute();
        await finish(row.id, 0);
        return false;
      }
      const logo = await options.logoUrl?.(alert.image_relative_directory ?? '').catch(() => undefined);
      message = digestMail(alert, found, links, alert.business_id ? logo : undefined);
    }
    try {
      await options.mail.send(message);
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: message.kind });
      const retryAt = new Date(options.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20)));
      options.logger.warn(
        { err, jobAlertMailId: row.id, attempts: row.attempts + 1, retryAt },
        'job alert e-mail not sent; will retry',
      );
      await db
        .updateTable('job_alert_outbox')
        .set({
          attempts: row.attempts + 1,
          next_attempt_at: retryAt,
          locked_until: null,
          last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    if (row.kind === 'digest' && row.jobs_until)
      await db.updateTable('job_alerts').set({ jobs_since: row.jobs_until }).where('id', '=', alert.id).execute();
    await finish(row.id, found ? found.total : null);
    productMetrics.emailsSent().inc({ kind: message.kind });
    return true;
  }

  async function runOnce(): Promise<number> {
    const now = new Date(options.now());
    await removeExpiredAlerts(db, now);
    await db
      .deleteFrom('job_alert_outbox')
      .where((eb) =>
        eb.or([
          eb.and([eb('sent_at', 'is', null), eb('created_at', '<=', new Date(now.getTime() - GIVE_UP_AFTER_MS))]),
          eb('sent_at', '<=', new Date(now.getTime() - KEEP_SENT_MS)),
        ]),
      )
      .execute();
    await scheduleDigests(db, now, options.settings.digestIntervalMs);
    let sent = 0;
    for (;;) {
      const rows = await leaseDueRows<Claimed>(db, {
        table: 'job_alert_outbox',
        now: new Date(options.now()),
        leaseMs: LEASE_MS,
        due: (query) => query.where('sent_at', 'is', null).where('next_attempt_at', '<=', new Date(options.now())),
        returning: ['id', 'alert_id', 'kind', 'jobs_until', 'attempts'],
        orderBy: 'id',
        limit: BATCH,
      });
      for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id)))
        if (await sendOne({ ...row, id: Number(row.id) })) sent += 1;
      if (rows.length < BATCH) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'job alert pass failed',
    job: 'job-alerts',
  });
}
