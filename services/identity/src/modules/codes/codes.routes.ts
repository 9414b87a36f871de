import {
  CODE_LIFETIME_TEXT,
  DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR,
  DEFAULT_SEND_INTERVAL_SECONDS,
  DEFAULT_SENDS_PER_HOUR,
  SIGN_IN_CODE_WRONG_TRIES,
  SIGN_IN_CODES_PER_DAY,
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
import { guardCodeTries, limitCodeSendsPerClient, limitSending, recordWrongCode } from '../../plugins/limits';
import { BOT_CHECK_FAILED, verifyBotToken } from '@careers/server-kit/bot-check';
import { INVALID_CODE } from './codes.service';
import { jobForCodeMail } from './code-job';
import { sendSignInCode, signInWithCode } from './sign-in.service';

export async function codeRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.post(
    '/api/account/send-verification-code',
    {
      schema: {
        tags: ['codes'],
        summary: `E-mail a 6-digit sign-in code (${CODE_LIFETIME_TEXT}, single use; by default one per ${DEFAULT_SEND_INTERVAL_SECONDS} s and ${DEFAULT_SENDS_PER_HOUR} per hour per address, ${DEFAULT_CODE_SENDS_PER_CLIENT_PER_HOUR} per hour per address and client; ${SIGN_IN_CODES_PER_DAY} per account in any 24 hours)`,
        body: sendCodeRequestSchema,
        response: { 200: emptyBody, 400: problemDetailsSchema, 404: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await limitSending(request);
      const { jobId } = request.body;
      const sent = await sendSignInCode(
        db(),
        app.codeContext,
        request.body.email,
        (address) => limitCodeSendsPerClient(request, address),
        () => (jobId ? jobForCodeMail(app.config.candidateJobUrl, jobId, request.log) : Promise.resolve(null)),
      );
      if (!sent) throw new HttpProblem(404, 'There is no account with this e-mail address.');
      // When the next code for the address may be asked for: the portal's Resend starts waiting that long
      // instead of being refused first (decision 0292).
      const interval = app.codeContext.sendLimits.intervalSeconds;
      if (interval > 0) reply.header('retry-after', String(interval));
      return sendEmpty(reply);
    },
  );

  app.post(
    '/api/account/verify-code',
    {
      schema: {
        tags: ['codes'],
        summary: `Sign in with the e-mailed code; needs a solved bot-check payload as token; a code dies after ${SIGN_IN_CODE_WRONG_TRIES} wrong tries from anyone (ask for a new one); 429 after too many wrong codes for the address`,
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
      const result = await signInWithCode(db(), app.codeContext, app.tokenContext, email, code);
      if (!result) {
        await recordWrongCode(request, email);
        return reply.status(401).send(emptyAuthResponse(INVALID_CODE));
      }
      return result;
    },
  );
}
