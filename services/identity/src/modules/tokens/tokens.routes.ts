import { z } from 'zod';
import { authResponseSchema, emptyAuthResponse, refreshRequestSchema } from '@careers/contracts/identity';
import { problemDetailsSchema } from '@careers/contracts/errors';
import { HttpProblem } from '@careers/server-kit/problem';
import type { App } from '@careers/server-kit/http';
import { authenticate, bearerSecurity } from '../../plugins/authenticate';
import { orProblem } from '../../lib/schemas';
import { refreshSession } from './tokens.service';
import { revokeAllForUser } from './tokens.repository';
import { findUserById } from '../users/users.repository';

const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })) });

export async function tokenRoutes(app: App): Promise<void> {
  app.get(
    '/.well-known/jwks.json',
    { schema: { tags: ['tokens'], summary: 'Public keys that verify access tokens (ES256, by kid)', response: { 200: jwksSchema } } },
    async (_request, reply) => {
      // Short enough that a newly added key is picked up soon; verifiers refetch on an unknown kid.
      reply.header('cache-control', 'public, max-age=300, stale-while-revalidate=60');
      return { keys: app.deps.keys.publicJwks.map((k) => ({ ...k, kty: k.kty ?? 'EC' })) };
    },
  );

  app.post(
    '/api/account/refresh',
    {
      schema: {
        tags: ['account'],
        summary: 'Rotate the refresh token; the (possibly expired) access token must belong to the same user',
        body: refreshRequestSchema,
        response: { 200: authResponseSchema, 400: orProblem(authResponseSchema) },
      },
    },
    async (request, reply) => {
      const { accessToken, refreshToken } = request.body;
      const outcome = await app.deps.database.db.transaction().execute((trx) => refreshSession(trx, app.tokenContext, accessToken, refreshToken));
      if (!outcome.ok) return reply.status(400).send(emptyAuthResponse(outcome.message));
      return outcome.result;
    },
  );

  app.post(
    '/api/account/revoke',
    {
      schema: {
        tags: ['account'],
        summary: "Log out: end every refresh token of the caller's account",
        security: bearerSecurity,
        response: { 200: authResponseSchema, 400: problemDetailsSchema, 401: problemDetailsSchema },
      },
    },
    async (request) => {
      const claims = await authenticate(request);
      const db = app.deps.database.db;
      const user = await findUserById(db, claims.sub);
      if (!user) throw new HttpProblem(400, 'The account no longer exists.');
      await revokeAllForUser(db, user.id, new Date(app.deps.now()));
      return { ...emptyAuthResponse('You have been logged out.'), success: true };
    },
  );
}
