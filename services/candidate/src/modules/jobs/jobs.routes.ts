import { jobIdParamsSchema, jobSchema } from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { findJobWithBusiness } from './jobs.repository';
import { toJob } from './jobs.service';

export const JOB_NOT_FOUND = 'The job was not found.';

export async function jobRoutes(app: App) {
  app.get(
    '/job/:id',
    {
      schema: {
        tags: ['Jobs'],
        summary: 'A job, for the public apply page (closed jobs too, with isLive false)',
        params: jobIdParamsSchema,
        response: { 200: jobSchema, 400: problemDetailsSchema, 404: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const row = await findJobWithBusiness(app.deps.database.db, request.params.id);
      if (!row) throw new HttpProblem(404, JOB_NOT_FOUND);
      // Public and the same for everyone: a short shared cache spares the database on busy links.
      reply.header('Cache-Control', 'public, max-age=60');
      return toJob(row, { name: row.business_name, image_relative_directory: row.image_relative_directory });
    },
  );
}
