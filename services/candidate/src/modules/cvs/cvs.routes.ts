import { randomUUID } from 'node:crypto';
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
import { bearerSecurity, bearerToken, currentUser, requireRole, authedProblems as problems } from '../auth/auth.hooks';
import { requireCandidate } from '../candidates/candidates.service';
import { sendBlob } from '../storage/blob-response';
import { contentDisposition } from './cv-file-name';
import type { CvFileType } from './cv-file-type';
import { ExtractionError, runExtraction } from './cv-extraction';
import {
  deleteCandidateCv,
  findCandidateCv,
  findCvByPreviewToken,
  countCvs,
  findCvByContent,
  insertCv,
  listCvs,
  type CvListRow,
} from './cvs.repository';
import {
  CV_LIMIT_REACHED,
  CV_NOT_FOUND,
  downloadHeaders,
  hashPreviewToken,
  previewCsp,
  readWhole,
  receiveCvFile,
  toCv,
} from './cvs.service';
import { filePart } from '../storage/multipart-errors';

const tags = ['CVs'];
const fileResponse = z
  .any()
  .describe('The file bytes (binary), with Content-Disposition and Content-Type of the stored file');
const multipartBody = z
  .object({ file: z.any().describe('The CV file (binary): PDF, DOC, DOCX or UTF-8 text, at most 10 MB') })
  .nullish()
  .describe('multipart/form-data with exactly one file part');

/** A file the parser cannot read has no preview; the download still works. */
function previewProblem(err: unknown): never {
  if (err instanceof ExtractionError) throw new HttpProblem(422, 'This file cannot be previewed. Download it instead.');
  throw err;
}

export async function cvRoutes(app: App) {
  const candidateOnly = requireRole('Candidate');
  const { storage } = app.deps;

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
    async (request) => {
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      const { page, pageSize } = request.query;
      const [total, rows] = await Promise.all([
        countCvs(db, candidate.id),
        listCvs(db, candidate.id, { offset: (page - 1) * pageSize, limit: pageSize }),
      ]);
      return { cvCount: total, cvs: rows.map(toCv) };
    },
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
    async (request) => {
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      // Checked before the file is read, so a full account costs no upload; two uploads racing past it
      // can end one above the limit, which is harmless.
      if ((await countCvs(db, candidate.id)) >= CV_MAX_COUNT) throw new HttpProblem(409, CV_LIMIT_REACHED);
      const part = await filePart(request);
      if (!part) throw new HttpProblem(400, 'Choose a file to upload.');
      // The same bytes from the same candidate are one CV: a repeat upload answers the CV already kept.
      const kept = (sha256: string) => findCvByContent(db, candidate.id, sha256);
      const received = await receiveCvFile(
        { stream: part.file, fileName: part.filename },
        app.config.uploadTempDir,
        storage,
        async (sha256) => Boolean(await kept(sha256)),
      );
      const existing = async () => {
        const row = await kept(received.sha256);
        if (!row) throw new HttpProblem(409, 'The same CV is being uploaded twice at once. Please try again.');
        return { cvId: row.id, fileName: row.file_name };
      };
      if (received.storageKey === null) return existing();
      const storageKey = received.storageKey;
      const id = randomUUID();
      let inserted: boolean;
      try {
        inserted = await insertCv(db, {
          id,
          candidate_id: candidate.id,
          file_name: received.fileName,
          content_type: received.contentType,
          file_type: received.fileType,
          storage_key: storageKey,
          size_bytes: received.size,
          content_sha256: received.sha256,
        });
      } catch (err) {
        await storage.delete(storageKey).catch(() => undefined);
        throw err;
      }
      if (!inserted) {
        // Lost a race with an identical upload: keep the other one.
        await storage.delete(storageKey).catch(() => undefined);
        return existing();
      }
      // After the commit: a job lost to a crash here is picked up by the stale-Pending sweep.
      await app.deps.jobs.enqueueCvParse(id);
      return { cvId: id, fileName: received.fileName };
    },
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
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      const row = await findCandidateCv(db, candidate.id, request.params.cvId);
      if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
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
        security: bearerSecurity,
        params: cvIdParamsSchema,
        response: { 200: cvDeleteResultSchema, ...problems },
      },
    },
    async (request) => {
      const db = app.deps.database.db;
      const candidate = await requireCandidate(db, currentUser(request));
      const row = await deleteCandidateCv(db, candidate.id, request.params.cvId);
      if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
      await storage
        .delete(row.storage_key)
        .catch((err: unknown) => request.log.error({ err, key: row.storage_key }, 'CV file left behind'));
      return { id: row.id, fileName: row.file_name };
    },
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
      const db = app.deps.database.db;
      let row: CvListRow | undefined;
      if (request.query.token) {
        row = await findCvByPreviewToken(db, hashPreviewToken(request.query.token), request.params.cvId);
        if (!row) throw new HttpProblem(404, 'This preview link has expired. Open the preview again.');
      } else if (bearerToken(request)) {
        await candidateOnly(request, reply);
        const candidate = await requireCandidate(db, currentUser(request));
        row = await findCandidateCv(db, candidate.id, request.params.cvId);
        if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
      } else {
        throw new HttpProblem(401, 'Sign in to continue.');
      }
      reply.removeHeader('x-frame-options');
      const headers = {
        'Content-Security-Policy': previewCsp(app.config.corsOrigins),
        'Content-Disposition': contentDisposition('inline', row.file_name),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      const type = row.file_type as CvFileType;
      if (type === 'pdf' || type === 'txt') {
        return sendBlob(reply, storage, {
          key: row.storage_key,
          contentType: row.content_type,
          headers,
          rangeHeader: request.headers.range,
        });
      }
      const bytes = await readWhole(storage, row.storage_key);
      reply.headers(headers);
      const limits = app.config.cvExtraction;
      if (type === 'docx') {
        const html = await runExtraction({ task: 'docx-preview', title: row.file_name, bytes }, limits).catch(
          previewProblem,
        );
        return reply.type('text/html; charset=utf-8').send(html);
      }
      const text = await runExtraction({ task: 'text', type, bytes }, limits).catch(previewProblem);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
}
