import { z } from 'zod';
import { cvAutofillSchema } from '@careers/contracts/candidate-api';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { botCheckChallengeSchema } from '@careers/contracts/identity';
import {
  BOT_CHECK_FAILED,
  createBotChallenge,
  verifyBotToken,
  type BotCheckContext,
} from '@careers/server-kit/bot-check';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { clientKey } from '@careers/server-kit/rate-limit';
import type { FastifyRequest } from 'fastify';
import { ExtractionError, extractCvFields } from '../cvs/cv-extraction';
import { readCvUpload } from '../cvs/cvs.service';
import { filePart } from '../storage/multipart-errors';

const tags = ['CV autofill'];

export const CV_AUTOFILL_TOO_MANY =
  'Too many CVs read from this address. Fill in the form yourself, or try again later.';
export const CV_AUTOFILL_NO_TOKEN = 'Send the solved bot check as the field token, before the file.';
export const CV_UNREADABLE = 'This CV could not be read. Fill in the form yourself; you can still apply with it.';
export const CV_UNPACKS_TOO_MUCH =
  'This CV unpacks to far more than a CV holds, so it was not read. Fill in the form yourself.';
export const CV_ENCRYPTED = 'This CV is protected with a password, so it could not be read. Fill in the form yourself.';

function extractionProblem(err: unknown): never {
  if (!(err instanceof ExtractionError)) throw err;
  if (err.kind === 'too-large' || err.kind === 'out-of-memory') throw new HttpProblem(422, CV_UNPACKS_TOO_MUCH);
  if (err.kind === 'unsupported') throw new HttpProblem(422, CV_ENCRYPTED);
  throw new HttpProblem(422, CV_UNREADABLE);
}

/** The token field of the multipart body; it comes before the file part, so it is read before the file. */
function tokenField(fields: Record<string, unknown>): string | undefined {
  const field = fields.token as { type?: string; value?: unknown } | undefined;
  return field?.type === 'field' && typeof field.value === 'string' ? field.value : undefined;
}

/**
 * The apply page reads the name, e-mail and phone of the CV the candidate chooses.
 * Public (the candidate has no account yet), so each read costs a solved ALTCHA proof of work, usable
 * once, and a client may read a bounded number per window. The file is checked and parsed like an
 * uploaded CV (type by bytes, 10 MB, unpack bounds, parser and field detection in a capped child
 * process, docs/decisions/0230) and never stored
 * (docs/decisions/0175, 0176).
 */
export async function cvAutofillRoutes(app: App) {
  const botCheck: BotCheckContext = {
    secret: app.deps.botCheckSecret,
    maxNumber: app.config.botCheck.maxNumber,
    expiresSeconds: app.config.botCheck.expiresSeconds,
    action: app.config.botCheck.action,
    store: app.deps.store,
    now: Date.now,
  };

  const limitClient = async (request: FastifyRequest) => {
    const { limit, windowSeconds } = app.config.cvAutofillLimit;
    // An IPv6 client counts by its IPV6_CLIENT_PREFIX (a /64 by default), as in the identity service.
    const client = clientKey(request.ip, app.config.ipv6ClientPrefix);
    const hit = await app.deps.store.hit(`cv-autofill:${client}`, limit, windowSeconds);
    if (!hit.allowed)
      throw new HttpProblem(429, CV_AUTOFILL_TOO_MANY, { headers: { 'Retry-After': String(hit.retryAfterSeconds) } });
  };

  app.get(
    '/cv-autofill/challenge',
    {
      schema: {
        tags,
        summary: 'An ALTCHA proof-of-work challenge for POST /cv-autofill (10 minutes, usable once)',
        response: { 200: botCheckChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotChallenge(botCheck);
    },
  );

  app.post(
    '/cv-autofill',
    {
      schema: {
        tags,
        summary: "Read a CV's name, e-mail and phone (nothing is stored)",
        description:
          'multipart/form-data: the field `token` (the solved challenge of GET /cv-autofill/challenge, base64) first, then one ' +
          'file part. The type is decided by the bytes (PDF, DOC, DOCX or UTF-8 text): 413 past 10 MB, 415 for any other type, ' +
          '422 when the CV cannot be read (unpack bounds, password, broken file). 400 without a valid unused token; 429 with ' +
          'Retry-After past the per-client limit. Answers only the fields found. The file is kept nowhere.',
        consumes: ['multipart/form-data'],
        body: z
          .object({ token: z.any(), file: z.any().describe('The CV file (binary), at most 10 MB') })
          .nullish()
          .describe('multipart/form-data: the field token, then exactly one file part'),
        response: {
          200: cvAutofillSchema,
          400: problemDetailsSchema,
          413: problemDetailsSchema,
          415: problemDetailsSchema,
          422: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await limitClient(request);
      const part = await filePart(request);
      if (!part) throw new HttpProblem(400, 'Choose a file to read.');
      const token = tokenField(part.fields as Record<string, unknown>);
      // Checked before a byte of the file is read: an unsolved or replayed token costs no parsing. The
      // file's bytes are then drained unread.
      const refused = !token ? CV_AUTOFILL_NO_TOKEN : (await verifyBotToken(botCheck, token)) ? null : BOT_CHECK_FAILED;
      if (refused) {
        part.file.resume();
        throw new HttpProblem(400, refused);
      }
      const { fileType, bytes } = await readCvUpload(
        { stream: part.file, fileName: part.filename },
        app.config.uploadTempDir,
      );
      // The field detection runs in the child too: its patterns meet 20,000 characters the sender chose.
      const client = `address:${clientKey(request.ip, app.config.ipv6ClientPrefix)}`;
      return extractCvFields(fileType, bytes, app.config.cvExtraction, client).catch(extractionProblem);
    },
  );
}
