import { z } from 'zod';
import { jobIdParamsSchema, jobSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { matchesEtag, publicJob } from './jobs.service';

export const JOB_NOT_FOUND = 'The job was not found.';

export async function jobRoutes(app: App) {
  app.get(
    '/job/:id',
    {
      schema: {
        tags: ['Jobs'],
        summary: 'A job, for the public apply page (closed jobs too, with isLive false)',
        description: 'Answers an ETag; a request whose If-None-Match holds it gets 304 with no body.',
        params: jobIdParamsSchema,
        response: {
          200: jobSchema,
          304: z.null().describe('Not modified'),
          400: problemDetailsSchema,
          404: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const job = await publicJob(app.deps.database.db, app.jobCache, request.params.id);
      if (!job) throw new HttpProblem(404, JOB_NOT_FOUND);
      // Shared caches may keep it, but must ask again each time: closing a job shows at once, and the ETag makes asking cheap.
      reply.header('Cache-Control', 'public, no-cache').header('ETag', job.etag);
      if (matchesEtag(request.headers['if-none-match'], job.etag)) return reply.code(304).send(null);
      // Serialized once when cached (toJob's Job type held what went in); a JSON string is sent as it is.
      return reply.type('application/json; charset=utf-8').send(job.body as never);
    },
  );
}
