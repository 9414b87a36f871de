import { z } from 'zod';
import { jobIdParamsSchema, jobSchema } from '@careers/contracts/candidate';
import { pageQuerySchema } from '@careers/contracts/common';
import { createJobSchema, employerJobSchema } from '@careers/contracts/employer';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import {
  changeJobOfBusiness,
  createJobOfBusiness,
  getJobOfBusiness,
  listJobsOfBusiness,
} from './business-jobs.service';

const tags = ['Employer'];

/** design.md §5: the employer's jobs. */
export async function businessJobRoutes(app: App) {
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const jobEditors = requireTeamRole('Owner', 'Recruiter');
  const db = () => app.deps.database.db;

  app.get(
    '/business/jobs',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary:
          "The business's jobs, newest first, a page at a time (pageSize at most 100), each with its number of applications",
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: z.array(employerJobSchema), ...problems },
      },
    },
    async (request) => listJobsOfBusiness(db(), currentMember(request), request.query),
  );

  app.get(
    '/business/jobs/:id',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'One of the business’s jobs, open or closed, with its number of applications',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        response: { 200: employerJobSchema, ...problems },
      },
    },
    async (request) => getJobOfBusiness(db(), currentMember(request), request.params.id),
  );

  app.post(
    '/business/jobs',
    {
      preHandler: jobEditors,
      schema: {
        tags,
        summary: 'Create a job',
        description: 'Only from an account whose e-mail address is proved (the confirmation link): 403 otherwise.',
        security: bearerSecurity,
        body: createJobSchema,
        response: { 200: jobSchema, ...problems },
      },
    },
    async (request) => createJobOfBusiness(db(), currentMember(request), request.body),
  );

  app.put(
    '/business/jobs/:id',
    {
      preHandler: jobEditors,
      schema: {
        tags,
        summary: 'Change a job (every field, as when creating it); isLive false closes it',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        body: createJobSchema,
        response: { 200: jobSchema, ...problems },
      },
    },
    async (request) => changeJobOfBusiness(db(), currentMember(request), request.params.id, request.body, app.jobCache),
  );
}
