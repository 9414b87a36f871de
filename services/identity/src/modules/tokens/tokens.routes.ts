import { z } from 'zod';
import { authResponseSchema, emptyAuthResponse, refreshRequestSchema } from '@careers/contracts/identity';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireSignIn } from '@careers/server-kit/bearer-auth';
import { orProblem } from '../../lib/schemas';
import { refreshSession, signOut } from './tokens.service';

const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })) });

export async function tokenRoutes(app: App): Promise<void> {
  const db = () => app.deps.database.db;

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Public keys that verify access tokens (ES256, by kid)',
        response: { 200: jwksSchema },
      },
    },
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
      const outcome = await db()
        .transaction()
        .execute((trx) => refreshSession(trx, app.tokenContext, accessToken, refreshToken));
      if (!outcome.ok) return reply.status(400).send(emptyAuthResponse(outcome.message));
      return outcome.result;
    },
  );

  app.post(
    '/api/account/revoke',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['account'],
        summary:
          "Log out: end the caller's session (the refresh-token family of this sign-in); other devices stay signed in",
        security: bearerSecurity,
        response: { 200: authResponseSchema, 400: problemDetailsSchema, 401: problemDetailsSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await signOut(db(), app.tokenContext, { userId: user.userId, sessionId: user.sessionId }, 'this');
      return { ...emptyAuthResponse('You have been logged out.'), success: true };
    },
  );

  app.post(
    '/api/account/revoke-all',
    {
      preHandler: requireSignIn,
      schema: {
        tags: ['account'],
        summary: "Sign out of all devices: end every session of the caller's account",
        security: bearerSecurity,
        response: { 200: authResponseSchema, 400: problemDetailsSchema, 401: problemDetailsSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await signOut(db(), app.tokenContext, { userId: user.userId, sessionId: user.sessionId }, 'all');
      return { ...emptyAuthResponse('You have been signed out of all devices.'), success: true };
    },
  );
}
