import { z } from 'zod';
import { crawlerFetchReportSchema, jobIdParamsSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { serviceCredentialCheck } from '@careers/server-kit/service-credential';
import { loadOrCreateSecret } from '@careers/server-kit/secrets';
import { JOB_NOT_FOUND } from '../jobs/jobs.routes';
import { publicJob } from '../jobs/jobs.service';
import { countCrawlerFetch } from './crawlers.service';

/**
 * The portal's server renders the apply pages from its own cache, so it tells this service when a crawler
 * fetched one (docs/decisions/0382), passing the crawler's User-Agent on. Only the portal's server may
 * (docs/decisions/0514): a shared credential (CRAWLER_REPORT_TOKEN), compared as digests in constant time;
 * 404 through the public proxy (nginx answers 404 for /internal/, and a request carrying X-Forwarded-For
 * is refused here too) and while no credential is set. Counted only for a job that exists; a browser's
 * User-Agent counts nothing.
 */
export async function crawlerRoutes(app: App) {
  const { token: configured, generatedDir } = app.config.crawlerReport;
  const token =
    configured ??
    (generatedDir ? await loadOrCreateSecret('crawler-report', undefined, generatedDir, false) : undefined);
  if (!token)
    app.log.warn('CRAWLER_REPORT_TOKEN is not set: crawlers’ fetches of apply pages are not counted until it is');
  const requirePortal = serviceCredentialCheck(token);

  app.post(
    '/internal/jobs/:id/crawler-fetches',
    {
      onRequest: async (request) => requirePortal(request),
      schema: {
        tags: ['internal'],
        summary: "The portal's server: a crawler fetched this job's apply page",
        description:
          'Service credential (CRAWLER_REPORT_TOKEN) as a bearer token; not reachable through the public proxy. ' +
          'A known crawler counts under its name, any other under "Other crawler" (decision 0514).',
        params: jobIdParamsSchema,
        body: crawlerFetchReportSchema,
        response: {
          204: z.null(),
          400: problemDetailsSchema,
          401: problemDetailsSchema,
          404: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const job = await publicJob(app.deps.database.db, app.jobCache, request.params.id);
      if (!job) throw new HttpProblem(404, JOB_NOT_FOUND);
      countCrawlerFetch(app, request.body.userAgent, `job:${request.params.id}`);
      return reply.code(204).send(null);
    },
  );
}
