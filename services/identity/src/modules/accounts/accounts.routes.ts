import { z } from 'zod';
import {
  authResponseSchema,
  confirmEmailQuerySchema,
  confirmEmailRequestSchema,
  EMPLOYER_ACCOUNT_PROBLEM_TYPE,
  EMPLOYER_SIGN_IN_PATH,
  emptyAuthResponse,
  forgotPasswordRequestSchema,
  loginCheckRequestSchema,
  loginRequestSchema,
  resetLinkStatusRequestSchema,
  resetLinkStatusSchema,
  resetPasswordRequestSchema,
  resetPasswordResultSchema,
} from '@careers/contracts/identity';
import { identityResultSchema, problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem, problem } from '@careers/server-kit/problem';
import type { App } from '@careers/server-kit/http';
import { emptyBody, orProblem, sendEmpty } from '../../lib/schemas';
import { limitLookup, limitSending } from '../../plugins/limits';
import { loginResult } from '../tokens/tokens.service';
import { botCheckFlag, logInWithPassword } from './login-limits';
import {
  accountContext,
  canLogIn,
  confirmAddress,
  resendConfirmationLink,
  resetLinkStatus,
  resetPassword,
  sendResetLink,
} from './accounts.service';

const EMPLOYER_ACCOUNT_DETAIL = `This address belongs to an employer account. Employers sign in at ${EMPLOYER_SIGN_IN_PATH}.`;

const problems = { 400: problemDetailsSchema, 429: problemDetailsSchema };

export async function accountRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.post(
    '/api/account/login',
    {
      schema: {
        tags: ['account'],
        summary:
          'Log in with e-mail and password (candidate accounts have none: they sign in with a code). After 3 failures for the address or from the client the 401 says botCheckRequired and every further try needs a solved bot check as token; without one the answer is 428 of type urn:careers-portal:problem:bot-check-required (nothing was checked). The address is never locked; 429 with Retry-After while the client backs off',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, 401: authResponseSchema, 428: problemDetailsSchema, ...problems },
      },
    },
    async (request, reply) => {
      const outcome = await logInWithPassword(request, request.body);
      if (!outcome.ok)
        return reply
          .status(401)
          .send({ ...emptyAuthResponse(outcome.message), ...botCheckFlag(outcome.botCheckRequired) });
      return loginResult(outcome.user, outcome.session, 'Logged in.');
    },
  );

  const confirmResponses = { 200: identityResultSchema, 400: orProblem(identityResultSchema) };

  app.post(
    '/api/account/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          'Confirm the e-mail address with the token of the e-mailed link (email is optional: the link has none)',
        body: confirmEmailRequestSchema,
        response: confirmResponses,
      },
    },
    async (request, reply) => {
      const { userId, token, email } = request.body;
      const result = await confirmAddress(db(), accountContext(app), userId, token, email);
      return reply.status(result.succeeded ? 200 : 400).send(result);
    },
  );

  app.get(
    '/api/account/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirm the e-mail address (query form)',
        querystring: confirmEmailQuerySchema,
        response: confirmResponses,
      },
    },
    async (request, reply) => {
      const { UserId, Token, Email } = request.query;
      const result = await confirmAddress(db(), accountContext(app), UserId, Token, Email);
      return reply.status(result.succeeded ? 200 : 400).send(result);
    },
  );

  app.post(
    '/api/account/forgot-password',
    {
      schema: {
        tags: ['account'],
        summary: 'E-mail a password reset link; answers 200 whether or not the address has an account',
        body: forgotPasswordRequestSchema,
        response: { 200: emptyBody, ...problems },
      },
    },
    async (request, reply) => {
      await limitSending(request);
      await db()
        .transaction()
        .execute((trx) => sendResetLink(trx, accountContext(app), request.body.email));
      return sendEmpty(reply);
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Set a new password with the token of the reset link; also confirms the e-mail and ends all sessions. The success answer carries the new session (session: a login result): the link proved the mailbox, so no password login is needed',
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResultSchema, 400: problemDetailsSchema },
      },
    },
    async (request) => {
      const { email, token, password, confirmPassword } = request.body;
      if (password !== confirmPassword)
        throw new HttpProblem(400, 'Passwords must match', { errors: ['Passwords must match'] });
      const outcome = await db()
        .transaction()
        .execute((trx) => resetPassword(trx, accountContext(app), app.tokenContext, email, token, password));
      if (!outcome.ok) throw new HttpProblem(400, outcome.reason, { errors: [outcome.reason] });
      return { succeeded: true, errors: [], session: loginResult(outcome.user, outcome.session, 'Logged in.') };
    },
  );

  app.post(
    '/api/account/reset-link-status',
    {
      schema: {
        tags: ['account'],
        summary:
          "Whether a reset link can still set a password (usable, used, expired or invalid, with reset-password's words for a refusal); uses nothing. The link's page asks before it shows its form",
        body: resetLinkStatusRequestSchema,
        response: { 200: resetLinkStatusSchema, ...problems },
      },
    },
    async (request) => {
      await limitLookup(request, request.body.email);
      const { email, token } = request.body;
      return db()
        .transaction()
        .execute((trx) => resetLinkStatus(trx, accountContext(app), email, token));
    },
  );

  app.post(
    '/api/account/can-log-in',
    {
      schema: {
        tags: ['account'],
        summary:
          'Whether the e-mail has an account (with the given role, if any): 200 no body, or 404; asked for a Candidate, an employer account answers 404 of type urn:careers-portal:problem:employer-account',
        body: loginCheckRequestSchema,
        response: { 200: emptyBody, 404: problemDetailsSchema, ...problems },
      },
    },
    async (request, reply) => {
      await limitLookup(request, request.body.email);
      const found = await canLogIn(db(), request.body.email, request.body.applicationRole);
      // Still the 404 of "no candidate account", typed so the candidate sign-in can send an employer to theirs.
      if (found === 'employer')
        return reply.status(404).send({
          ...problem(404, EMPLOYER_ACCOUNT_DETAIL, request.url),
          type: EMPLOYER_ACCOUNT_PROBLEM_TYPE,
        });
      if (found === 'no') throw new HttpProblem(404, 'There is no account with this e-mail address.');
      return sendEmpty(reply);
    },
  );

  app.post(
    '/api/account/resend-token',
    {
      schema: {
        tags: ['account'],
        summary: 'E-mail the confirmation link again',
        querystring: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: identityResultSchema, ...problems },
      },
    },
    async (request) => {
      await limitSending(request);
      await resendConfirmationLink(db(), accountContext(app), request.query.userId);
      return { succeeded: true, errors: [] };
    },
  );
}
