import { z } from 'zod';
import { DATA_EXPORTS_PER_HOUR } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole } from '@careers/server-kit/bearer-auth';
import { exportOwnData } from './data-export.service';

export async function dataExportRoutes(app: App) {
  app.get(
    '/candidate/export',
    {
      preHandler: requireRole('Candidate'),
      schema: {
        tags: ['Candidate'],
        summary: "Download the caller's data as a zip",
        description:
          'account.json (the account as the sign-in token carries it), profile.json, applications.json (each with its status ' +
          'history and any withdrawal), cv-drops.json, cvs.json and the CV files under cvs/, with a README.txt. Streamed as it is ' +
          `read; at most ${DATA_EXPORTS_PER_HOUR} an hour per candidate (429 with Retry-After past that).`,
        security: bearerSecurity,
        response: {
          200: z.any().describe('application/zip'),
          401: problemDetailsSchema,
          403: problemDetailsSchema,
          404: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await exportOwnData(app.deps.database.db, app.deps.storage, currentUser(request));
      stream.on('error', (err) => request.log.error({ err }, 'data export aborted'));
      return reply
        .code(200)
        .headers({
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(stream);
    },
  );
}
