import { sql } from 'kysely';
import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { FEED_BOARDS } from '../feeds/feeds.service';

/** How an employer gives each board the feed (docs/decisions/0382); the URL differs only in its board tag. */
const HOW_TO: Record<string, string> = {
  indeed: 'Indeed: send the feed URL to your Indeed account manager or through Indeed\'s "XML feed" employer form.',
  adzuna: 'Adzuna: register the feed URL with Adzuna\'s "Post jobs via XML feed" contact form.',
  jooble: 'Jooble: add the feed URL in Jooble\'s partner area ("Add XML feed").',
  careerjet: "Careerjet: send the feed URL to Careerjet's partner team.",
  talent: 'Talent.com: submit the feed URL in the Talent.com employer XML feed form.',
  ziprecruiter: 'ZipRecruiter: give the feed URL to your ZipRecruiter account manager.',
  simplyhired: "SimplyHired: send the feed URL through SimplyHired's feed partner form.",
  glassdoor: "Glassdoor: give the feed URL to your Glassdoor account manager (Indeed's format).",
  linkedin: 'LinkedIn: ask your LinkedIn account team for a Limited Listings XML feed with this URL.',
  jobrapido: "Jobrapido: submit the feed URL with Jobrapido's publisher form.",
};

/** Crawler lines per page: a page of the console's list, a bounded answer whatever the table holds. */
export const CRAWLER_PAGE_MAX = 50;
const CRAWLER_PAGE_DEFAULT = 20;

export const jobDistributionQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CRAWLER_PAGE_MAX).default(CRAWLER_PAGE_DEFAULT),
  /** nextCursor of the previous page: the crawler lines after it, newest fetch first. */
  cursor: z.string().min(1).max(400).optional(),
});

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

export const jobDistributionSchema = z.object({
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

/**
 * "Post once" (issue 27 item 6): where a job is published (its apply page, the careers page, /jobs, the
 * sitemap, each board's feed URL and how to register it) and which crawlers fetched it or the feeds that
 * carry it, and when (crawler_fetches, counted in batches).
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
      const places = [
        { name: 'Apply page', url: `${portal}/apply/${job.id}`, how: 'Share this link anywhere.' },
        ...(careers ? [{ name: 'Careers page', url: careers, how: 'Link it from your own website.' }] : []),
        { name: 'Job search', url: `${portal}/jobs`, how: 'Every open job is listed here.' },
        {
          name: 'Sitemap',
          url: `${portal}/sitemap.xml`,
          how: 'Search engines find it through robots.txt; Google for Jobs reads the apply page’s JobPosting data.',
        },
        ...FEED_BOARDS.filter((board) => board !== 'jsonfeed').map((board) => ({
          name: `Feed for ${board}`,
          url: careers ? `${careers}/jobs.xml?board=${board}` : `${portal}/feeds/jobs.xml?board=${board}`,
          how: HOW_TO[board] ?? 'Register the feed URL with the board.',
        })),
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
      return {
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
