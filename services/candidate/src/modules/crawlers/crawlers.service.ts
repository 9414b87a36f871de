import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { App } from '@careers/server-kit/http';
import { crawlerOf } from '@careers/server-kit/crawlers';
import type { Db } from '../../db';

/*
 * Which crawlers fetched a job's apply page and the feeds (docs/decisions/0382). A fetch is counted in this
 * process's memory (a map increment, nothing on the request's path waits for the database) and the counts are
 * added to crawler_fetches in one statement every few seconds, and when the service stops.
 */

export interface CrawlerCounter {
  count(target: string, crawler: string, at: Date): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** At most this many distinct (target, crawler) pairs wait in memory; past it, a flush is started. */
const MAX_PENDING = 5000;

export function createCrawlerCounter(db: Db, logger: FastifyBaseLogger, intervalMs = 5000): CrawlerCounter {
  let pending = new Map<string, { target: string; crawler: string; n: number; first: Date; last: Date }>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: typeof pending) {
    const rows = [...batch.values()];
    if (rows.length === 0) return;
    const values = sql.join(rows.map((r) => sql`(${r.target}, ${r.crawler}, ${r.n}, ${r.first}, ${r.last})`));
    await sql`insert into crawler_fetches (target, crawler, fetches, first_at, last_at) values ${values}
      on conflict (target, crawler) do update set
        fetches = crawler_fetches.fetches + excluded.fetches,
        last_at = greatest(crawler_fetches.last_at, excluded.last_at)`.execute(db);
  }

  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    flushing = flushing
      .then(() => write(batch))
      .catch((err: unknown) => logger.warn({ err }, 'crawler fetch counts not saved'));
    return flushing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    count(target, crawler, at) {
      const key = `${target}\u0000${crawler}`;
      const entry = pending.get(key);
      if (entry) {
        entry.n += 1;
        entry.last = at;
      } else pending.set(key, { target, crawler, n: 1, first: at, last: at });
      if (pending.size >= MAX_PENDING) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Counts a fetch when a crawler made it (crawlerOf: a known crawler's name or "Other crawler"). */
export function countCrawlerFetch(app: App, userAgent: string | undefined, target: string): void {
  const crawler = crawlerOf(userAgent);
  if (crawler) app.deps.crawlers.count(target, crawler, new Date(app.deps.jobAlerts.now()));
}

/** Counts a request when a crawler made it. */
export function recordCrawlerFetch(app: App, request: FastifyRequest, target: string): void {
  countCrawlerFetch(app, request.headers['user-agent'], target);
}
