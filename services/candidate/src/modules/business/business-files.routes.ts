import { z } from 'zod';
import { LOGO_MAX_BYTES, logoUploadResultSchema } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { currentMember, requireTeamRole } from '../team/team.hooks';
import { sendBlob } from '../storage/blob-response';
import { filePart, rethrowUploadError } from '../storage/multipart-errors';
import { PUBLIC_BLOB_KEY, changeLogo } from './business.service';

/** The business logo: its upload (design.md §5) and the public logo files. */
export async function businessFileRoutes(app: App) {
  const ownerOnly = requireTeamRole('Owner');
  const { storage } = app.deps;

  app.post(
    '/business/logo',
    {
      preHandler: ownerOnly,
      schema: {
        tags: ['Employer'],
        summary: 'Upload the business logo (PNG by its bytes, at most 1 MB)',
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        body: z
          .object({ file: z.any().describe('PNG file') })
          .nullish()
          .describe('multipart/form-data with one file part'),
        response: { 200: logoUploadResultSchema, ...problems, 413: problemDetailsSchema, 415: problemDetailsSchema },
      },
    },
    async (request) => {
      const readFile = async (): Promise<Buffer> => {
        const part = await filePart(request, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
        if (!part) throw new HttpProblem(400, 'Choose a file to upload.');
        try {
          // Bounded by the 1 MB limit: small enough to check whole before anything is stored.
          return await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpProblem(413, 'The logo is larger than 1 MB.');
          rethrowUploadError(err);
        }
      };
      return changeLogo(app.deps.database.db, storage, currentMember(request), readFile, app.config.publicBlobBaseUrl);
    },
  );

  app.get(
    '/blobs/*',
    {
      schema: {
        tags: ['Public files'],
        summary: 'Business logos ({imageRelativeDirectory}/logo.png); nothing else is reachable here',
        params: z.object({ '*': z.string().max(200) }),
        response: {
          200: z.any().describe('PNG image'),
          206: z.any().describe('Part of the image'),
          404: problemDetailsSchema,
          416: problemDetailsSchema,
        },
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
