import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { cvIdParamsSchema, jobIdParamsSchema, jobSchema } from '@careers/contracts/candidate';
import { LOGO_MAX_BYTES, businessDetailSchema, cvPreviewLinkSchema, logoUploadResultSchema } from '@careers/contracts/candidate-api';
import { pageQuerySchema } from '@careers/contracts/common';
import {
  createBusinessSchema,
  createJobSchema,
  createdBusinessSchema,
  employerApplicationDetailSchema,
  employerApplicationPageSchema,
  employerApplicationQuerySchema,
  employerApplicationSchema,
  employerCvDropSchema,
  employerJobSchema,
  employerJobStatsSchema,
  updateApplicationStatusSchema,
  updateBusinessSchema,
} from '@careers/contracts/employer';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { productMetrics } from '@careers/server-kit/metrics';
import { HttpProblem } from '@careers/server-kit/problem';
import {
  businessCanSeeCv,
  countJobApplications,
  findBusinessApplication,
  findBusinessApplicationForUpdate,
  insertStatusChange,
  jobApplicationStats,
  listJobApplications,
  setApplicationStatus,
  statusHistory,
} from '../applications/applications.repository';
import { WITHDRAWN_BY_CANDIDATE, toEmployerApplication, toEmployerApplicationDetail } from '../applications/applications.service';
import { bearerSecurity, currentUser, requireRole } from '../auth/auth.hooks';
import { listBusinessCvDrops } from '../cv-drops/cv-drops.repository';
import { toEmployerCvDrop } from '../cv-drops/cv-drops.service';
import { findCvById, insertPreviewToken } from '../cvs/cvs.repository';
import { CV_NOT_FOUND, PREVIEW_TOKEN_TTL_MS, downloadHeaders, newPreviewToken } from '../cvs/cvs.service';
import { findBusinessJob, insertJob, listBusinessJobs, updateBusinessJob } from '../jobs/jobs.repository';
import { toEmployerJob, toJob, toJobColumns } from '../jobs/jobs.service';
import { queueStatusMail } from '../status-emails/status-emails.repository';
import { STATUS_MAIL_KIND } from '../status-emails/status-emails.service';
import { sendBlob } from '../storage/blob-response';
import { insertBusiness, updateBusinessOfOwner } from './business.repository';
import { NO_BUSINESS, PUBLIC_BLOB_KEY, isPng, logoKey, requireBusiness, toBusinessDetail } from './business.service';
import { filePart, rethrowUploadError } from '../storage/multipart-errors';

const tags = ['Employer'];
/** The days GET /business/jobs/{id}/stats counts by day, today (UTC) included. */
const STATS_DAYS = 30;
const problems = { 400: problemDetailsSchema, 401: problemDetailsSchema, 403: problemDetailsSchema, 404: problemDetailsSchema };

/** design.md §5: the small employer API behind BusinessUser tokens, and the public logo files. */
export const JOB_NEEDS_PROVED_ADDRESS = 'Confirm your e-mail address before posting jobs: open the link we sent you when you registered.';

