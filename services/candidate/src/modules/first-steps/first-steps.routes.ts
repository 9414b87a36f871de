import { firstStepsSchema } from '@careers/contracts/employer';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { firstStepsOf } from './first-steps.service';

/** The console's first-hour checklist (docs/decisions/0496): one read for the whole list. */
export async function firstStepsRoutes(app: App) {
  app.get(
    '/business/first-steps',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary: "What the caller's business has done of its first steps, each from its own data",
        description:
          'businessDetails: city and phone given; logo: the file stored; careersPage: its about us written; firstJob: ' +
          'a job posted, open or closed; colleagueInvited: another member or an open invitation; interviewHours: the ' +
          "caller's own hours set; retentionRule: a rule chosen rather than the default preset.",
        security: bearerSecurity,
        response: { 200: firstStepsSchema, ...problems },
      },
    },
    async (request) => firstStepsOf(app.deps.database.db, app.deps.storage, currentMember(request), new Date()),
  );
}
