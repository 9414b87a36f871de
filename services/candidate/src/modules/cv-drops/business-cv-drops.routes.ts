import { z } from 'zod';
import { pageQuerySchema } from '@careers/contracts/common';
import { employerCvDropSchema } from '@careers/contracts/employer';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { currentMember, requireTeamRole } from '../team/team.hooks';
import { listCvDropsOfBusiness } from './cv-drops.service';

const tags = ['Employer'];

/** design.md §5: the CVs candidates dropped with the employer's business. */
export async function businessCvDropRoutes(app: App) {
  const jobEditors = requireTeamRole('Owner', 'Recruiter');

  app.get(
    '/business/cv-drops',
    {
      preHandler: jobEditors,
      schema: {
        tags,
        summary: 'CVs dropped with the business, newest first',
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: z.array(employerCvDropSchema), ...problems },
      },
    },
    async (request) => listCvDropsOfBusiness(app.deps.database.db, currentMember(request), request.query),
  );
}
