import {
  CODE_LIFETIME_TEXT,
  DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR,
  DEFAULT_SEND_INTERVAL_SECONDS,
  DEFAULT_SENDS_PER_HOUR,
} from '@careers/contracts/limits';
import {
  authResponseSchema,
  emptyAuthResponse,
  sendCodeRequestSchema,
  verifyCodeRequestSchema,
} from '@careers/contracts/identity';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem } from '@careers/server-kit/problem';
import type { App } from '@careers/server-kit/http';
import { emptyBody, sendEmpty } from '../../lib/schemas';
import { normalizeEmail } from '../../lib/email';
import { guardCodeTries, limitCodeSendsPerClient, limitSending, recordWrongCode } from '../../plugins/limits';
import { BOT_CHECK_FAILED, verifyBotToken } from '../bot-check/bot-check.service';
import { enqueueMail } from '../mail/mail.repository';
import { signInCodeMail } from '../mail/mail.templates';
import { issueSession, loginResult } from '../tokens/tokens.service';
import { findUserByEmail } from '../users/users.repository';
import { proveAddress } from '../accounts/accounts.service';
import { INVALID_CODE, issueCode, verifyCode } from './codes.service';

export async function codeRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.post(
    '/api/account/send-verification-code',
    {
      schema: {
        tags: ['codes'],
        summary: `E-mail a 6-digit sign-in code (${CODE_LIFETIME_TEXT}, single use; by default one per ${DEFAULT_SEND_INTERVAL_SECONDS} s and ${DEFAULT_SENDS_PER_HOUR} per hour per address, ${DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR} per hour per address and client)`,
        body: sendCodeRequestSchema,
        response: { 200: emptyBody, 400: problemDetailsSchema, 404: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await limitSending(request);
      const user = await findUserByEmail(db(), request.body.email);
      if (!user) throw new HttpProblem(404, 'There is no account with this e-mail address.');
      // Before the per-address send limits, so that a refused flood does not spend the owner's sends.
      await limitCodeSendsPerClient(request, user.email);
      await db()
        .transaction()
        .execute(async (trx) => {
          const { code, expiresAt } = await issueCode(trx, app.codeContext, {
            emailNormalized: normalizeEmail(user.email),
            purpose: 'sign-in',
          });
          await enqueueMail(trx, signInCodeMail(user.email, code), new Date(app.deps.now()), {
            expiresAt,
            userId: user.id,
          });
        });
      return sendEmpty(reply);
    },
  );

  app.post(
    '/api/account/verify-code',
    {
      schema: {
        tags: ['codes'],
        summary:
          'Sign in with the e-mailed code; needs a solved bot-check payload as token; 429 after too many wrong codes for the address',
        body: verifyCodeRequestSchema,
        response: {
          200: authResponseSchema,
          401: authResponseSchema,
          400: problemDetailsSchema,
          429: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, code, token } = request.body;
      await guardCodeTries(request, email);
      if (!(await verifyBotToken(app.botCheckContext, token)))
        return reply.status(401).send(emptyAuthResponse(BOT_CHECK_FAILED));
      // Wrong tries must be counted, so the transaction commits on failure too: no throwing inside.
      const result = await db()
        .transaction()
        .execute(async (trx) => {
          if (!(await verifyCode(trx, app.codeContext, normalizeEmail(email), 'sign-in', code))) return undefined;
          const found = await findUserByEmail(trx, email);
          if (!found) return undefined;
          // The code proves the mailbox, as the confirmation link would; the session below is issued after
          // the first proof ended the earlier ones, so it is the only one left.
          const user = await proveAddress(trx, found, new Date(app.deps.now()));
          return loginResult(user, await issueSession(trx, app.tokenContext, user), 'Logged in.');
        });
      if (!result) {
        await recordWrongCode(request, email);
        return reply.status(401).send(emptyAuthResponse(INVALID_CODE));
      }
      return result;
    },
  );
}
