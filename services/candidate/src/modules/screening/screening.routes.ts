import { z } from 'zod';
import { applicationRecordAnswerSchema } from '@careers/contracts/screening';
import { idSchema } from '@careers/contracts/common';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { businessApplicationRecord, ownApplicationRecord } from './screening.service';

const params = z.object({ id: idSchema });

/** The ad as the candidate saw it and the receipt (docs/decisions/0401), for the candidate and for the business. */
export async function screeningRoutes(app: App) {
  const db = () => app.deps.database.db;

  app.get(
    '/job-applications/:id/record',
    {
      preHandler: requireRole('Candidate'),
      schema: {
        tags: ['Job applications'],
        summary: 'The ad of one of the caller’s applications as it was when they applied, and its receipt',
        description:
          'record is null for an application sent before ads and receipts were kept. 404 for an application that is not the caller’s.',
        security: bearerSecurity,
        params,
        response: { 200: applicationRecordAnswerSchema, ...problems },
      },
    },
    async (request) => ownApplicationRecord(db(), currentUser(request), request.params.id),
  );

  app.get(
    '/business/applications/:id/record',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary:
          'The version of the ad the candidate applied to (and whether it changed since), the answers to the job’s questions with the requirements they do not meet, the CV file’s SHA-256',
        security: bearerSecurity,
        params,
        response: { 200: applicationRecordAnswerSchema, ...problems },
      },
    },
    async (request) => businessApplicationRecord(db(), currentMember(request), request.params.id),
  );
}
