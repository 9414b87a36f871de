import {
  emailChangeConfirmRequestSchema,
  emailChangeConfirmResultSchema,
  emailChangeStartRequestSchema,
  emailChangeStartResultSchema,
  pendingEmailChangeSchema,
  undoEmailChangeRequestSchema,
} from '@careers/contracts/identity';
import { identityResultSchema, problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { orProblem } from '../../lib/schemas';
import { bearerSecurity, currentUser, requireSignIn } from '@careers/server-kit/bearer-auth';
import { limitSending } from '../../plugins/limits';
import { accountContext } from '../accounts/accounts.service';
import { finishEmailChange, pendingEmailChange, requestEmailChange, takeBackAddress } from './email-change.service';

const auth = { 401: problemDetailsSchema };

/** The e-mail change (decision 0017): codes to both addresses, then a week's undo link to the old one. */
export async function emailChangeRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/api/user/email-update',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          "The caller's e-mail change that the codes can still confirm (its requestId, the new address, when the code expires), or null",
        security: bearerSecurity,
        response: { 200: pendingEmailChangeSchema, ...auth },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The answer names a pending address: no cache keeps it.
      void reply.header('cache-control', 'no-store');
      return { pending: await pendingEmailChange(db(), accountContext(app), user.userId) };
    },
  );

  app.put(
    '/api/user/email-update-initialise',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          'Start an e-mail change: one code goes to the new address and one to the current address; answers the requestId to confirm with',
        security: bearerSecurity,
        body: emailChangeStartRequestSchema,
        response: {
          200: emailChangeStartResultSchema,
          400: orProblem(emailChangeStartResultSchema),
          429: problemDetailsSchema,
          ...auth,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await limitSending(request);
      const outcome = await requestEmailChange(db(), accountContext(app), user.userId, request.body.newEmailAddress);
      if (!outcome.ok) return reply.status(400).send({ succeeded: false, requestId: null, errors: [outcome.error] });
      return { succeeded: true, requestId: outcome.requestId, errors: [] };
    },
  );

  app.put(
    '/api/user/email-update-confirm',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['user'],
        summary:
          'Finish an e-mail change with the requestId, the code sent to the new address (otp) and the one sent to the current address (currentEmailOtp); ends every other session',
        security: bearerSecurity,
        body: emailChangeConfirmRequestSchema,
        response: { 200: emailChangeConfirmResultSchema, 400: orProblem(emailChangeConfirmResultSchema), ...auth },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { requestId, otp, currentEmailOtp } = request.body;
      const outcome = await finishEmailChange(db(), accountContext(app), {
        userId: user.userId,
        sessionId: user.sessionId,
        requestId,
        otp,
        currentEmailOtp,
      });
      if (!outcome.ok) return reply.status(400).send({ succeeded: false, emailAddress: null, errors: [outcome.error] });
      return { succeeded: true, emailAddress: outcome.emailAddress, errors: [] };
    },
  );

  app.post(
    '/api/account/undo-email-change',
    {
      schema: {
        tags: ['user'],
        summary:
          'Put back the address an e-mail change replaced, with the token of the link e-mailed to it (7 days, single use); ends every session of the account',
        body: undoEmailChangeRequestSchema,
        response: { 200: identityResultSchema, 400: orProblem(identityResultSchema), 429: problemDetailsSchema },
      },
    },
    async (request, reply) => {
      await limitSending(request);
      const result = await takeBackAddress(db(), accountContext(app), request.body.token);
      if (!result.succeeded) return reply.status(400).send(result);
      return result;
    },
  );
}
