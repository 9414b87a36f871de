import { z } from 'zod';
import { cvIdParamsSchema } from '@careers/contracts/candidate';
import { cvPreviewLinkSchema } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { sendBlob } from '../storage/blob-response';
import { businessCvPreviewLink, requireBusinessCv } from './business-cvs.service';
import { downloadHeaders } from './cvs.service';
import { recordCvOpening } from '../cv-openings/cv-openings.service';

const tags = ['Employer'];

/** design.md §5: the employer's reading of CVs sent to the business: download and preview. */
export async function businessCvRoutes(app: App) {
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const db = () => app.deps.database.db;
  const { storage } = app.deps;

  app.get(
    '/business/cvs/:cvId/download',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'Download a CV sent to the business (with an application or a CV drop)',
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: {
          200: z.any().describe('The file'),
          206: z.any().describe('Part of the file'),
          ...problems,
          416: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const row = await requireBusinessCv(db(), member, request.params.cvId);
      await recordCvOpening(db(), member, row.id, 'download');
      return sendBlob(reply, storage, {
        key: row.storage_key,
        contentType: row.content_type,
        headers: downloadHeaders(row),
        rangeHeader: request.headers.range,
      });
    },
  );

  app.post(
    '/business/cvs/:cvId/preview-link',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'A short-lived preview address for an iframe, for a CV sent to the business',
        description:
          'The same preview as the candidate’s own (GET /cvs/{cvId}/preview?token=), for a CV sent with an application or a CV drop.',
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: cvPreviewLinkSchema, ...problems },
      },
    },
    async (request) => businessCvPreviewLink(db(), currentMember(request), request.params.cvId, app.config.publicUrl),
  );
}
