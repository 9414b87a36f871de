import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { problemDetailsSchema } from '@careers/contracts/errors';

/** product.md §7's "200 no body": the route answers with an empty body; documented as such. */
export const emptyBody = z.null().describe('No body');

/** Answers 200 with an empty body (no serialization: the payload is absent, not JSON null). */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.status(200).send(undefined as never);
}

/**
 * A status the spec answers in a result shape (registration result, identity result…) is also the status
 * of a malformed request, which the shared error handler answers as problem details (their `errors`
 * list carries the field messages, so a client reading errors[0] works with both).
 */
export function orProblem<T extends z.ZodType>(schema: T) {
  return z.union([schema, problemDetailsSchema]);
}
