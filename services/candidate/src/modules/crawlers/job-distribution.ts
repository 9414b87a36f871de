import { sql } from 'kysely';
import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import type { App } from '@careers/server-kit/http';
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
        security: bearerSecurity,
        params: jobIdParamsSchema,
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
      const rows = await app.deps.database.db
        .selectFrom('crawler_fetches')
        .select(['target', 'crawler', 'fetches', 'first_at', 'last_at'])
        .where('target', 'in', targets)
        .orderBy('last_at', 'desc')
        .execute();
      return {
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
