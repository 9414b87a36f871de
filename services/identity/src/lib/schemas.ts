import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** SPEC §7's "200 no body": the route answers with an empty body; documented as such. */
export const emptyBody = z.null().describe('No body');

/** Answers 200 with an empty body (no serialization: the payload is absent, not JSON null). */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.status(200).send(undefined as never);
}
