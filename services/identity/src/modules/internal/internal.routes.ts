import { z } from 'zod';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { serviceCredentialCheck } from '@careers/server-kit/service-credential';
import { endSessionsForTeamRemoval } from '../tokens/tokens.service';

const teamRemovalSchema = z.object({
  /** The candidate service's id of the removal: the same on every retry (logged, nothing more). */
  removalId: z.uuid(),
  userId: z.uuid(),
  /** When the owner removed the member (ISO 8601): sessions begun after it stay. */
  removedAt: z.iso.datetime({ offset: true }),
});

const teamRemovalResultSchema = z.object({
  outcome: z.enum(['ended', 'no-account', 'candidate-account']),
  sessionsEnded: z.number().int(),
});

/**
 * Calls of the candidate service only (docs/decisions/0351), never of a browser: authenticated by the
 * shared INTERNAL_API_TOKEN, refused when they came through the public proxy (nginx sets X-Forwarded-For,
 * and the template answers 404 for /internal/ anyway), and 404 while no credential is set.
 */
export async function internalRoutes(app: App): Promise<void> {
  const requireService = serviceCredentialCheck(app.deps.secrets.internalApiToken);

  app.post(
    '/internal/team-removals',
    {
      onRequest: async (request) => requireService(request),
      schema: {
        tags: ['internal'],
        summary:
          'The candidate service: an owner removed this employer account from its business; the sessions open at that moment end',
        description:
          'Service credential (INTERNAL_API_TOKEN) as a bearer token; not reachable through the public proxy. ' +
          'Idempotent. A candidate account keeps its sessions (decision 0351).',
        body: teamRemovalSchema,
        response: { 200: teamRemovalResultSchema, 401: problemDetailsSchema, 404: problemDetailsSchema },
      },
    },
    async (request) => {
      const { userId, removedAt, removalId } = request.body;
      const result = await endSessionsForTeamRemoval(
        app.deps.database.db,
        app.tokenContext,
        userId,
        new Date(removedAt),
      );
      request.log.info({ userId, removalId, ...result }, 'team removal: sessions ended');
      return result;
    },
  );
}
