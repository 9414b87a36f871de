import { z } from 'zod';
import { jobIdParamsSchema } from '@careers/contracts/candidate';
import { idSchema, isoDateSchema } from '@careers/contracts/common';
import {
  closeJobSchema,
  closePreviewQuerySchema,
  closePreviewSchema,
  endingReasonSchema,
  keepOnFileAnswerSchema,
  keepOnFileSchema,
} from '@careers/contracts/fair-endings';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { currentMember, requireTeamRole } from '../team/team.hooks';
import { answerKeepOnFile, closeJob, closePreview } from './job-endings.service';

/** No silent endings (docs/decisions/0410, 0411): closing a job with an outcome, and the candidate's consent. */
export async function jobEndingRoutes(app: App) {
  const jobEditors = requireTeamRole('Owner', 'Recruiter');
  const candidateOnly = requireRole('Candidate');
  const db = () => app.deps.database.db;
  const now = () => new Date(app.deps.jobEndings.now());

  app.get(
    '/business/jobs/:id/close-preview',
    {
      preHandler: jobEditors,
      schema: {
        tags: ['Employer'],
        summary:
          'Before closing a job: how many open applications will be told the outcome, and how many asked to stay on file',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        querystring: closePreviewQuerySchema,
        response: { 200: closePreviewSchema, ...problems },
      },
    },
    async (request) => closePreview(db(), currentMember(request), request.params.id, request.query, now()),
  );

  app.post(
    '/business/jobs/:id/close',
    {
      preHandler: jobEditors,
      schema: {
        tags: ['Employer'],
        summary: 'Close a job as filled or without a decision',
        description:
          'The job stops taking applications now. Within the next hours (docs/decisions/0410) every application still open ' +
          'gets the final status with the reason, on its timeline and by e-mail, except those named in keepOnFile: their ' +
          'candidates are asked to agree to stay on file until the date. Each interview still to happen (the preview lists ' +
          'them) needs a choice in `interviews`: cancel (the candidate and the interviewer are told, as by a cancel) or ' +
          'keep (docs/decisions/0547); 400 when one is missing, 404 when one is not of this job. 409 when the job is already closed.',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        body: closeJobSchema,
        response: {
          200: z.object({ closedOn: isoDateSchema, outcome: endingReasonSchema, askedToKeep: z.number().int() }),
          ...problems,
        },
      },
    },
    async (request) => closeJob(db(), currentMember(request), request.params.id, request.body, now(), app.jobCache),
  );

  app.put(
    '/job-applications/:id/keep-on-file',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: "The caller's answer to the employer's request to keep their application on file",
        description:
          'agree false: the application gets the job’s outcome at the next pass. 404 when there is no request.',
        security: bearerSecurity,
        params: z.object({ id: idSchema }),
        body: keepOnFileAnswerSchema,
        response: { 200: keepOnFileSchema, ...problems },
      },
    },
    async (request) => answerKeepOnFile(db(), currentUser(request), request.params.id, request.body.agree, now()),
  );
}
