import { CODE_LIFETIME_TEXT } from '@careers/contracts/limits';
import {
  deleteUserRequestSchema,
  emailPathSchema,
  userIdQuerySchema,
  userProfileSchema,
  unprovenEmailChangeRequestSchema,
  unprovenEmailChangeResultSchema,
  userUpdateRequestSchema,
} from '@careers/contracts/identity';
import { identityResultSchema, problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem } from '@careers/server-kit/problem';
import type { App } from '@careers/server-kit/http';
import { emptyBody, orProblem, sendEmpty } from '../../lib/schemas';
import { bearerSecurity, currentUser, requireSignIn } from '@careers/server-kit/bearer-auth';
import { limitCodeSendsPerClient, limitLookup, limitSending } from '../../plugins/limits';
import { accountContext } from '../accounts/accounts.service';
import { beginAccountDeletion, deleteAccount } from './account-deletion.service';
import { correctUnprovenAddress } from './unproven-email.service';
import { jobForCodeMail } from '../codes/code-job';
import { accountExists, ACCOUNT_GONE, lookUpByEmail, profileOf, updateProfile } from './users.service';

const auth = { 401: problemDetailsSchema };

export async function userRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/api/user',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary: "The caller's profile (notFound when the account was deleted)",
        security: bearerSecurity,
        response: { 200: userProfileSchema, ...auth },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return profileOf(db(), user.userId);
    },
  );

  app.put(
    '/api/user',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary: "Update the caller's name and phone",
        security: bearerSecurity,
        body: userUpdateRequestSchema,
        response: { 200: identityResultSchema, 400: orProblem(identityResultSchema), ...auth },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const updated = await updateProfile(db(), user.userId, request.body, new Date(app.deps.now()));
      if (!updated) return reply.status(400).send({ succeeded: false, errors: [ACCOUNT_GONE] });
      return { succeeded: true, errors: [] };
    },
  );

  app.put(
    '/api/user/delete-initialise',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary: `E-mail a fresh code to the caller's address; DELETE /api/user needs it (${CODE_LIFETIME_TEXT}, single use)`,
        security: bearerSecurity,
        response: {
          200: identityResultSchema,
          400: orProblem(identityResultSchema),
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await limitSending(request);
      if (!(await beginAccountDeletion(db(), app.codeContext, user.userId)))
        return reply.status(400).send({ succeeded: false, errors: [ACCOUNT_GONE] });
      return { succeeded: true, errors: [] };
    },
  );

  app.delete(
    '/api/user',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          "Delete the caller's own account (userId must be the caller's id: any other id answers 404) with the code from PUT /api/user/delete-initialise in the body, and end its sessions",
        security: bearerSecurity,
        querystring: userIdQuerySchema,
        // Optional so that SPEC's bodiless call is answered with the identity result shape, not a validation problem.
        body: deleteUserRequestSchema.partial().nullish(),
        response: {
          200: identityResultSchema,
          400: orProblem(identityResultSchema),
          404: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Another user's id is answered as if it did not exist: no one learns which ids are real.
      if (request.query.userId !== user.userId) throw new HttpProblem(404, 'There is no such account.');
      const outcome = await deleteAccount(db(), app.codeContext, user.userId, request.body?.code);
      if (outcome) return reply.status(400).send({ succeeded: false, errors: [outcome] });
      return { succeeded: true, errors: [] };
    },
  );

  app.get(
    '/api/user/email-exists/:email',
    {
      schema: {
        tags: ['user'],
        summary: 'Whether an account uses this e-mail address: 200 no body, or 404 (rate limited)',
        params: emailPathSchema,
        response: { 200: emptyBody, 400: problemDetailsSchema, 404: problemDetailsSchema, 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await limitLookup(request, request.params.email);
      if (!(await accountExists(db(), request.params.email)))
        throw new HttpProblem(404, 'There is no account with this e-mail address.');
      return sendEmpty(reply);
    },
  );

  app.get(
    '/api/user/userid-by-email/:email',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          'The account id and roles for an e-mail address (signed-in callers only; name and phone are not disclosed)',
        security: bearerSecurity,
        params: emailPathSchema,
        response: {
          200: userProfileSchema,
          400: problemDetailsSchema,
          404: problemDetailsSchema,
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await limitLookup(request, request.params.email);
      const profile = await lookUpByEmail(db(), user.userId, request.params.email);
      if (!profile) throw new HttpProblem(404, 'There is no account with this e-mail address.');
      return profile;
    },
  );

  app.put(
    '/api/user/unproven-email',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          "Move the caller's new candidate account to a corrected address while its address was never proved (no code entered, no link followed); a new sign-in code goes there and the old one dies; answers an access token carrying the new address (the refresh token stays)",
        security: bearerSecurity,
        body: unprovenEmailChangeRequestSchema,
        response: {
          200: unprovenEmailChangeResultSchema,
          400: orProblem(unprovenEmailChangeResultSchema),
          403: problemDetailsSchema,
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await limitSending(request);
      const { email: newEmail, jobId } = request.body;
      const ctx = {
        ...accountContext(app),
        tokens: app.tokenContext,
        confirmationLinkDelayMs: app.config.confirmationLinkDelayMs,
      };
      const outcome = await correctUnprovenAddress(
        db(),
        ctx,
        { userId: user.userId, sessionId: user.sessionId },
        newEmail,
        () => limitCodeSendsPerClient(request, newEmail),
        () => (jobId ? jobForCodeMail(app.config.candidateJobUrl, jobId, request.log) : Promise.resolve(null)),
      );
      if (!outcome.ok)
        return reply.status(400).send({ succeeded: false, errors: [outcome.error], email: null, accessToken: null });
      return { succeeded: true, errors: [], email: outcome.email, accessToken: outcome.accessToken };
    },
  );
}
