import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { JOB_NOT_FOUND } from '../jobs/jobs.routes';
import { publicJob } from '../jobs/jobs.service';
import { recordCrawlerFetch } from './crawlers.service';

/**
 * The portal's server renders the apply pages from its own cache, so it tells this service when a crawler
 * fetched one (docs/decisions/0382), passing the crawler's User-Agent on. Counted only for a job that exists;
 * a browser's User-Agent counts nothing. As with the feeds, a User-Agent is what the client says it is.
 */
export async function crawlerRoutes(app: App) {
  app.post(
    '/job/:id/crawler-fetches',
    {
      schema: {
        tags: ['Jobs'],
        summary:
          "A crawler fetched this job's apply page (the portal's server reports it with the crawler's User-Agent)",
        params: jobIdParamsSchema,
        response: { 204: z.null(), 400: problemDetailsSchema, 404: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const job = await publicJob(app.deps.database.db, app.jobCache, request.params.id);
      if (!job) throw new HttpProblem(404, JOB_NOT_FOUND);
      recordCrawlerFetch(app, request, `job:${request.params.id}`);
      return reply.code(204).send(null);
    },
  );
}
