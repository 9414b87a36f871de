import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import {
  applicationNoteSchema,
  createApplicationNoteSchema,
  employerApplicationDetailSchema,
  employerApplicationPageSchema,
  employerApplicationQuerySchema,
  employerApplicationSchema,
  employerJobStatsSchema,
  updateApplicationStatusSchema,
} from '@careers/contracts/employer';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import {
  addApplicationNote,
  getApplicationOfBusiness,
  jobStatsOfBusiness,
  listApplicationsOfJob,
  moveApplication,
} from './business-applications.service';

const tags = ['Employer'];

/** design.md §5: applications to the employer's jobs, their figures and their statuses. */
export async function businessApplicationRoutes(app: App) {
  // Hiring managers read (their jobs only, in the services) and leave notes; moving is the recruiters' and owners'.
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const movers = requireTeamRole('Owner', 'Recruiter');
  const db = () => app.deps.database.db;

  app.get(
    '/business/jobs/:id/stats',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary:
          'Figures of one of the business’s jobs: applications by day (the last 30, UTC), by source, and by stage reached',
        description:
          'An application counts for the furthest pipeline stage (New … Hired) it has ever been at and for every stage before it; ' +
          'Rejected counts applications that are or were rejected.',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        response: { 200: employerJobStatsSchema, ...problems },
      },
    },
    async (request) => jobStatsOfBusiness(db(), currentMember(request), request.params.id),
  );

  app.get(
    '/business/jobs/:id/applications',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'Applications to one of the business’s jobs, newest first, a page at a time (pageSize at most 100)',
        description:
          'status keeps one status; search keeps candidates whose name or e-mail contains the text (any case); ' +
          'withdrawn=true keeps the applications candidates withdrew, withdrawn=false those that stand. totalApplications counts what passes.',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        querystring: employerApplicationQuerySchema,
        response: { 200: employerApplicationPageSchema, ...problems },
      },
    },
    async (request) => listApplicationsOfJob(db(), currentMember(request), request.params.id, request.query),
  );

  app.get(
    '/business/applications/:id',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary:
          'One application to the business’s jobs: the candidate’s contact details, the CV, the status history (newest first), utm source and campaign',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        response: { 200: employerApplicationDetailSchema, ...problems },
      },
    },
    async (request) => getApplicationOfBusiness(db(), currentMember(request), request.params.id),
  );

  app.put(
    '/business/applications/:id/status',
    {
      preHandler: movers,
      schema: {
        tags,
        summary: 'Move an application to any status; every change is kept with its time',
        description:
          'A change also queues an e-mail to the candidate (unless they turned status e-mails off), sent after STATUS_MAIL_DELAY_SECONDS: ' +
          'further moves within that time change what the one e-mail says, and a move back to where it was sends none. ' +
          '409 once the candidate has withdrawn the application.',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        body: updateApplicationStatusSchema,
        response: { 200: employerApplicationSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) =>
      moveApplication(
        db(),
        currentMember(request),
        request.params.id,
        request.body.applicationStatus,
        app.config.statusMail.delayMs,
      ),
  );

  app.post(
    '/business/applications/:id/notes',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary:
          'Leave a note on an application: the business’s own, signed with the member’s name, never shown to the candidate',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        body: createApplicationNoteSchema,
        response: { 200: applicationNoteSchema, ...problems },
      },
    },
    async (request) => addApplicationNote(db(), currentMember(request), request.params.id, request.body.body),
  );
}
