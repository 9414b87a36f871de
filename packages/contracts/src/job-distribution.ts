import { z } from 'zod';

/*
 * GET /business/jobs/{id}/distribution (decisions 0382, 0514, 0561): where a job is published, what each board
 * needs, which crawlers fetched it (a page at a time), and when IndexNow last told the search engines of it.
 */

/** Crawler lines per page: a page of the console's list, a bounded answer whatever the table holds. */
export const CRAWLER_PAGE_MAX = 50;
export const CRAWLER_PAGE_DEFAULT = 20;

export const jobDistributionQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CRAWLER_PAGE_MAX).default(CRAWLER_PAGE_DEFAULT),
  /** nextCursor of the previous page: the crawler lines after it, newest fetch first. */
  cursor: z.string().min(1).max(400).optional(),
});

export const jobDistributionSchema = z.object({
  /** Each board by name, what it needs, and when its crawler last fetched the job or a feed carrying it. */
  boards: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      needs: z.enum(['nothing', 'feed-registration']),
      how: z.string(),
      registerUrl: z.string().nullable(),
      feedUrl: z.string().nullable(),
      lastFetchedAt: z.string().nullable(),
    }),
  ),
  /** IndexNow (docs/decisions/0561): whether search engines are told of changes, and when of this job last. */
  indexNow: z.object({ on: z.boolean(), lastNotifiedAt: z.string().nullable() }),
  /** Every address the job is published at (the console's "feed addresses"). */
  places: z.array(z.object({ name: z.string(), url: z.string(), how: z.string() })),
  crawlers: z.array(
    z.object({
      crawler: z.string(),
      via: z.string(),
      fetches: z.number().int(),
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type JobDistribution = z.infer<typeof jobDistributionSchema>;
export type JobBoard = JobDistribution['boards'][number];
