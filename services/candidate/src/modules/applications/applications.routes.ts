import { z } from 'zod';
import {
  createApplicationResultSchema,
  createApplicationSchema,
  jobApplicationPageSchema,
} from '@careers/contracts/candidate';
import {
  jobApplicationDetailSchema,
  jobApplicationsQuerySchema,
  withdrawApplicationSchema,
  withdrawnApplicationSchema,
} from '@careers/contracts/candidate-api';
import { idSchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import {
  applyAsCandidate,
  getOwnApplication,
  listOwnApplications,
  withdrawOwnApplication,
} from './applications.service';

const tags = ['Job applications'];

export async function applicationRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;

  app.get(
    '/job-applications',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "The caller's job applications, newest first, each with its status history (newest first)",
        description:
          'With jobId, only the caller’s applications to that job (the apply page asks whether the caller already applied).',
        security: bearerSecurity,
        querystring: jobApplicationsQuerySchema,
        response: { 200: jobApplicationPageSchema, ...problems },
      },
    },
    async (request) => listOwnApplications(db(), currentUser(request), request.query),
  );

  app.get(
    '/job-applications/:id',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "One of the caller's applications, with its status history (newest first), for its page in the portal",
        description: "404 for an application that is not the caller's.",
        security: bearerSecurity,
        params: z.object({ id: idSchema }),
        response: { 200: jobApplicationDetailSchema, ...problems },
      },
    },
    async (request) => getOwnApplication(db(), currentUser(request), request.params.id),
  );

  app.post(
    '/job-applications',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Apply to a job with one of the caller’s CVs',
        description:
          'Answers 200 with the wrapper. isValidResponse false with errors[0] when the job does not exist, is closed, the CV is ' +
          "not the caller's, the caller already applied ('You have already applied for this job.'), or has already applied " +
          'to this job 3 times, withdrawn ones included (each withdrawal allows one more, twice).',
        security: bearerSecurity,
        body: createApplicationSchema,
        response: { 200: createApplicationResultSchema, ...problems },
      },
    },
    async (request) => applyAsCandidate(db(), currentUser(request), request.body, app.config.portalUrl),
  );

  app.post(
    '/job-applications/:id/withdraw',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Withdraw one of the caller’s applications, with an optional reason for the employer',
        description:
          'The application stays: the employer sees it as withdrawn (with the reason), its status history gains an entry with ' +
          'withdrawn true, and the caller may apply to the job again (at most 3 applications to one job in all). 404 for an application that is not the caller’s; 409 when ' +
          'it is already withdrawn or the employer has made a final decision (hired, not selected).',
        security: bearerSecurity,
        params: z.object({ id: idSchema }),
        body: withdrawApplicationSchema,
        response: { 200: withdrawnApplicationSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => withdrawOwnApplication(db(), currentUser(request), request.params.id, request.body.reason),
  );
}
