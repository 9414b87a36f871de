import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import { productMetrics } from '@careers/server-kit/metrics';
import type { Db } from '../../db';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import { claimDueMail, dropExpiredMail, markMailFailed, markMailSent, type OutboxRow } from './mail.repository';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
/**
 * Messages of a batch on their way at once, each over its own SMTP connection. One at a time, a burst
 * of sign-ups waited up to half a minute for its codes (scripts/load-apply.ts, docs/decisions/0136).
 */
export const SEND_CONCURRENCY = 5;
const MAX_BACKOFF_MS = 10 * 60 * 1000;

/** 1 s, 2 s, 4 s … capped at 10 minutes: an SMTP outage of hours still ends in delivery. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}

export type OutboxWorker = PollingWorker;

export function createOutboxWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): OutboxWorker {
  /** Sends one claimed message and records the outcome; true when it went out. */
  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      await options.mail.send(row.message);
    } catch (err) {
      productMetrics.emailsFailed().inc({ kind: row.message.kind });
      const retryAt = new Date(options.now() + backoffMs(row.attempts));
      options.logger.warn(
        { err, mailId: row.id, kind: row.message.kind, attempts: row.attempts + 1, retryAt },
        'e-mail not sent; will retry',
      );
      await markMailFailed(options.db, row.id, retryAt, err instanceof Error ? err.message : String(err));
      return false;
    }
    await markMailSent(options.db, row.id, new Date(options.now()));
    productMetrics.emailsSent().inc({ kind: row.message.kind });
    return true;
  }

  /** The batch through SEND_CONCURRENCY lanes; every lane ends before the pass does, even when one fails. */
  async function deliverAll(rows: OutboxRow[]): Promise<number> {
    let next = 0;
    let sent = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        if (await deliver(row)) sent += 1;
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, rows.length) }, lane));
    const failed = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    return sent;
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    await dropExpiredMail(options.db, new Date(options.now()));
    for (;;) {
      const rows = await claimDueMail(options.db, new Date(options.now()), LEASE_MS, BATCH);
      if (rows.length === 0) return sent;
      sent += await deliverAll(rows);
      if (rows.length < BATCH) return sent;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'outbox pass failed',
    job: 'mail-outbox',
  });
}
