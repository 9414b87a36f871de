import { businessDetailSchema } from '@careers/contracts/candidate-api';
import { createBusinessSchema, createdBusinessSchema, updateBusinessSchema } from '@careers/contracts/employer';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { changeBusiness, createBusiness, getBusiness } from './business.service';

const tags = ['Employer'];

/**
 * design.md §5: the small employer API behind BusinessUser tokens. This file holds the business itself;
 * its jobs, applications, CV drops, CVs and logo are in business-jobs, business-applications,
 * business-cv-drops, business-cvs and business-files routes (docs/decisions/0185).
 */
export async function businessRoutes(app: App) {
  const employerOnly = requireRole('BusinessUser');
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const ownerOnly = requireTeamRole('Owner');
  const db = () => app.deps.database.db;

  app.get(
    '/business',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: "The caller's business",
        security: bearerSecurity,
        response: { 200: businessDetailSchema, ...problems },
      },
    },
    async (request) => getBusiness(currentMember(request)),
  );

  app.post(
    '/business',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Create the caller’s business (one per business user; 409 when it exists)',
        security: bearerSecurity,
        body: createBusinessSchema,
        response: { 200: createdBusinessSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => createBusiness(db(), currentUser(request), request.body),
  );

  app.put(
    '/business',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Change the caller’s business (name, city, phone, careers domain)',
        security: bearerSecurity,
        body: updateBusinessSchema,
        response: { 200: businessDetailSchema, ...problems },
      },
    },
    async (request) => changeBusiness(db(), currentMember(request), request.body, app.jobCache),
  );
}
