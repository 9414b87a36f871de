import { z } from 'zod';
import type { AccountEventClaims } from '@careers/contracts/identity';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
import { bearerSecurity, bearerToken } from '@careers/server-kit/bearer-auth';
import { InvalidTokenError, KeysUnavailableError } from '@careers/server-kit/bearer-auth';
import { createAccountEventVerifier } from '../auth/auth.service';
import { applyAccountEvent } from './account-events.service';

const accountEventResultSchema = z.object({
  userId: z.string(),
  candidateDeleted: z.boolean(),
  cvFilesDeleted: z.number().int(),
  jobsClosed: z.number().int(),
  /** Address notices: whether a candidate of the account took the new address or proof. */
  candidateUpdated: z.boolean().optional(),
});

export async function accountEventRoutes(app: App) {
  const verify = createAccountEventVerifier(app.config.auth);

  app.post(
    '/account-events',
    {
      schema: {
        tags: ['Account events'],
        summary:
          "The identity service's notices: an account was deleted (its data here goes too), or its address moved or was proved (the candidate takes the address and the proof)",
        description:
          "Called by the identity service only, with a short-lived token signed by its key for the audience 'careers-candidate-events' " +
          '(an access token is refused). Idempotent: a repeated notice answers 200 and removes nothing more. Files go first, ' +
          'then rows, so a failure (503) leaves the rows that name the files, and the retried notice finishes the job.',
        security: bearerSecurity,
        response: { 200: accountEventResultSchema, 401: problemDetailsSchema, 503: problemDetailsSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new HttpProblem(401, 'A signed notice is required.');
      let claims: AccountEventClaims;
      try {
        claims = await verify(token);
      } catch (err) {
        if (err instanceof InvalidTokenError) throw new HttpProblem(401, 'The notice is not valid.');
        if (err instanceof KeysUnavailableError)
          throw new HttpProblem(503, 'The notice cannot be checked right now.', { headers: { 'Retry-After': '5' } });
        throw err;
      }
      return applyAccountEvent(
        app.deps.database.db,
        app.deps.storage,
        request.log,
        claims,
        new Date(app.retention.now()),
      );
    },
  );
}
