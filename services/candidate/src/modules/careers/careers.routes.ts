import { z } from 'zod';
import {
  careersPageSchema,
  careersPageSettingsSchema,
  careersSlugParamsSchema,
  jobSearchQuerySchema,
  jobSearchResultSchema,
  sitemapEntriesSchema,
} from '@careers/contracts/careers';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { HttpProblem } from '@careers/server-kit/problem';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../jobs/jobs.service';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import {
  CAREERS_PAGE_NOT_FOUND,
  careersPage,
  changeCareersSettings,
  etagOf,
  searchJobs,
  sitemapEntries,
} from './careers.service';

/**
 * Public, cacheable as GET /job/{id} (docs/decisions/0063): an ETag, 304 for If-None-Match, and
 * `public, no-cache`, so a closed or expired job leaves every list at the next request.
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, value: unknown) {
  const body = JSON.stringify(value);
  const etag = etagOf(body);
  reply.header('cache-control', 'public, no-cache').header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null as never);
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(body as never);
}

const notModified = { 304: z.null().describe('Not modified') };

export async function careersRoutes(app: App) {
  const db = () => app.deps.database.db;
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const ownerOnly = requireTeamRole('Owner');

  app.get(
    '/careers/:slug',
    {
      schema: {
        tags: ['Careers pages'],
        summary: "A business's careers page: the business and its open jobs, newest first (public)",
        description:
          'Asked by a former slug, answers the page with business.slug the current one (the portal redirects, 301). ' +
          'ETag and If-None-Match as GET /job/{id}.',
        params: careersSlugParamsSchema,
        response: { 200: careersPageSchema, ...notModified, 404: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const page = await careersPage(db(), request.params.slug.toLowerCase(), new Date(app.deps.replyTimes.now()));
      if (!page) throw new HttpProblem(404, CAREERS_PAGE_NOT_FOUND);
      return sendCacheable(request, reply, page);
    },
  );

  app.get(
    '/jobs',
    {
      schema: {
        tags: ['Careers pages'],
        summary: 'Every open job of the install, newest first: full-text search and filters (public)',
        description:
          'q is searched in titles and descriptions (PostgreSQL full-text search, websearch syntax); location in ' +
          'the city, region, state and postcode. ETag and If-None-Match as GET /job/{id}.',
        querystring: jobSearchQuerySchema,
        response: { 200: jobSearchResultSchema, ...notModified, 400: problemDetailsSchema },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await searchJobs(db(), request.query)),
  );

  app.get(
    '/sitemap-entries',
    {
      schema: {
        tags: ['Careers pages'],
        summary: "What the portal's /sitemap.xml lists: open jobs and careers pages with their last change (public)",
        response: { 200: sitemapEntriesSchema, ...notModified },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await sitemapEntries(db())),
  );

  app.get(
    '/business/careers-page',
    {
      preHandler: anyMember,
      schema: {
        tags: ['Employer'],
        summary: "The caller's business's careers page settings: its address (slug) and its about us",
        security: bearerSecurity,
        response: { 200: careersPageSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const { slug, about } = currentMember(request).business;
      return { slug, about };
    },
  );

  app.put(
    '/business/careers-page',
    {
      preHandler: ownerOnly,
      schema: {
        tags: ['Employer'],
        summary: "Change the careers page's address (the old one redirects) and its about us",
        security: bearerSecurity,
        body: careersPageSettingsSchema,
        response: { 200: careersPageSettingsSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => changeCareersSettings(db(), currentMember(request), request.body),
  );
}
