import { z } from 'zod';
import { jobIdParamsSchema, jobSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { cachedJobAnswer } from './job-answer';
import { publicJob } from './jobs.service';

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
      // The same answer the early hook gives once the job is cached (toJob's Job type held what went in).
      const answer = cachedJobAnswer(job, request.headers['if-none-match']);
      return reply
        .code(answer.status as 200 | 304)
        .headers(answer.headers)
        .send((answer.body ?? null) as never);
    },
  );
}