export async function businessRoutes(app: App) {
  const employerOnly = requireRole('BusinessUser');
  const db = () => app.deps.database.db;
  const { storage } = app.deps;

  app.get(
    '/business',
    { preHandler: employerOnly, schema: { tags, summary: "The caller's business", security: bearerSecurity, response: { 200: businessDetailSchema, ...problems } } },
    async (request) => toBusinessDetail(await requireBusiness(db(), currentUser(request))),
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
    async (request) => {
      const id = randomUUID();
      const row = await insertBusiness(db(), {
        id,
        owner_user_id: currentUser(request).userId,
        name: request.body.name,
        city: request.body.city ?? null,
        phone: request.body.phone ?? null,
        careers_domain: request.body.domain ?? null,
        image_relative_directory: `businesses/${id}`,
      });
      if (!row) throw new HttpProblem(409, 'This account already has a business.');
      return { id: row.id, imageRelativeDirectory: row.image_relative_directory };
    },
  );

  app.put(
    '/business',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Change the caller’s business (name, city, phone, careers domain)',
        security: bearerSecurity,
        body: updateBusinessSchema,
        response: { 200: businessDetailSchema, ...problems },
      },
    },
    async (request) => {
      const { name, city, phone, domain } = request.body;
      const row = await updateBusinessOfOwner(db(), currentUser(request).userId, { name, city: city ?? null, phone: phone ?? null, careers_domain: domain ?? null });
      if (!row) throw new HttpProblem(404, NO_BUSINESS);
      // The apply page shows the business name from the cached job.
      app.jobCache.clear();
      return toBusinessDetail(row);
    },
  );

  app.get(
    '/business/jobs',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: "The business's jobs, newest first, a page at a time (pageSize at most 100), each with its number of applications",
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: z.array(employerJobSchema), ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const { page, pageSize } = request.query;
      return (await listBusinessJobs(db(), business.id, { offset: (page - 1) * pageSize, limit: pageSize })).map((job) => toEmployerJob(job, business));
    },
  );

  app.get(
    '/business/jobs/:id',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'One of the business’s jobs, open or closed, with its number of applications',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        response: { 200: employerJobSchema, ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const job = await findBusinessJob(db(), business.id, request.params.id);
      if (!job) throw new HttpProblem(404, 'The job was not found.');
      return toEmployerJob(job, business);
    },
  );

  app.post(
    '/business/jobs',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Create a job',
        description: 'Only from an account whose e-mail address is proved (the confirmation link): 403 otherwise.',
        security: bearerSecurity,
        body: createJobSchema,
        response: { 200: jobSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Anyone can register a business under any company name; a proved address at least ties the job
      // to a mailbox. A token that does not say (null) comes from an identity service older than the claim.
      if (user.emailVerified === false) throw new HttpProblem(403, JOB_NEEDS_PROVED_ADDRESS);
      const business = await requireBusiness(db(), user);
      const job = await insertJob(db(), { id: randomUUID(), business_id: business.id, ...toJobColumns(request.body) });
      return toJob(job, business);
    },
  );

  app.put(
    '/business/jobs/:id',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Change a job (every field, as when creating it); isLive false closes it',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        body: createJobSchema,
        response: { 200: jobSchema, ...problems },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.isLive && user.emailVerified === false) throw new HttpProblem(403, JOB_NEEDS_PROVED_ADDRESS);
      const business = await requireBusiness(db(), user);
      const job = await updateBusinessJob(db(), business.id, request.params.id, toJobColumns(request.body));
      if (!job) throw new HttpProblem(404, 'The job was not found.');
      app.jobCache.invalidate(job.id);
      return toJob(job, business);
    },
  );

  app.get(
    '/business/jobs/:id/stats',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Figures of one of the business’s jobs: applications by day (the last 30, UTC), by source, and by status reached',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        response: { 200: employerJobStatsSchema, ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const job = await findBusinessJob(db(), business.id, request.params.id);
      if (!job) throw new HttpProblem(404, 'The job was not found.');
      const today = new Date();
      const since = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (STATS_DAYS - 1)));
      const stats = await jobApplicationStats(db(), job.id, since);
      return { totalApplications: job.application_count, days: STATS_DAYS, ...stats };
    },
  );

  app.get(
    '/business/jobs/:id/applications',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Applications to one of the business’s jobs, newest first, a page at a time (pageSize at most 100)',
        description: 'status keeps one status; search keeps candidates whose name or e-mail contains the text (any case). totalApplications counts what passes.',
        security: bearerSecurity,
        params: jobIdParamsSchema,
        querystring: employerApplicationQuerySchema,
        response: { 200: employerApplicationPageSchema, ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const job = await findBusinessJob(db(), business.id, request.params.id);
      if (!job) throw new HttpProblem(404, 'The job was not found.');
      const { page, pageSize, status, search } = request.query;
      const filter = { status, search: search || undefined };
      const filtered = filter.status !== undefined || filter.search !== undefined;
      const [rows, total] = await Promise.all([
        listJobApplications(db(), job.id, { offset: (page - 1) * pageSize, limit: pageSize }, filter),
        filtered ? countJobApplications(db(), job.id, filter) : job.application_count,
      ]);
      return { page, pageSize, totalApplications: total, applications: rows.map(toEmployerApplication) };
    },
  );

  app.get(
    '/business/applications/:id',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'One application to the business’s jobs: the candidate’s contact details, the CV, the status history (newest first), utm source and campaign',
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        response: { 200: employerApplicationDetailSchema, ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const row = await findBusinessApplication(db(), business.id, request.params.id);
      if (!row) throw new HttpProblem(404, 'The application was not found.');
      const history = await statusHistory(db(), [row.id]);
      return toEmployerApplicationDetail(row, history.get(row.id) ?? []);
    },
  );

  app.put(
    '/business/applications/:id/status',
    {
      preHandler: employerOnly,
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
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const status = request.body.applicationStatus;
      return db()
        .transaction()
        .execute(async (trx) => {
          const row = await findBusinessApplicationForUpdate(trx, business.id, request.params.id);
          if (!row) throw new HttpProblem(404, 'The application was not found.');
          if (row.withdrawn_at) throw new HttpProblem(409, WITHDRAWN_BY_CANDIDATE);
          if (row.application_status !== status) {
            const now = new Date();
            await setApplicationStatus(trx, row.id, status);
            await insertStatusChange(trx, { id: randomUUID(), application_id: row.id, application_status: status, changed_at: now });
            // Issue 12 item 14: the candidate's e-mail is queued with the change, or not at all.
            const sendAt = new Date(now.getTime() + app.config.statusMail.delayMs);
            const queued = await queueStatusMail(trx, { candidateId: row.candidate_id, applicationId: row.id, from: row.application_status, to: status, now, sendAt });
            if (queued === 'queued') productMetrics.emailsQueued().inc({ kind: STATUS_MAIL_KIND });
          }
          return toEmployerApplication({ ...row, application_status: status });
        });
    },
  );

  app.get(
    '/business/cv-drops',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'CVs dropped with the business, newest first',
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: z.array(employerCvDropSchema), ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const { page, pageSize } = request.query;
      return (await listBusinessCvDrops(db(), business.id, { offset: (page - 1) * pageSize, limit: pageSize })).map(toEmployerCvDrop);
    },
  );

  app.get(
    '/business/cvs/:cvId/download',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Download a CV sent to the business (with an application or a CV drop)',
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: z.any().describe('The file'), 206: z.any().describe('Part of the file'), ...problems, 416: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const business = await requireBusiness(db(), currentUser(request));
      const allowed = await businessCanSeeCv(db(), business.id, request.params.cvId);
      const row = allowed ? await findCvById(db(), request.params.cvId) : undefined;
      if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
      return sendBlob(reply, storage, { key: row.storage_key, contentType: row.content_type, headers: downloadHeaders(row), rangeHeader: request.headers.range });
    },
  );

  app.post(
    '/business/cvs/:cvId/preview-link',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'A short-lived preview address for an iframe, for a CV sent to the business',
        description: 'The same preview as the candidate’s own (GET /cvs/{cvId}/preview?token=), for a CV sent with an application or a CV drop.',
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: cvPreviewLinkSchema, ...problems },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const allowed = await businessCanSeeCv(db(), business.id, request.params.cvId);
      const row = allowed ? await findCvById(db(), request.params.cvId) : undefined;
      if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
      const { token, hash } = newPreviewToken();
      const expiresAt = new Date(Date.now() + PREVIEW_TOKEN_TTL_MS);
      await insertPreviewToken(db(), { token_hash: hash, cv_id: row.id, expires_at: expiresAt });
      return { url: `${app.config.publicUrl}/cvs/${row.id}/preview?token=${token}`, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/business/logo',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Upload the business logo (PNG by its bytes, at most 1 MB)',
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        body: z.object({ file: z.any().describe('PNG file') }).nullish().describe('multipart/form-data with one file part'),
        response: { 200: logoUploadResultSchema, ...problems, 413: problemDetailsSchema, 415: problemDetailsSchema },
      },
    },
    async (request) => {
      const business = await requireBusiness(db(), currentUser(request));
      const part = await filePart(request, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpProblem(400, 'Choose a file to upload.');
      let bytes: Buffer;
      try {
        // Bounded by the 1 MB limit: small enough to check whole before anything is stored.
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpProblem(413, 'The logo is larger than 1 MB.');
        rethrowUploadError(err);
      }
      if (!isPng(bytes)) throw new HttpProblem(415, 'The logo must be a PNG image.');
      await storage.put(logoKey(business.image_relative_directory), Readable.from([bytes]), 'image/png');
      return {
        imageRelativeDirectory: business.image_relative_directory,
        url: `${app.config.publicBlobBaseUrl}/${logoKey(business.image_relative_directory)}`,
      };
    },
  );

  app.get(
    '/blobs/*',
    {
      schema: {
        tags: ['Public files'],
        summary: 'Business logos ({imageRelativeDirectory}/logo.png); nothing else is reachable here',
        params: z.object({ '*': z.string().max(200) }),
        response: { 200: z.any().describe('PNG image'), 206: z.any().describe('Part of the image'), 404: problemDetailsSchema, 416: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!PUBLIC_BLOB_KEY.test(key)) throw new HttpProblem(404, 'The file was not found.');
      return sendBlob(reply, storage, {
        key,
        contentType: 'image/png',
        // The portal adds a random cache-busting number (product.md §2); a short shared cache still helps.
        headers: { 'Cache-Control': 'public, max-age=300' },
        rangeHeader: request.headers.range,
      });
    },
  );
}
