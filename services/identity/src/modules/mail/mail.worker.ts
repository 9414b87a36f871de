import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import type { Db } from '../../db';
import { claimDueMail, dropExpiredMail, markMailFailed, markMailSent } from './mail.repository';

const LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;
const MAX_BACKOFF_MS = 10 * 60 * 1000;

/** 1 s, 2 s, 4 s … capped at 10 minutes: an SMTP outage of hours still ends in delivery. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}

export interface OutboxWorker {
  /** Sends everything due now; resolves when done (tests call it instead of waiting for the poll). */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createOutboxWorker(options: {
  db: Db;
  mail: MailTransport;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runOnce(): Promise<number> {
    let sent = 0;
    await dropExpiredMail(options.db, new Date(options.now()));
    for (;;) {
      const rows = await claimDueMail(options.db, new Date(options.now()), LEASE_MS, BATCH);
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await options.mail.send(row.message);
          await markMailSent(options.db, row.id, new Date(options.now()));
          sent += 1;
        } catch (err) {
          const retryAt = new Date(options.now() + backoffMs(row.attempts));
          options.logger.warn({ err, mailId: row.id, kind: row.message.kind, attempts: row.attempts + 1, retryAt }, 'e-mail not sent; will retry');
          await markMailFailed(options.db, row.id, retryAt, err instanceof Error ? err.message : String(err));
        }
      }
      if (rows.length < BATCH) return sent;
    }
  }

  // One pass at a time per process; a flush during a poll waits for it and then runs its own pass.
  async function flush(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = runOnce();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await flush();
      } catch (err) {
        options.logger.error({ err }, 'outbox pass failed');
      }
      schedule();
    }, options.intervalMs);
    timer.unref();
  }

  return {
    flush,
    start() {
      stopped = false;
      if (!timer) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
