import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { HttpProblem } from '@careers/server-kit/problem';
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

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Calls of the candidate service only (docs/decisions/0351), never of a browser: authenticated by the
 * shared INTERNAL_API_TOKEN, refused when they came through the public proxy (nginx sets X-Forwarded-For,
 * and the template answers 404 for /internal/ anyway), and 404 while no credential is set.
 */
export async function internalRoutes(app: App): Promise<void> {
  const token = app.deps.secrets.internalApiToken;
  const expected = token ? digest(token) : undefined;

  function requireService(request: FastifyRequest) {
    if (!expected || request.headers['x-forwarded-for'] !== undefined) throw new HttpProblem(404, 'Not found.');
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? digest(header.slice('Bearer '.length)) : undefined;
    if (!given || !timingSafeEqual(given, expected)) throw new HttpProblem(401, 'The service credential is not valid.');
  }

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
