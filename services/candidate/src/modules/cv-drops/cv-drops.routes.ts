import { randomUUID } from 'node:crypto';
import { createCvDropSchema, cvDropPageSchema, cvDropSchema } from '@careers/contracts/candidate';
import { pageQuerySchema } from '@careers/contracts/common';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { bearerSecurity, currentUser, requireRole } from '../auth/auth.hooks';
import { requireCandidate } from '../candidates/candidates.service';
import { findBusinessById } from '../business/business.repository';
import { findCandidateCv } from '../cvs/cvs.repository';
import { CV_NOT_FOUND } from '../cvs/cvs.service';
import { QUOTAS, enforceWindowQuota } from '../quotas/quotas';
import { candidateCvDropsSince, countCandidateCvDrops, insertCvDrop, listCandidateCvDrops } from './cv-drops.repository';
import { toCvDrop } from './cv-drops.service';

const tags = ['CV drops'];
const problems = { 400: problemDetailsSchema, 401: problemDetailsSchema, 403: problemDetailsSchema, 404: problemDetailsSchema };

export async function cvDropRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');

  app.get(
    '/cv-drops',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'CVs the caller sent to businesses unprompted, newest first',
        security: bearerSecurity,
        querystring: pageQuerySchema,
        response: { 200: cvDropPageSchema, ...problems },
      },
    },
    async (request) => {
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      const { page, pageSize } = request.query;
      const [total, rows] = await Promise.all([
        countCandidateCvDrops(db, candidate.id),
        listCandidateCvDrops(db, candidate.id, { offset: (page - 1) * pageSize, limit: pageSize }),
      ]);
      return { page, pageSize, totalApplications: total, cvDrops: rows.map(toCvDrop) };
    },
  );

  app.post(
    '/cv-drops',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Send one of the caller’s CVs to a business',
        security: bearerSecurity,
        description: 'At most 30 a day per candidate (429 with Retry-After past that).',
        body: createCvDropSchema,
        response: { 200: cvDropSchema, ...problems, 429: problemDetailsSchema },
      },
    },
    async (request) => {
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      enforceWindowQuota(QUOTAS.cvDrops, await candidateCvDropsSince(db, candidate.id, new Date(Date.now() - QUOTAS.cvDrops.windowMs)));
      const business = await findBusinessById(db, request.body.businessId);
      if (!business) throw new HttpProblem(404, 'The business was not found.');
      const cv = await findCandidateCv(db, candidate.id, request.body.cvId);
      if (!cv) throw new HttpProblem(404, CV_NOT_FOUND);
      const row = { id: randomUUID(), candidate_id: candidate.id, business_id: business.id, cv_id: cv.id, cv_file_name: cv.file_name, dropped_at: new Date() };
      await insertCvDrop(db, row);
      return toCvDrop({
        id: row.id,
        cv_id: row.cv_id,
        cv_file_name: row.cv_file_name,
        dropped_at: row.dropped_at,
        b_id: business.id,
        b_name: business.name,
        b_city: business.city,
        b_phone: business.phone,
      });
    },
  );
}
