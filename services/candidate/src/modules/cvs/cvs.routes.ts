import { z } from 'zod';
import {
  cvDeleteResultSchema,
  cvIdParamsSchema,
  CV_MAX_COUNT,
  cvListQuerySchema,
  cvListSchema,
  cvUploadResultSchema,
} from '@careers/contracts/candidate';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import {
  bearerSecurity,
  bearerToken,
  currentUser,
  requireRole,
  authedProblems as problems,
} from '@careers/server-kit/bearer-auth';
import { sendBlob } from '../storage/blob-response';
import { filePart } from '../storage/multipart-errors';
import { contentDisposition } from './cv-file-name';
import {
  deleteOwnCv,
  downloadHeaders,
  listOwnCvs,
  openCvPreview,
  previewCsp,
  requireOwnCv,
  uploadOwnCv,
  type PreviewAccess,
} from './cvs.service';
import { extractionSandbox } from './cv-extraction';

const tags = ['CVs'];
const fileResponse = z
  .any()
  .describe('The file bytes (binary), with Content-Disposition and Content-Type of the stored file');
const multipartBody = z
  .object({ file: z.any().describe('The CV file (binary): PDF, DOC, DOCX or UTF-8 text, at most 10 MB') })
  .nullish()
  .describe('multipart/form-data with exactly one file part');

export async function cvRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const { storage } = app.deps;
  // Said once at start: how CV parsers are capped here, or that they cannot be, and so are not run.
  const sandbox = extractionSandbox();
  const caps = { sandbox: sandbox.kind, command: sandbox.command, limits: app.config.cvExtraction };
  if (sandbox.kind === 'prlimit') app.log.info(caps, 'CV extraction runs in child processes capped by prlimit');
  else if (sandbox.kind === 'sh-ulimit')
    app.log.warn(caps, "prlimit (util-linux) not found: CV extraction is capped by the shell's ulimit");
  else app.log.error(caps, 'no way to cap memory (neither prlimit nor /bin/sh): CVs will not be parsed');

  app.get(
    '/cvs',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: "The caller's CVs, newest first",
        description: `cvCount counts them all; cvs holds one page (pageSize defaults to ${CV_MAX_COUNT}, the most a candidate may keep, at most 50).`,
        security: bearerSecurity,
        querystring: cvListQuerySchema,
        response: { 200: cvListSchema, ...problems },
      },
    },
    async (request) => listOwnCvs(app.deps.database.db, currentUser(request), request.query),
  );

  app.post(
    '/cvs',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Upload a CV (multipart, one file part)',
        description:
          'The type is decided by the bytes: PDF, DOC, DOCX or UTF-8 text. 413 past 10 MB, 415 for any other type ' +
          "('Must be in the following format: pdf, doc, docx, txt'), 409 when the candidate already keeps 20 CVs. " +
          'Text extraction runs in the background (cvParseStatus). The same bytes as a CV the candidate already keeps answer ' +
          'that CV (its id and file name); nothing is stored twice.',
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        body: multipartBody,
        response: {
          200: cvUploadResultSchema,
          ...problems,
          409: problemDetailsSchema,
          413: problemDetailsSchema,
          415: problemDetailsSchema,
        },
      },
    },
    async (request) =>
      uploadOwnCv(
        {
          db: app.deps.database.db,
          storage,
          spoolDir: app.config.uploadTempDir,
          enqueueCvParse: (cvId) => app.deps.jobs.enqueueCvParse(cvId),
        },
        currentUser(request),
        async () => {
          const part = await filePart(request);
          if (!part) throw new HttpProblem(400, 'Choose a file to upload.');
          return { stream: part.file, fileName: part.filename };
        },
      ),
  );

  app.get(
    '/cvs/download/:cvId',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Download a CV (Range requests answered 206)',
        description:
          'Content-Disposition: attachment with an RFC 6266 file name, the stored Content-Type, X-Content-Type-Options: nosniff, ' +
          "Content-Security-Policy: default-src 'none'; sandbox. Accept-Ranges: bytes; 206 with Content-Range; 416 when unsatisfiable.",
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: fileResponse, 206: fileResponse, ...problems, 416: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      const row = await requireOwnCv(app.deps.database.db, currentUser(request), request.params.cvId);
      return sendBlob(reply, storage, {
        key: row.storage_key,
        contentType: row.content_type,
        headers: downloadHeaders(row),
        rangeHeader: request.headers.range,
      });
    },
  );

  app.delete(
    '/cvs/:cvId',
    {
      preHandler: candidateOnly,
      schema: {
        tags,
        summary: 'Delete a CV (applications keep its file name)',
        description:
          'It leaves the list at once. While a business holding it is under a legal hold, that business keeps its ' +
          'copy until the hold ends (GET /cvs lists it in heldCopies); every other business loses it now.',
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: cvDeleteResultSchema, ...problems },
      },
    },
    async (request) =>
      deleteOwnCv(
        app.deps.database.db,
        storage,
        request.log,
        currentUser(request),
        request.params.cvId,
        new Date(app.retention.now()),
      ),
  );

  app.get(
    '/cvs/:cvId/preview',
    {
      schema: {
        tags,
        summary: 'Preview a CV inside an iframe',
        description:
          "Authorized by the candidate's bearer token, or by ?token= from POST /business/cvs/{cvId}/preview-link (the employer console). " +
          'PDF and TXT are served inline as stored; ' +
          'DOCX as sanitized HTML; DOC as its extracted text. Always with Content-Security-Policy sandbox (no script) and ' +
          'frame-ancestors limited to the portal.',
        params: cvIdParamsSchema,
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: {
          200: fileResponse,
          206: fileResponse,
          ...problems,
          416: problemDetailsSchema,
          422: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      let access: PreviewAccess;
      if (request.query.token) {
        access = { token: request.query.token };
      } else if (bearerToken(request)) {
        await candidateOnly(request, reply);
        access = { user: currentUser(request) };
      } else {
        throw new HttpProblem(401, 'Sign in to continue.');
      }
      const { row, render } = await openCvPreview(
        app.deps.database.db,
        storage,
        app.config.cvExtraction,
        access,
        request.params.cvId,
      );
      reply.removeHeader('x-frame-options');
      const headers = {
        'Content-Security-Policy': previewCsp(app.config.corsOrigins),
        'Content-Disposition': contentDisposition('inline', row.file_name),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      if (!render) {
        return sendBlob(reply, storage, {
          key: row.storage_key,
          contentType: row.content_type,
          headers,
          rangeHeader: request.headers.range,
        });
      }
      reply.headers(headers);
      const { contentType, body } = await render();
      return reply.type(contentType).send(body);
    },
  );
}
