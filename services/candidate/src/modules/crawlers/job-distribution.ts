import { sql } from 'kysely';
import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import {
  CRAWLER_PAGE_MAX,
  jobDistributionQuerySchema,
  jobDistributionSchema,
} from '@careers/contracts/job-distribution';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { FEED_BOARDS } from '../feeds/feeds.service';
import { lastIndexNowPost } from '../indexnow/indexnow.worker';

/**
 * The job boards and search engines, each with what it needs to carry the install's jobs (docs/decisions/0561):
 * nothing (it reads the sitemap, the apply page's JobPosting data, and IndexNow's notices), or a one-time
 * registration of the feed URL with the board at its address. `crawler` is the name crawler_fetches counts
 * its fetches under (server-kit's crawlers.ts).
 */
const BOARDS: {
  id: string;
  name: string;
  crawler: string;
  /** The board's feed tag (feeds.service.ts's FEED_BOARDS); none: it needs no feed. */
  feed?: (typeof FEED_BOARDS)[number];
  registerUrl?: string;
  how: string;
}[] = [
  {
    id: 'google',
    name: 'Google for Jobs',
    crawler: 'Googlebot',
    how: 'Nothing to do: Google reads the sitemap and the job posting data on the apply page.',
  },
  {
    id: 'bing',
    name: 'Bing',
    crawler: 'Bingbot',
    how: 'Nothing to do: Bing reads the sitemap and is told of every change through IndexNow.',
  },
  {
    id: 'indeed',
    name: 'Indeed',
    crawler: 'Indeed',
    feed: 'indeed',
    registerUrl: 'https://www.indeed.com/hire',
    how: 'Once: give the feed URL to Indeed through its employer site or your account manager ("XML feed").',
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    crawler: 'LinkedIn',
    feed: 'linkedin',
    registerUrl: 'https://business.linkedin.com/talent-solutions',
    how: 'Once: ask your LinkedIn account team for a Limited Listings XML feed with the feed URL.',
  },
  {
    id: 'glassdoor',
    name: 'Glassdoor',
    crawler: 'Glassdoor',
    feed: 'glassdoor',
    registerUrl: 'https://www.glassdoor.com/employers',
    how: 'Once: give the feed URL to your Glassdoor account manager (it reads Indeed’s format).',
  },
  {
    id: 'ziprecruiter',
    name: 'ZipRecruiter',
    crawler: 'ZipRecruiter',
    feed: 'ziprecruiter',
    registerUrl: 'https://www.ziprecruiter.com',
    how: 'Once: give the feed URL to your ZipRecruiter account manager.',
  },
  {
    id: 'adzuna',
    name: 'Adzuna',
    crawler: 'Adzuna',
    feed: 'adzuna',
    registerUrl: 'https://www.adzuna.co.uk',
    how: 'Once: register the feed URL with Adzuna’s "Post jobs via XML feed" contact form.',
  },
  {
    id: 'jooble',
    name: 'Jooble',
    crawler: 'Jooble',
    feed: 'jooble',
    registerUrl: 'https://jooble.org',
    how: 'Once: add the feed URL in Jooble’s partner area ("Add XML feed").',
  },
  {
    id: 'talent',
    name: 'Talent.com',
    crawler: 'Talent.com',
    feed: 'talent',
    registerUrl: 'https://www.talent.com',
    how: 'Once: submit the feed URL in Talent.com’s employer XML feed form.',
  },
  {
    id: 'careerjet',
    name: 'Careerjet',
    crawler: 'Careerjet',
    feed: 'careerjet',
    registerUrl: 'https://www.careerjet.com',
    how: 'Once: send the feed URL to Careerjet’s partner team.',
  },
  {
    id: 'simplyhired',
    name: 'SimplyHired',
    crawler: 'SimplyHired',
    feed: 'simplyhired',
    registerUrl: 'https://www.simplyhired.com',
    how: 'Once: send the feed URL through SimplyHired’s feed partner form.',
  },
  {
    id: 'jobrapido',
    name: 'Jobrapido',
    crawler: 'Jobrapido',
    feed: 'jobrapido',
    registerUrl: 'https://www.jobrapido.com',
    how: 'Once: submit the feed URL with Jobrapido’s publisher form.',
  },
];

interface CrawlerCursor {
  lastAt: Date;
  target: string;
  crawler: string;
}

const encodeCursor = (row: { last_at: Date | string; target: string; crawler: string }) =>
  Buffer.from(JSON.stringify([new Date(row.last_at).toISOString(), row.target, row.crawler])).toString('base64url');

function decodeCursor(cursor: string): CrawlerCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const fields = z.tuple([z.iso.datetime(), z.string().max(200), z.string().max(200)]).safeParse(parsed);
  if (!fields.success) throw new HttpProblem(400, 'The cursor is not valid.');
  const [lastAt, target, crawler] = fields.data;
  return { lastAt: new Date(lastAt), target, crawler };
}

