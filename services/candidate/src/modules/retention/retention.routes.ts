import { z } from 'zod';
import { cvIdParamsSchema, jobIdParamsSchema } from '@careers/contracts/candidate';
import { idSchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import {
  businessRetentionSchema,
  businessRetentionUpdateSchema,
  cvTakeBackResultSchema,
  cvTakeBackSchema,
  deletedApplicationListSchema,
  talentPoolConsentSchema,
  talentPoolOfferSchema,
  talentPoolSchema,
} from '@careers/contracts/retention';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import type { App } from '@careers/server-kit/http';
import { requireMemberJob } from '../jobs/business-jobs.service';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import {
  businessRetention,
  deletedApplicationsOfJob,
  giveTalentPoolConsent,
  setBusinessRetention,
  takeBackCv,
  talentPool,
  talentPoolOffer,
  withdrawTalentPoolConsent,
} from './retention.service';

/**
 * Retention of applications (docs/decisions/0440-0443): the business's rule, the deleted applications of
 * a job, the talent pool; the candidate's consent and the CV taken back from one business; the job.
 */
export async function retentionRoutes(app: App) {
  const db = () => app.deps.database.db;
  const now = () => new Date(app.retention.now());
  const candidateOnly = requireRole('Candidate');
  const applicationParams = z.object({ id: idSchema });

  app.get(
    '/business/retention',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary: 'How long the business keeps applications after the final decision or a withdrawal',
        security: bearerSecurity,
        response: { 200: businessRetentionSchema, ...problems },
      },
    },
    async (request) => businessRetention(db(), currentMember(request).business.id),
  );

  app.put(
    '/business/retention',
    {
      preHandler: requireTeamRole('Owner'),
      schema: {
        tags: ['Employer'],
        summary: "Set the business's retention rule: a country's preset, or its own period within the preset's bound",
        description:
          '400 outside the bounds (docs/product.md, "Retention of applications"). poolDays: the consent period offered at ' +
          'apply (null: not offered). legalHoldUntil: nothing is deleted before it, and candidates cannot take their CV back.',
        security: bearerSecurity,
        body: businessRetentionUpdateSchema,
        response: { 200: businessRetentionSchema, ...problems },
      },
    },
    async (request) => {
      const rule = await setBusinessRetention(db(), currentMember(request).business.id, request.body, now());
      // The public job says whether the business asks for consent at apply, and for how long.
      app.jobCache.clear();
      return rule;
    },
  );

  app.get(
    '/business/jobs/:id/deleted-applications',
    {
      preHandler: requireTeamRole(...EVERY_ROLE),
      schema: {
        tags: ['Employer'],
        summary: "The job's deleted applications: when each went and why, with nothing of the candidate",
        security: bearerSecurity,
        params: jobIdParamsSchema,
        response: { 200: deletedApplicationListSchema, ...problems },
      },
    },
    async (request) => {
      const job = await requireMemberJob(db(), currentMember(request), request.params.id);
      return { deleted: await deletedApplicationsOfJob(db(), job.id) };
    },
  );

  app.get(
    '/business/talent-pool',
    {
      preHandler: requireTeamRole('Owner', 'Recruiter'),
      schema: {
        tags: ['Employer'],
        summary: 'The candidates who agreed to be kept for other roles, until when',
        security: bearerSecurity,
        response: { 200: talentPoolSchema, ...problems },
      },
    },
    async (request) => ({ entries: await talentPool(db(), currentMember(request).business.id, now()) }),
  );

  app.get(
    '/jobs/:id/talent-pool-offer',
    {
      schema: {
        tags: ['Job applications'],
        summary: "Whether the job's business asks to keep applications for other roles, and for how many days",
        params: jobIdParamsSchema,
        response: { 200: talentPoolOfferSchema, 404: problemDetailsSchema },
      },
    },
    async (request) => talentPoolOffer(db(), request.params.id),
  );

  app.put(
    '/job-applications/:id/talent-pool',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: 'Agree that the business keeps this application for other roles, for the period it offers',
        description: "404 for an application that is not the caller's; 409 when the business does not ask.",
        security: bearerSecurity,
        params: applicationParams,
        response: { 200: talentPoolConsentSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => giveTalentPoolConsent(db(), currentUser(request), request.params.id, now()),
  );

  app.delete(
    '/job-applications/:id/talent-pool',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['Job applications'],
        summary: 'Withdraw the consent: the deletion date falls back to the business’s rule at once',
        security: bearerSecurity,
        params: applicationParams,
        response: { 200: talentPoolConsentSchema, ...problems },
      },
    },
    async (request) => withdrawTalentPoolConsent(db(), currentUser(request), request.params.id),
  );

  app.post(
    '/cvs/:cvId/take-back',
    {
      preHandler: candidateOnly,
      schema: {
        tags: ['CVs'],
        summary: 'Delete my CV at one business: its applications with this CV and CV drops of it there go',
        description:
          'The candidate keeps the CV; other businesses keep theirs. 404 when the CV was not sent to that business; ' +
          "409 while the business's legal hold runs (the detail names its end date).",
        security: bearerSecurity,
        params: cvIdParamsSchema,
        body: cvTakeBackSchema,
        response: { 200: cvTakeBackResultSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => takeBackCv(db(), currentUser(request), request.params.cvId, request.body.businessId, now()),
  );
}
