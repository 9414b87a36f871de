import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';

/** What one pass removed, by table. */
export type Removed = Record<
  | 'oneTimeCodes'
  | 'accountTokens'
  | 'refreshTokens'
  | 'emailChangeUndo'
  | 'mailOutbox'
  | 'accountEvents'
  | 'sendLimits',
  number
>;

const count = (result: { numDeletedRows: bigint }[]) =>
  Number(result.reduce((total, r) => total + r.numDeletedRows, 0n));

/**
 * Removes what no longer protects or proves anything, once it is older than `keepMs` (RETENTION_DAYS,
 * docs/decisions/0122): used or expired codes, reset and confirmation tokens and undo links; refresh
 * tokens of ended sessions (a family is kept whole until its absolute expiry, so that a replayed rotated
 * token is still recognised while the family could live); sent and dead outbox rows; delivered account
 * notices; send counters whose windows closed. Every statement is a plain DELETE by time, so instances
 * may run it at once.
 */
export async function removeExpiredRows(db: Db, now: Date, keepMs: number): Promise<Removed> {
  const before = new Date(now.getTime() - keepMs);
  return {
    oneTimeCodes: count(
      await db
        .deleteFrom('one_time_codes')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('consumed_at', '<', before)]))
        .execute(),
    ),
    accountTokens: count(
      await db
        .deleteFrom('account_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
        .execute(),
    ),
    refreshTokens: count(
      await db
        .deleteFrom('refresh_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .execute(),
    ),
    emailChangeUndo: count(await db.deleteFrom('email_change_undo').where('expires_at', '<', before).execute()),
    mailOutbox: count(
      await db
        .deleteFrom('mail_outbox')
        .where((eb) =>
          eb.or([eb('sent_at', '<', before), eb.and([eb('sent_at', 'is', null), eb('expires_at', '<', before)])]),
        )
        .execute(),
    ),
    accountEvents: count(await db.deleteFrom('account_events').where('delivered_at', '<', before).execute()),
    // A counter matters for an hour (SENDS_PER_HOUR's window); past that and the keep time it says nothing.
    sendLimits: count(
      await db
        .deleteFrom('send_limits')
        .where('window_started_at', '<', new Date(before.getTime() - 3_600_000))
        .execute(),
    ),
  };
}

export function createRetentionWorker(options: {
  db: Db;
  now: () => number;
  keepMs: number;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): PollingWorker {
  return createPollingWorker(
    async () => {
      const removed = await removeExpiredRows(options.db, new Date(options.now()), options.keepMs);
      const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
      if (total > 0) options.logger.info({ removed }, 'retention removed expired rows');
      return total;
    },
    {
      intervalMs: options.intervalMs,
      logger: options.logger,
      failureMessage: 'retention pass failed',
      job: 'retention',
    },
  );
}
