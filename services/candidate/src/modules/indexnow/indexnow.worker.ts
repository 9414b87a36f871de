import type { FastifyBaseLogger } from 'fastify';
import { leaseDueRows } from '@careers/server-kit/outbox';
import { createPollingWorker, type PollingWorker } from '@careers/server-kit/polling-worker';
import type { Db } from '../../db';
import type { IndexNowSettings } from './indexnow';

const TABLE = 'indexnow_outbox';
const LEASE_MS = 2 * 60 * 1000;
/** URLs in one post; IndexNow takes up to 10,000, a smaller batch keeps a failed post's retry small. */
const BATCH = 500;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A change not posted within three days (the endpoint down that long) is dropped: engines crawl it anyway. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const POST_TIMEOUT_MS = 10_000;

/** 5 s, 10 s, 20 s … capped at an hour: a busy or failing endpoint is not asked again at every poll. */
export function indexNowBackoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5000 * 2 ** Math.min(attempts, 20));
}

/** The public page IndexNow names for a job: the apply page, the one the sitemap lists and JobPosting marks up. */
export const jobPageUrl = (portalUrl: string, jobId: string) => `${portalUrl}/apply/${encodeURIComponent(jobId)}`;

/** When search engines were last told of this job (null: never, or IndexNow is off). */
export async function lastIndexNowPost(db: Db, jobId: string): Promise<Date | null> {
  const row = await db
    .selectFrom(TABLE)
    .select((eb) => eb.fn.max('sent_at').as('last'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

/**
 * Posts the queued jobs' pages to the IndexNow endpoint (docs/decisions/0561). The rows are leased (FOR UPDATE
 * SKIP LOCKED and a lease, docs/decisions/0013), so several instances post each change once; a failed post is
 * tried again with back-off. Off (no endpoint), it posts nothing and the rows wait, one per job at most.
 */
export function createIndexNowWorker(options: {
  db: Db;
  settings: IndexNowSettings;
  now: () => number;
  intervalMs: number;
  logger: FastifyBaseLogger;
  fetch?: typeof fetch;
}): PollingWorker {
  const { db, settings } = options;
  const send = options.fetch ?? fetch;

  async function post(endpoint: string, key: string, urls: string[]): Promise<void> {
    const response = await send(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        host: new URL(settings.portalUrl).host,
        key,
        keyLocation: `${settings.portalUrl}/${key}.txt`,
        urlList: urls,
      }),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // 200: received; 202: received, the key still to be checked.
    if (response.status !== 200 && response.status !== 202) throw new Error(`IndexNow answered ${response.status}`);
  }

  async function runOnce(): Promise<number> {
    const { endpoint, key } = settings;
    if (!endpoint || !key) return 0;
    await db
      .deleteFrom(TABLE)
      .where('sent_at', 'is', null)
      .where('created_at', '<', new Date(options.now() - GIVE_UP_AFTER_MS))
      .execute();
    let posted = 0;
    for (;;) {
      const now = new Date(options.now());
      const rows = await leaseDueRows<{ id: string; job_id: string; attempts: number }>(db, {
        table: TABLE,
        now,
        leaseMs: LEASE_MS,
        due: (query) => query.where('sent_at', 'is', null).where('next_attempt_at', '<=', now),
        returning: ['id', 'job_id', 'attempts'],
        orderBy: 'id',
        limit: BATCH,
      });
      if (rows.length === 0) return posted;
      const ids = rows.map((row) => row.id);
      try {
        await post(endpoint, key, [...new Set(rows.map((row) => jobPageUrl(settings.portalUrl, row.job_id)))]);
      } catch (err) {
        const attempts = Math.max(...rows.map((row) => row.attempts));
        const retryAt = new Date(options.now() + indexNowBackoffMs(attempts));
        options.logger.warn({ err, jobs: rows.length, retryAt }, 'IndexNow post failed; will retry');
        await db
          .updateTable(TABLE)
          .set((eb) => ({
            next_attempt_at: retryAt,
            locked_until: null,
            attempts: eb('attempts', '+', 1),
            last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          }))
          .where('id', 'in', ids)
          .execute();
        return posted;
      }
      const sentAt = new Date(options.now());
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable(TABLE)
          .set((eb) => ({ sent_at: sentAt, locked_until: null, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .execute();
        // Only the latest post of a job is worth keeping (its time on the console).
        await trx
          .deleteFrom(TABLE)
          .where(
            'job_id',
            'in',
            rows.map((row) => row.job_id),
          )
          .where('sent_at', 'is not', null)
          .where('id', 'not in', ids)
          .execute();
      });
      posted += rows.length;
      if (rows.length < BATCH) return posted;
    }
  }

  return createPollingWorker(runOnce, {
    intervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'IndexNow pass failed',
    job: 'indexnow',
  });
}