/**
 * "Post once": each board and what it needs (docs/decisions/0561), where a job is published
 * (its apply page, the careers page, /jobs, the sitemap, each board's feed URL) and which crawlers fetched it or
 * the feeds that carry it, and when (crawler_fetches, counted in batches); and when IndexNow last told the
 * search engines of it.
 */
export async function jobDistributionRoutes(app: App) {
  app.get(
    '/business/jobs/:id/distribution',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary: 'Where one of the business’s jobs is published, and which crawlers fetched it and when',
        description: `crawlers holds one page, newest fetch first (limit at most ${CRAWLER_PAGE_MAX}); nextCursor asks for the next.`,
        security: bearerSecurity,
        params: jobIdParamsSchema,
        querystring: jobDistributionQuerySchema,
        response: { 200: jobDistributionSchema, ...problems },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const job = await requireMemberJob(app.deps.database.db, member, request.params.id);
      const portal = app.config.portalUrl.replace(/\/+$/, '');
      const slug = (
        await sql<{ slug: string }>`select slug from businesses where id = ${member.business.id}`.execute(
          app.deps.database.db,
        )
      ).rows[0]?.slug;
      const careers = slug ? `${portal}/careers/${encodeURIComponent(slug)}` : null;
      const feedUrl = (board: string) =>
        careers ? `${careers}/jobs.xml?board=${board}` : `${portal}/feeds/jobs.xml?board=${board}`;
      const places = [
        { name: 'Apply page', url: `${portal}/apply/${job.id}`, how: 'Share this link anywhere.' },
        ...(careers ? [{ name: 'Careers page', url: careers, how: 'Link it from your own website.' }] : []),
        { name: 'Job search', url: `${portal}/jobs`, how: 'Every open job is listed here.' },
        {
          name: 'Sitemap',
          url: `${portal}/sitemap.xml`,
          how: 'Search engines find it through robots.txt; Google for Jobs reads the apply page’s JobPosting data.',
        },
        ...BOARDS.flatMap((board) =>
          board.feed ? [{ name: `Feed for ${board.name}`, url: feedUrl(board.feed), how: board.how }] : [],
        ),
        { name: 'JSON Feed', url: `${portal}/feeds/jobs.json`, how: 'For any reader of JSON Feed 1.1.' },
      ];
      const targets = [`job:${job.id}`, `feed:business:${member.business.id}`, 'feed:json'].concat(
        FEED_BOARDS.map((board) => `feed:xml:${board}`),
      );
      const { limit, cursor } = request.query;
      const after = cursor ? decodeCursor(cursor) : undefined;
      let query = app.deps.database.db
        .selectFrom('crawler_fetches')
        .select(['target', 'crawler', 'fetches', 'first_at', 'last_at'])
        .where('target', 'in', targets);
      if (after)
        query = query.where(
          sql<boolean>`(last_at, target, crawler) < (${after.lastAt}, ${after.target}, ${after.crawler})`,
        );
      const page = await query
        .orderBy('last_at', 'desc')
        .orderBy('target', 'desc')
        .orderBy('crawler', 'desc')
        .limit(limit + 1)
        .execute();
      const rows = page.slice(0, limit);
      const last = rows.at(-1);
      // One line per crawler name: the names are a fixed list (docs/decisions/0514), so this is bounded.
      const lastByCrawler = new Map(
        (
          await app.deps.database.db
            .selectFrom('crawler_fetches')
            .select(['crawler', (eb) => eb.fn.max('last_at').as('last_at')])
            .where('target', 'in', targets)
            .groupBy('crawler')
            .execute()
        ).map((row) => [row.crawler, new Date(row.last_at).toISOString()]),
      );
      const indexNow = app.deps.indexNow.settings;
      const lastNotified = indexNow.endpoint ? await lastIndexNowPost(app.deps.database.db, job.id) : null;
      return {
        boards: BOARDS.map((board) => ({
          id: board.id,
          name: board.name,
          needs: board.feed ? ('feed-registration' as const) : ('nothing' as const),
          how: board.how,
          registerUrl: board.registerUrl ?? null,
          feedUrl: board.feed ? feedUrl(board.feed) : null,
          lastFetchedAt: lastByCrawler.get(board.crawler) ?? null,
        })),
        indexNow: { on: indexNow.endpoint !== null, lastNotifiedAt: lastNotified?.toISOString() ?? null },
        nextCursor: page.length > limit && last ? encodeCursor(last) : null,
        places,
        crawlers: rows.map((row) => ({
          crawler: row.crawler,
          via: row.target.startsWith('job:')
            ? 'job page'
            : row.target.startsWith('feed:business:')
              ? 'careers feed'
              : 'feed',
          fetches: Number(row.fetches),
          firstAt: new Date(row.first_at).toISOString(),
          lastAt: new Date(row.last_at).toISOString(),
        })),
      };
    },
  );
}
