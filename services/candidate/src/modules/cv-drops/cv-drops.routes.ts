import { createCvDropSchema, cvDropPageSchema, cvDropSchema } from '@careers/contracts/candidate';
import { pageQuerySchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { dropCv, listCvDrops } from './cv-drops.service';

const tags = ['CV drops'];

export async function cvDropRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;

  app.get(
    '/cv-drops',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'CVs the caller sent to businesses unprompted, newest first',
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: cvDropPageSchema, ...problems },
      },
    },
    async (request) => listCvDrops(db(), currentUser(request), request.query),
  );

  app.post(
    '/cv-drops',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Send one of the caller’s CVs to a business',
        security: bearerSecurity,
        description: 'At most 30 a day per candidate (429 with Retry-After past that).',
        body: createCvDropSchema,
        response: { 200: cvDropSchema, ...problems, 429: problemDetailsSchema },
      },
    },
    async (request) => dropCv(db(), currentUser(request), request.body),
  );
}
